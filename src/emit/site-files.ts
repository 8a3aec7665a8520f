/**
 * The files the emit stage writes beside the pages: the redirects and the
 * fallback for unknown paths (404.html, _redirects, the nginx snippet, a
 * page at each old path), the headers for hosts and nginx, the sitemap and
 * robots.txt.
 */
import { escapeHtml } from '../escape-html.ts';
import { pageLink } from '../base-path.ts';
import type { PageInfo, PageSummary, SiteInfo } from '../model.ts';
import { formatHeadersFile, formatNginxSnippets, headerRules, NGINX_REDIRECTS } from './security-headers.ts';
import { NOT_FOUND_ROUTE, nginxRedirects, redirectLines, redirectPages, redirectsOf } from './redirects.ts';
import { hreflangsOf, translationsOf } from '../i18n.ts';

/** A file to write: its path under the output folder and its contents. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** What the site files need of each page; `lastmod` (ISO 8601) comes from its content file's history. */
export type SitemapPage = Pick<PageSummary, 'route' | 'sitemap' | 'file' | 'aliases' | 'item'> & { lastmod?: string };

export { NOT_FOUND_ROUTE };

/** Everything a build writes besides the pages and public/: the files below and the bundle's (URL path → contents). */
export function siteFiles(
  site: SiteInfo, pages: readonly SitemapPage[], inlineScriptHashes: readonly string[],
  bundleFiles: ReadonlyMap<string, Uint8Array>,
): OutputFiles {
  const files = renderSiteFiles(site, pages, inlineScriptHashes);
  for (const [url, contents] of bundleFiles) files.set(url.slice(1), contents);
  return files;
}

/** The files beside the pages: the fallback for unknown paths, the headers for hosts and nginx, the sitemap and robots.txt. */
export function renderSiteFiles(site: SiteInfo, pages: readonly SitemapPage[], inlineScriptHashes: readonly string[]): OutputFiles {
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
  files.set('sitemap.xml', sitemap(site, pages));
  const rules = headerRules(site, inlineScriptHashes);
  files.set('_headers', formatHeadersFile(rules, base));
  for (const [name, snippet] of formatNginxSnippets(rules)) files.set(name, snippet);
  files.set('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${new URL(`${base}/sitemap.xml`, site.url).href}\n`);
  return files;
}

/** Whether a page is one a visitor may find from outside: in the sitemap, and in the search index. The site's own not-found page never is. */
export function isListed(page: Pick<PageInfo, 'route' | 'sitemap'>): boolean {
  return page.sitemap && page.route !== NOT_FOUND_ROUTE;
}

/** The sitemap; on a site in several languages each page names its translations (xhtml:link, Google's form), as its head does. */
function sitemap(site: SiteInfo, pages: readonly SitemapPage[]): string {
  const listed = pages.filter(isListed).sort((a, b) => a.route.localeCompare(b.route));
  // Translations are pages at the same path in each language: a list's later pages (/news/2) are not, as in the head.
  const routes = new Set(listed.filter((page) => page.item !== undefined).map((page) => page.route));
  const absolute = (route: string) => escapeHtml(new URL(pageLink(site, route), site.url).href);
  const alternates = (route: string) => hreflangsOf(site, translationsOf(site, route, routes))
    .map(({ hreflang, route: href }) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${absolute(href)}"/>`).join('');
  const entry = (page: SitemapPage) => `  <url><loc>${absolute(page.route)}</loc>`
    + (page.lastmod ? `<lastmod>${escapeHtml(page.lastmod)}</lastmod>` : '') + (site.i18n && routes.has(page.route) ? alternates(page.route) : '') + '</url>';
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${site.i18n ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''}`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset ${namespaces}>`, ...listed.map(entry), '</urlset>', ''].join('\n');
}

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
