/**
 * The sitemap (sitemaps.org) and robots.txt that names it: every page a
 * visitor may find from outside, with the date its content last changed;
 * on a site in several languages each page names its translations
 * (xhtml:link, Google's form), as its head does. On by default; a site
 * turns it off with `builtIn: { sitemap: false }` in sitegen.config.ts.
 */
import { defineIntegration, escapeXml, type IntegrationPage } from './api.ts';

export const sitemap = defineIntegration({
  name: 'sitemap',
  setup: () => ({
    files({ site, pages }) {
      const listed = pages.filter((page) => page.listed).sort((a, b) => a.route.localeCompare(b.route));
      const entry = (page: IntegrationPage) => `  <url><loc>${escapeXml(page.url)}</loc>`
        + (page.lastmod ? `<lastmod>${escapeXml(page.lastmod)}</lastmod>` : '')
        + page.alternates.map(({ hreflang, url }) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(url)}"/>`).join('')
        + '</url>';
      const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${site.locales ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''}`;
      return {
        'sitemap.xml': ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset ${namespaces}>`, ...listed.map(entry), '</urlset>', ''].join('\n'),
        'robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${new URL(`${site.basePath}/sitemap.xml`, site.url).href}\n`,
      };
    },
  }),
});
