/**
 * The sitemap (sitemaps.org), and the line of robots.txt that names it: every page a
 * visitor may find from outside, with the date its content last changed;
 * on a site in several languages each page names its translations
 * (xhtml:link, Google's form), as its head does. Past the protocol's limits
 * (50,000 URLs or 50 MB a file) the pages go into sitemap-1.xml,
 * sitemap-2.xml … and sitemap.xml is their index, so robots.txt names one
 * file whatever the site's size. On by default; a site turns it off with
 * `builtIn: { sitemap: false }` in sitegen.config.ts, and leaves pages out
 * with `sitemap({ filter: (page) => … })` (true keeps a page).
 */
import { z } from 'zod';
import { defineIntegration, escapeXml, type IntegrationPage } from './api.ts';

/** The sitemaps.org limits of one file. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

const options = z.strictObject({
  filter: z.custom<(page: IntegrationPage) => boolean>((value) => typeof value === 'function', 'expected a function of a page that returns true to list it')
    .optional().describe('which of the pages a visitor may find are listed: true keeps a page (by default, all of them)'),
});

export const sitemap = defineIntegration({
  name: 'sitemap',
  options,
  setup: ({ filter }) => ({
    files({ site, pages }) {
      // By code unit, as the same build gives on any machine: localeCompare's order follows the process's locale,
      // and it loaded ICU's collation (8 ms) and compared 5,000 routes in 12 ms of every rebuild at 5,000 pages.
      const listed = pages.filter((page) => page.listed && (filter?.(page) ?? true)).sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
      const entry = (page: IntegrationPage) => `  <url><loc>${escapeXml(page.url)}</loc>`
        + (page.lastmod ? `<lastmod>${escapeXml(page.lastmod)}</lastmod>` : '')
        + page.alternates.map(({ hreflang, url }) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(url)}"/>`).join('')
        + '</url>';
      const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${site.locales ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''}`;
      const document = (entries: readonly string[]) => [HEAD, `<urlset ${namespaces}>`, ...entries, '</urlset>', ''].join('\n');
      const parts = split(listed, entry, Buffer.byteLength(document([])));
      if (parts.length === 1) return { 'sitemap.xml': document(parts[0].entries) };
      const files: Record<string, string> = {};
      const index = parts.map((part, number) => {
        const name = `sitemap-${number + 1}.xml`;
        files[name] = document(part.entries);
        const lastmod = part.pages.map((page) => page.lastmod).filter((date) => date !== undefined).sort().at(-1);
        return `  <sitemap><loc>${escapeXml(new URL(`${site.basePath}/${name}`, site.url).href)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</sitemap>`;
      });
      files['sitemap.xml'] = [HEAD, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...index, '</sitemapindex>', ''].join('\n');
      return files;
    },
    // robots.txt names the one file, whatever the site's size.
    robots: ({ site }) => [`Sitemap: ${new URL(`${site.basePath}/sitemap.xml`, site.url).href}`],
  }),
});

/** The pages in files that each keep under the limits, in order; one file (maybe empty) for a site within them. */
function split(pages: readonly IntegrationPage[], entry: (page: IntegrationPage) => string, overhead: number) {
  const parts: { pages: IntegrationPage[]; entries: string[] }[] = [{ pages: [], entries: [] }];
  let bytes = overhead;
  for (const page of pages) {
    const text = entry(page);
    const size = Buffer.byteLength(text) + 1;
    let part = parts.at(-1)!;
    if (part.entries.length > 0 && (part.entries.length >= SITEMAP_LIMITS.urls || bytes + size > SITEMAP_LIMITS.bytes)) {
      parts.push(part = { pages: [], entries: [] });
      bytes = overhead;
    }
    part.pages.push(page);
    part.entries.push(text);
    bytes += size;
  }
  return parts;
}
