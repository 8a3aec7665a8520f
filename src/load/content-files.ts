/**
 * The load stage's one reader of content: which files are content, the
 * route each becomes, and reading and parsing one. `build`, `dev` and
 * `check` all read content through here, so they accept the same files.
 */
import path from 'node:path';
import { GENERATED_PAGES, GENERATED_PREFIX, generatedPageOf } from '../generated-pages.ts';
import { SiteError, throwIfAny } from '../errors.ts';
import { listSiteFolder, readSiteText } from '../site-reader.ts';
import { listFiles, toPosix } from '../files.ts';
import { PAGES_DIR, perPageList } from '../paths.ts';
import { parseContentFile, type RawDoc } from './parse.ts';
import { DATA_DIR, dataNameOf, isDataFile } from '../data-files.ts';

export { DATA_DIR, dataNameOf, isDataFile };

export const SITE_FILE = 'content/site.yaml';
export { PAGES_DIR };
/**
 * content/data/'s files, read and parsed; one that cannot be is an error in
 * the list, not thrown, so that every broken file is reported at once. Two
 * files of one name (logos.yaml and logos.json) are an error too.
 */
export function readDataFiles(root: string): { docs: RawDoc[]; errors: SiteError[] } {
  const listed = listSiteFolder(root, 'content', 'data', { recursive: false });
  const names = listed.files.filter(isDataFile);
  const docs: RawDoc[] = [];
  const errors: SiteError[] = [...listed.errors];
  const seen = new Map<string, string>();
  for (const name of names) {
    const file = `${DATA_DIR}/${name}`;
    const key = dataNameOf(name);
    const first = seen.get(key);
    if (first) {
      errors.push(new SiteError('data', `${first} and ${file} are both the data named ${key}`, { location: { file }, hint: 'keep one of the two files' }));
      continue;
    }
    seen.set(key, file);
    try {
      docs.push(readContentFile(root, file).doc);
    } catch (error) {
      errors.push(asSiteError(error, file));
    }
  }
  return { docs, errors };
}

const CONTENT_FILE = /\.(ya?ml|md|markdown)$/i;

/** Whether a path under content/pages/ is a page: YAML or Markdown, no dotfile (an editor's swap file), nothing else (notes.txt). */
export function isPageFile(relative: string): boolean {
  return CONTENT_FILE.test(relative) && !relative.split('/').some((segment) => segment.startsWith('.'));
}

/** The page files under content/pages/, relative to it, in code-unit order; then the pages integrations made. */
export function listPageFiles(root: string): string[] {
  return listPagesFolder(root).pages;
}

/** What content/pages/ holds, in one walk: its page files, and the files of the pages' bundles (address → path from the root). */
export interface PagesFolder {
  pages: string[];
  bundles: Map<string, string>;
}

/**
 * content/pages/ in one walk: its page files (then the pages integrations
 * made), and the other files beside them, a page's bundle (Hugo's page
 * bundles): `news/my-post/photo.jpg` beside `news/my-post/index.md` is the
 * address /news/my-post/photo.jpg to the pages, and reaches the output only
 * as what a page makes of it (an image's variants, a linked file's copy).
 * `known`: the folder as a walk found it already, when nothing was added to it or removed since (dev's watcher
 * says so); the integrations' pages are listed afresh. `folder` in the answer is what the walk found, for the next.
 */
export function listPagesFolder(root: string, known?: PagesFolder): PagesFolder & { folder: PagesFolder } {
  const folder = known ?? walkPagesFolder(root);
  const generated = listFiles(path.join(root, GENERATED_PAGES)).filter((file) => CONTENT_FILE.test(file)).map((file) => GENERATED_PREFIX + toPosix(file));
  return { pages: generated.length > 0 ? [...folder.pages, ...generated] : folder.pages, bundles: folder.bundles, folder };
}

function walkPagesFolder(root: string): PagesFolder {
  const pages: string[] = [];
  const bundles = new Map<string, string>();
  const listed = listSiteFolder(root, 'content', 'pages');
  // A name with a line break or another control character makes an address no link, sitemap or feed can hold as it is.
  const unprintable = listed.files.filter((file) => /[\u0000-\u001f\u007f-\u009f]/u.test(file)).map((file) => new SiteError('content',
    `${JSON.stringify(`${PAGES_DIR}/${file}`)} has a control character (a line break, a tab) in its name, which no address can hold`, {
      location: { file: `${PAGES_DIR}/${file}` }, hint: 'rename the file with letters, digits, - and _ only',
    }));
  throwIfAny([...listed.errors, ...unprintable]);
  for (const file of listed.files) {
    const relative = toPosix(file);
    if (isPageFile(relative)) pages.push(file);
    else bundles.set(`/${relative}`, `${PAGES_DIR}/${relative}`);
  }
  return { pages, bundles };
}

