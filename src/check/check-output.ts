/**
 * `sitegen check`: the build's own road (src/pipeline.ts) over the content,
 * validating every page and writing nothing; then the built output checked
 * as a whole: every internal link, image, video and script in its HTML
 * resolves to a file.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../pipeline.ts';
import { PAGES_DIR, listPageFiles, routeOf } from '../load/content-files.ts';
import { listFiles, toPosix } from '../files.ts';
import { SiteError, throwIfAny } from '../errors.ts';
import { integrationSite } from '../pipeline/integrations.ts';
import { unescapeHtml } from '../escape.ts';
import { resolvedFrom } from '../base-path.ts';
import { checkExternalLinks, externalLinksOf, type ExternalLinkOptions, type ExternalReport } from './external-links.ts';
import { imageFormatOf, isWholeImage } from '../template-api/image-facts.ts';
import { checkInBrowser, pagesToOpen, type BrowserCheckOptions, type BrowserProblem } from './browser-check.ts';

export interface CheckReport {
  pages: number;
  references: number;
  /** `page.html: href="/nope" does not resolve`, one per broken reference. */
  problems: string[];
  /** With `external`: the links to other sites, and the broken ones. */
  external?: ExternalReport;
  /** With `browser`: what went wrong on each page in Chromium (none when nothing did). */
  browser?: BrowserProblem[];
}

// Case-insensitive, as HTML is: React writes `srcSet`.
const REFERENCE = /\s(href|src|poster|srcset|content)="([^"]*)"/gi;

