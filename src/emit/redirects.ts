/**
 * Redirects: site.yaml's `redirects` and every page's `aliases`, as the
 * files that carry them to each kind of host:
 * - `_redirects` (Netlify, Cloudflare Pages; `sitegen serve` and `dev` read
 *   it too), one line per path, before the fallback's catch-all, forced with
 *   `!` so that the page below wins over nothing;
 * - `_redirects.nginx`, `location = PATH { return 301 TO; }` per path, for
 *   the server block (docs/deploying.md);
 * - a small page at each old path (`old.html`) that sends the browser on
 *   with `<meta http-equiv="refresh">` and names the new page as canonical,
 *   for hosts that read no rules (GitHub Pages, a bucket).
 * A loop, or two redirects from one path, is an error at the files that
 * make them.
 */
import { SiteError, throwIfAny } from '../errors.ts';
import { escapeHtml } from '../escape.ts';
import { NOT_FOUND_ROUTE, outputPathOf } from '../output-path.ts';
import { pageLink } from '../base-path.ts';
import type { PageSummary, SiteInfo } from '../model.ts';
import { fallbackRedirects } from '../i18n.ts';

export { NOT_FOUND_ROUTE };

export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302;
  /** The content file that asks for it: site.yaml, or the page whose alias it is. */
  file: string;
}

const SITE_FILE = 'content/site.yaml';

/** The nginx snippet of the site's redirects, included in the server block (docs/deploying.md). */
export const NGINX_REDIRECTS = '_redirects.nginx';

/** Every redirect of the site, checked as a whole: no path redirected twice, no loop. */
export function redirectsOf(site: SiteInfo, pages: readonly Pick<PageSummary, 'route' | 'file' | 'aliases' | 'item'>[]): Redirect[] {
  const rules: Redirect[] = Object.entries(site.redirects ?? {}).map(([from, rule]) => ({
    from, ...(typeof rule === 'string' ? { to: rule, status: 301 as const } : rule), file: SITE_FILE,
  }));
  for (const page of pages) for (const alias of page.aliases ?? []) rules.push({ from: alias, to: page.route, status: 301, file: page.file });
  // A language's missing pages go to the default language's (src/i18n.ts), unless a redirect of the site's own says otherwise.
  const own = new Set(rules.map((rule) => rule.from));
  const contentRoutes = pages.filter((page) => page.item !== undefined && page.route !== NOT_FOUND_ROUTE).map((page) => page.route);
  for (const rule of fallbackRedirects(site, contentRoutes, new Set(pages.map((page) => page.route)))) {
    if (!own.has(rule.from)) rules.push({ ...rule, status: 302, file: SITE_FILE });
  }
  const errors: SiteError[] = [];
  const byPath = new Map<string, Redirect>();
  for (const rule of rules) {
    const first = byPath.get(rule.from);
    if (!first) {
      byPath.set(rule.from, rule);
      continue;
    }
    const files = first.file === rule.file ? first.file : `${first.file} and ${rule.file}`;
    errors.push(new SiteError('redirect', `${rule.from} is redirected twice, to ${first.to} and to ${rule.to} (${files})`, {
      location: { file: rule.file }, hint: 'keep one of the two: a path can go to one place',
    }));
  }
  const loops = new Set<string>();
  for (const rule of byPath.values()) {
    const chain = [rule.from];
    for (let next = byPath.get(rule.to); next; next = byPath.get(next.to)) {
      const start = chain.indexOf(next.from);
      if (start >= 0) {
        // A loop is met from each of its paths (and from paths that lead into it): report it once.
        const loop = chain.slice(start);
        const key = [...loop].sort().join(' ');
        if (!loops.has(key)) {
          loops.add(key);
          errors.push(new SiteError('redirect', `the redirects ${[...loop, next.from].join(' → ')} go round in a loop`, {
            location: { file: byPath.get(loop[0])!.file }, hint: 'point one of them at a page that exists',
          }));
        }
        break;
      }
      chain.push(next.from);
    }
  }
  throwIfAny(errors);
  return [...byPath.values()].sort((a, b) => a.from.localeCompare(b.from));
}

/** The addresses a redirect answers at and points to, as the site writes its links (base path, trailing slash). */
function addresses(site: SiteInfo, rule: Redirect): { from: string[]; to: string } {
  const from = site.basePath + rule.from;
  const slashed = site.trailingSlash === 'always' && rule.from !== '/' && !rule.from.endsWith('/') ? [from, `${from}/`] : [from];
  return { from: slashed, to: pageLink(site, rule.to) };
}

/** The `_redirects` lines (before any catch-all), forced so that the page left at the old path does not shadow them. */
export function redirectLines(site: SiteInfo, rules: readonly Redirect[]): string[] {
  return rules.flatMap((rule) => {
    const { from, to } = addresses(site, rule);
    return from.map((path) => `${path}  ${to}  ${rule.status}!`);
  });
}

/** The nginx snippet: an exact location per old path, to include in the server block. */
export function nginxRedirects(site: SiteInfo, rules: readonly Redirect[]): string {
  const lines = rules.flatMap((rule) => {
    const { from, to } = addresses(site, rule);
    return from.map((path) => `location = ${nginxQuote(path)} { return ${rule.status} ${nginxQuote(to)}; }`);
  });
  return ['# The site\'s redirects (content/site.yaml `redirects`, pages\' `aliases`): include this file in the', '# server block (docs/deploying.md) and reload nginx after each build.', ...lines, ''].join('\n');
}

/** A path for nginx's configuration, quoted (validation keeps quotes, backslashes, $ and braces out of redirects). */
function nginxQuote(text: string): string {
  return `"${text}"`;
}

/** The page left at each old path, for hosts that read no rules: it sends the browser on and names the new page as canonical. */
export function redirectPages(site: SiteInfo, rules: readonly Redirect[]): Map<string, string> {
  const pages = new Map<string, string>();
  for (const rule of rules) {
    // A path with an extension (/old.pdf) cannot be an HTML page: only the rules carry it.
    if (/\.[^/]*$/.test(rule.from)) continue;
    const { to } = addresses(site, rule);
    const absolute = new URL(to, site.url).href;
    pages.set(outputPathOf(rule.from, site.trailingSlash), `<!DOCTYPE html><html lang="${escapeHtml(site.lang)}"><head><meta charset="utf-8">`
      + `<meta name="viewport" content="width=device-width, initial-scale=1">`
      + `<meta http-equiv="refresh" content="0; url=${escapeHtml(to)}"><meta name="robots" content="noindex">`
      + `<link rel="canonical" href="${escapeHtml(absolute)}"><title>Moved | ${escapeHtml(site.name)}</title></head>`
      + `<body><main><h1>This page has moved</h1><p><a href="${escapeHtml(to)}">Go to its new address</a>.</p></main></body></html>\n`);
  }
  return pages;
}
