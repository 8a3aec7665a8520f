/**
 * The files the emit stage writes beside the pages: the redirects and the
 * fallback for unknown paths (404.html, _redirects, the nginx snippet, a
 * page at each old path), and the bundle. The response headers are a policy
 * the integrations are handed (./security-headers.ts), which the built-in
 * headers integration writes for hosts, as built-in integrations write the
 * sitemap and robots.txt (src/integrations/).
 */
import { escapeHtml } from '../escape.ts';
import type { PageSummary, SiteInfo } from '../model.ts';
import { headerRules, type HeaderRule } from './security-headers.ts';
import { NGINX_REDIRECTS, NOT_FOUND_ROUTE, nginxRedirects, redirectLines, redirectPages, redirectsOf } from './redirects.ts';
import type { CspSources, OutputFile } from '../integrations/api.ts';

/** Files to write: each one's path under the output folder, and its contents or the file on disk it is a copy of. */
export type OutputFiles = Map<string, OutputFile>;

/** What the site files need of each page; `lastmod` (ISO 8601) comes from its content file's history. */
export type SitemapPage = Pick<PageSummary, 'route' | 'sitemap' | 'file' | 'aliases' | 'item'> & { lastmod?: string };

export { NOT_FOUND_ROUTE };

/** Everything a build writes besides the pages and public/: the files below and the bundle's (URL path → contents). */
export function siteFiles(site: SiteInfo, pages: readonly SitemapPage[], bundleFiles: ReadonlyMap<string, Uint8Array>): OutputFiles {
  const files = renderSiteFiles(site, pages);
  for (const [url, contents] of bundleFiles) files.set(url.slice(1), contents);
  return files;
}

/**
 * The site's response headers: the policy its pages need (their inline scripts' hashes, and what the integrations
 * add), for the integrations' `files` hook.
 */
export function siteHeaders(site: SiteInfo, inlineScriptHashes: readonly string[], integrations: IntegrationPolicy = NO_INTEGRATION_POLICY): HeaderRule[] {
  return headerRules(site, [...inlineScriptHashes, ...integrations.inline.scripts], integrations.sources, integrations.inline.styles);
}

/** The files beside the pages: the fallback for unknown paths and the redirects, for hosts and nginx. */
export function renderSiteFiles(site: SiteInfo, pages: readonly SitemapPage[]): OutputFiles {
  const files: OutputFiles = new Map();
  const base = site.basePath;
  const redirects = redirectsOf(site, pages);
  // The redirects first: a host applies the first rule that matches, and the catch-all matches everything.
  const redirectRules = redirectLines(site, redirects);
  if (site.fallback === 'redirect') {
    files.set('404.html', redirectingNotFoundPage(site.lang, site.name, `${base}/`));
    // Netlify-style hosts: send every unknown path to the home page. `sitegen serve` reads this rule too.
    redirectRules.push(`${base}/*  ${base}/  302`);
  } else if (!pages.some((page) => page.route === NOT_FOUND_ROUTE)) {
    // Without a rule, Netlify, Cloudflare Pages and GitHub Pages answer an unknown path with 404.html and status 404.
    files.set('404.html', plainNotFoundPage(site.lang, site.name, `${base}/`));
  }
  if (redirectRules.length > 0) files.set('_redirects', redirectRules.map((rule) => `${rule}\n`).join(''));
  // Written even when empty, so that the nginx recipe's include never names a missing file.
  files.set(NGINX_REDIRECTS, nginxRedirects(site, redirects));
  for (const [file, html] of redirectPages(site, redirects)) files.set(file, html);
  return files;
}

/** What integrations add to the policy: their declared sources, and the hashes of the inline code they put in heads. */
export interface IntegrationPolicy {
  sources: CspSources;
  inline: { scripts: readonly string[]; styles: readonly string[] };
}

const NO_INTEGRATION_POLICY: IntegrationPolicy = { sources: {}, inline: { scripts: [], styles: [] } };


function redirectingNotFoundPage(lang: string, siteName: string, home: string): string {
  return `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta http-equiv="refresh" content="0; url=${escapeHtml(home)}"><meta name="robots" content="noindex">`
    + `<title>Page not found | ${escapeHtml(siteName)}</title><link rel="canonical" href="${escapeHtml(home)}"></head>`
    + `<body><main><h1>Page not found</h1><p>This page does not exist. <a href="${escapeHtml(home)}">Go to the home page</a>.</p></main></body></html>\n`;
}

/** For a site with fallback `not-found` and no page of its own at /404. */
function plainNotFoundPage(lang: string, siteName: string, home: string): string {
  return `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">`
    + `<title>Page not found | ${escapeHtml(siteName)}</title></head>`
    + `<body><main><h1>Page not found</h1><p>This page does not exist. <a href="${escapeHtml(home)}">Go to the home page</a>.</p></main></body></html>\n`;
}
