import { SiteError } from './errors.ts';
import { formatHeadersFile, formatNginxSnippets, headerRules } from './headers.ts';
import type { PageAssets } from './document.tsx';
import type { PageInfo, SiteInfo } from './model.ts';
import type { PageModel } from './validate.ts';
import type { Templates } from './templates.ts';

/** A rendered file: its path under dist/ and its contents. */
export type OutputFiles = Map<string, string | Uint8Array>;

/** `/` → `index.html`, `/about` → `about.html` (served as /about by sirv, nginx try_files and static hosts). */
export function outputPathOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/** Renders pages to HTML (by output path); a page that fails gives an error naming its route, file and template. */
export function renderPages(
  pages: readonly PageModel[], templates: Pick<Templates, 'layout' | 'pages' | 'renderPage'>, site: SiteInfo, assets: PageAssets,
): { files: Map<string, string>; islands: Map<string, string[]>; errors: SiteError[] } {
  const files = new Map<string, string>();
  const islands = new Map<string, string[]>();
  const errors: SiteError[] = [];
  for (const page of pages) {
    try {
      const rendered = templates.renderPage({
        layout: templates.layout, template: templates.pages[page.info.template], data: page.data, page: page.info, site, assets,
      });
      files.set(outputPathOf(page.info.route), rendered.html);
      islands.set(page.info.route, rendered.islands);
    } catch (error) {
      errors.push(new SiteError('render', `rendering ${page.info.route} failed: ${(error as Error).message}`, {
        location: { file: page.info.file }, hint: `the template is templates/pages/${page.info.template}.tsx`, cause: error,
      }));
    }
  }
  return { files, islands, errors };
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
    ...sitemapRoutes.map((route) => `  <url><loc>${escapeXml(new URL(route, site.url).href)}</loc></url>`),
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
  return `<!DOCTYPE html><html lang="${escapeXml(lang)}"><head><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta http-equiv="refresh" content="0; url=/"><meta name="robots" content="noindex">`
    + `<title>Page not found | ${escapeXml(siteName)}</title><link rel="canonical" href="/"></head>`
    + `<body><main><h1>Page not found</h1><p>This page does not exist. <a href="/">Go to the home page</a>.</p></main></body></html>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