/** The page files' routes (routeOf), in the list's order, made once per list. */
export const routesOf = perPageList((pageFiles) => pageFiles.map(routeOf));

/** `index.yaml` → `/`, `about.yaml` → `/about`, `legal/index.md` → `/legal`; an integration's page by its path in its folder. */
export function routeOf(relative: string): string {
  let route = routes.get(relative);
  if (route === undefined) {
    const own = generatedPageOf(relative)?.inside ?? relative;
    const withoutExt = toPosix(own.replace(CONTENT_FILE, ''));
    route = '/' + (withoutExt === 'index' ? '' : withoutExt.replace(/\/index$/, ''));
    // A route depends on the file's name alone: a dev session asks for the same 5,000 on every rebuild.
    if (routes.size >= ROUTES_KEPT) routes.clear();
    routes.set(relative, route);
  }
  return route;
}

const routes = new Map<string, string>();
const ROUTES_KEPT = 200_000;

/**
 * One error per route that more than one file claims (`careers.md`,
 * `careers.yaml` and `careers/index.yaml` are all /careers), naming every
 * one of them: otherwise the last one read would silently win.
 */
export const duplicateRouteErrors = perPageList(findDuplicateRoutes);

function findDuplicateRoutes(relativeFiles: readonly string[]): SiteError[] {
  const byRoute = new Map<string, string[]>();
  for (const relative of relativeFiles) {
    // Two names that differ only in Unicode normalisation (é as one code point, or e and an accent) look alike in
    // every address bar: one route, named by both files.
    const plain = routeOf(relative);
    const route = /[^\u0000-\u007f]/.test(plain) ? plain.normalize('NFC') : plain;
    const files = byRoute.get(route);
    if (files) files.push(relative);
    else byRoute.set(route, [relative]);
  }
  const errors: SiteError[] = [];
  for (const [route, files] of byRoute) {
    if (files.length < 2) continue;
    const named = files.map((relative) => `${PAGES_DIR}/${relative}`).sort();
    errors.push(new SiteError('duplicate-route', `${route} comes from ${files.length} files: ${named.join(', ')}`, {
      location: { file: named[0] },
      hint: `a route comes from one file: keep one of them, and rename or remove the other${files.length > 2 ? 's' : ''}`,
    }));
  }
  return errors;
}

/** The error of a site with no page at all. */
export function noPagesError(): SiteError {
  return new SiteError('no-pages', 'no page content found', {
    location: { file: PAGES_DIR }, hint: 'add a YAML or Markdown file per route, for example content/pages/index.yaml for /',
  });
}

/** One page file (by its path under content/pages/), read and parsed, with its route; a SiteError when it cannot be. */
export function readPageFile(root: string, relative: string): { doc: RawDoc; source: string } {
  const file = `${PAGES_DIR}/${relative}`;
  const { doc, source } = readContentFile(root, file);
  doc.route = routeOf(relative);
  return { doc, source };
}

/** content/site.yaml, parsed; a SiteError when it is missing or broken. */
export function readSiteFile(root: string): RawDoc {
  return readContentFile(root, SITE_FILE).doc;
}

function readContentFile(root: string, file: string): { doc: RawDoc; source: string } {
  let source: string;
  try {
    source = readSiteText(root, file);
  } catch (error) {
    if (error instanceof SiteError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new SiteError('missing-file', 'file not found', { location: { file }, cause: error });
    throw new SiteError('unreadable', `cannot read this file: ${(error as Error).message}`, { location: { file }, cause: error });
  }
  return { doc: parseContentFile(file, source), source };
}

/** A content file's error as a SiteError at that file (an unexpected one, say a read that failed oddly, is `unreadable`). */
export function asSiteError(error: unknown, file: string): SiteError {
  return error instanceof SiteError ? error
    : new SiteError('unreadable', `cannot read this file: ${(error as Error).message}`, { location: { file }, cause: error });
}
