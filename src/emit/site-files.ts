/**
 * The files the emit stage writes beside the pages: the fallback for unknown
 * paths (404.html, _redirects), the headers for hosts and nginx, the sitemap
 * and robots.txt.
 */
import { escapeHtml } from '../escape-html.ts';
import type { PageInfo, SiteInfo } from '../model.ts';
import { formatHeadersFile, formatNginxSnippets, headerRules } from './security-headers.ts';

/** A file to write: its path under the output folder and its contents. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** Everything a build writes besides the pages and public/: the files below and the bundle's (URL path → contents). */
export function siteFiles(
  site: SiteInfo, pages: readonly Pick<PageInfo, 'route' | 'sitemap'>[], inlineScriptHashes: readonly string[],
  bundleFiles: ReadonlyMap<string, Uint8Array>,
): OutputFiles {
  const files = renderSiteFiles(site, pages, inlineScriptHashes);
  for (const [url, contents] of bundleFiles) files.set(url.slice(1), contents);
  return files;
}

/** The files beside the pages: the fallback for unknown paths, the headers for hosts and nginx, the sitemap and robots.txt. */
export function renderSiteFiles(
  site: SiteInfo, pages: readonly Pick<PageInfo, 'route' | 'sitemap'>[], inlineScriptHashes: readonly string[],
): OutputFiles {
  const sitemapRoutes = pages.filter((page) => page.sitemap).map((page) => page.route).sort();
  const files: OutputFiles = new Map();
  files.set('404.html', notFoundPage(site.lang, site.name));
  // Netlify-style hosts: send every unknown path to the home page.
  files.set('_redirects', '/*  /  302\n');
  files.set('sitemap.xml', [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapRoutes.map((route) => `  <url><loc>${escapeHtml(new URL(route, site.url).href)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n'));
  const rules = headerRules(site, inlineScriptHashes);
  files.set('_headers', formatHeadersFile(rules));
  for (const [name, snippet] of formatNginxSnippets(rules)) files.set(name, snippet);
  files.set('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', site.url).href}\n`);
  return files;
}

function notFoundPage(lang: string, siteName: string): string {
  return `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta http-equiv="refresh" content="0; url=/"><meta name="robots" content="noindex">`
    + `<title>Page not found | ${escapeHtml(siteName)}</title><link rel="canonical" href="/"></head>`
    + `<body><main><h1>Page not found</h1><p>This page does not exist. <a href="/">Go to the home page</a>.</p></main></body></html>\n`;
}