/** Validates the content, then checks that every internal reference in the built HTML resolves to a file. */
export async function checkSite(
  root: string, outDir: string, options: { external?: ExternalLinkOptions | boolean; browser?: BrowserCheckOptions | boolean } = {},
): Promise<CheckReport> {
  // Every page validated afresh (no cache): a check must not trust a page for being unchanged.
  const { model, hooks } = await buildSite({ root, outDir, output: 'none', cache: false });
  // The built HTML carries the base path (`/docs/about`); the files in the output do not.
  const base = model.site.basePath;

  // The output's files, listed once for the pages, the images and the integrations.
  const outputFiles = listFiles(outDir).map(toPosix);
  const htmlFiles = outputFiles.filter((file) => file.endsWith('.html'));
  if (htmlFiles.length === 0) {
    throw new SiteError('check', `no HTML in ${outDir}`, { hint: 'run `sitegen build` first' });
  }
  const problems: string[] = [];
  let references = 0;
  const exists = new Map<string, Promise<string | undefined>>();
  const resolves = (url: string) => {
    if (!exists.has(url)) exists.set(url, resolveTarget(outDir, url));
    return exists.get(url)!;
  };
  const pages: { file: string; html: string }[] = [];
  // The ids of each page (what a fragment can name), and the links with a fragment, checked once every page is read.
  const ids = new Map<string, Set<string>>();
  const fragments: { file: string; written: string; target: string; fragment: string }[] = [];
  for (const file of htmlFiles) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    if (options.external) pages.push({ file, html });
    ids.set(file, new Set([...html.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((match) => unescapeHtml(match[1]))));
    for (const [, attribute, value] of html.matchAll(REFERENCE)) {
      const urls = attribute.toLowerCase() === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0])
        : attribute.toLowerCase() === 'content' ? [] : [value];
      for (const raw of urls) {
        const written = unescapeHtml(raw);
        const fragment = attribute.toLowerCase() === 'href' && /#./.test(written) ? written.slice(written.indexOf('#') + 1) : undefined;
        // A place on this page: its id must be there.
        if (fragment !== undefined && written.startsWith('#')) fragments.push({ file, written, target: file, fragment });
        // Another host, another scheme, or a place on this page: not a file of the build.
        if (written === '' || written.startsWith('#') || written.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(written)) continue;
        // A relative address as the browser resolves it, from the address the page is served at.
        const url = written.startsWith('/') ? written : resolvedFrom(servedAt(file, base), written);
        references++;
        const inside = !base ? url : url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`) || url.startsWith(`${base}#`) ? url.slice(base.length) || '/' : undefined;
        if (inside === undefined) problems.push(`${file}: ${attribute}="${url}" is outside the base path ${base}`);
        else {
          const target = await resolves(inside);
          if (target === undefined) {
            problems.push(`${file}: ${attribute}="${written}"${written === url ? '' : ` (${url} from ${servedAt(file, base)})`} does not resolve to a file in the build`);
          } else if (fragment !== undefined && target.endsWith('.html')) {
            fragments.push({ file, written, target, fragment });
          }
        }
      }
    }
  }
  // A link to a place on a page (`/docs/setup#install`) needs that place: an id (or a named anchor) of the page.
  for (const { file, written, target, fragment } of fragments) {
    references++;
    let name = fragment;
    try {
      name = decodeURIComponent(fragment);
    } catch {
      // A malformed escape: the fragment as written.
    }
    // `#top` is the page's top in every browser, and a text fragment (`#:~:text=`) is no id.
    if (name === 'top' || name.startsWith(':~:') || ids.get(target)?.has(name)) continue;
    problems.push(`${file}: href="${written}" leads to no place on ${target === file ? 'this page' : target}: it has no id "${name}"`);
  }
  // Every image the build wrote must read as what its name says, whole: a variant cut short (a damaged cache, a full
  // disk) resolves as a file and still shows nothing.
  for (const file of outputFiles.filter((name) => /\.(png|jpe?g|webp|avif|gif)$/i.test(name))) {
    const format = imageFormatOf(file);
    if (!isWholeImage(await readFile(path.join(outDir, file)), format)) problems.push(`${file}: cannot be read as a whole ${format.toUpperCase()} image`);
  }
  // What the integrations wrote, checked by each (the agents' llms.txt and manifest hold addresses of the site).
  const origin = new URL(model.site.url).origin;
  const hookErrors: SiteError[] = [];
  problems.push(...await hooks!.check({
    site: integrationSite(model.site),
    files: outputFiles,
    readOutput: (file) => (file.split('/').includes('..') ? Promise.resolve(undefined) : readFile(path.join(outDir, file.replace(/^\/+/, '')), 'utf8').catch(() => undefined)),
    resolves: async (address) => {
      const url = URL.parse(address, origin);
      if (!url || url.origin !== origin) return false;
      references++;
      const inside = !base ? url.pathname : url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : undefined;
      return inside !== undefined && (await resolves(inside)) !== undefined;
    },
  }, hookErrors));
  throwIfAny(hookErrors);
  const browser = options.browser
    ? await checkInBrowser(outDir, await pagesToOpen(outDir, htmlFiles, (file) => servedAt(file, base),
      new Map((await listPageFiles(root)).map((file) => [base + routeOf(file), `${PAGES_DIR}/${toPosix(file)}`]))),
      options.browser === true ? {} : options.browser)
    : undefined;
  if (!options.external) return { pages: htmlFiles.length, references, problems, ...(browser ? { browser } : {}) };
  const links = externalLinksOf(pages, new URL(model.site.url).origin);
  const sources = new Map<string, string>();
  for (const file of ['content/site.yaml', ...listFiles(path.join(root, 'content', 'pages')).map((page) => `content/pages/${page}`)]) {
    sources.set(file, await readFile(path.join(root, file), 'utf8').catch(() => ''));
  }
  const external = await checkExternalLinks(root, links, sources, options.external === true ? {} : options.external);
  return { pages: htmlFiles.length, references, problems, external, ...(browser ? { browser } : {}) };
}

/** The address a static host serves an HTML file at: `blog/post/index.html` at /blog/post/, `blog/post.html` at /blog/post. */
function servedAt(file: string, base: string): string {
  const posix = toPosix(file);
  if (posix === 'index.html') return `${base}/`;
  return `${base}/${posix.endsWith('/index.html') ? posix.slice(0, -'index.html'.length) : posix.replace(/\.html$/, '')}`;
}


/**
 * How a static host maps a URL to a file: the file itself, NAME.html, or NAME/index.html. The file found, as a path
 * in the output (a page's, when a fragment names a place in it), or undefined.
 */
async function resolveTarget(outDir: string, url: string): Promise<string | undefined> {
  const pathname = decodeURIComponent(url.replace(/[?#].*$/, ''));
  const base = path.join(outDir, pathname);
  if (!base.startsWith(outDir)) return undefined;
  const candidates = pathname.endsWith('/') ? [path.join(base, 'index.html')] : [base, `${base}.html`, path.join(base, 'index.html')];
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return toPosix(path.relative(outDir, candidate));
  }
  return undefined;
}

