/**
 * A site's search (`search: true` in site.yaml): Pagefind indexes the
 * `<main>` of every page the sitemap lists (not the 404 page, not a copy of
 * another page, not a page marked noindex) and writes its index and its
 * browser code into the build's /pagefind/. A search island imports
 * /pagefind/pagefind.js; its search runs on WebAssembly, which the policy
 * then allows ('wasm-unsafe-eval', ./security-headers.ts).
 *
 * The pages are handed over as they are in the build (the ones rendered now
 * in the staging folder, the reused ones in the output folder), so a dev
 * rebuild that rendered one page still indexes them all. Pagefind's binary
 * ships in its npm package, for each platform, with no install script.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { pageLink } from '../base-path.ts';
import { outputPathOf } from '../output-path.ts';
import { isListed } from './site-files.ts';
import type { PageSummary, SiteInfo } from '../model.ts';

export const SEARCH_DIR = 'pagefind';

export async function writeSearchIndex(site: SiteInfo, pages: readonly PageSummary[], staging: string, outDir: string): Promise<void> {
  const pagefind = await import('pagefind');
  // A site in several languages gets an index per language, by each page's <html lang>, and a page searches its own.
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'main', ...(site.i18n ? {} : { forceLanguage: site.lang.split('-')[0] }) });
  try {
    if (!index) throw searchError(errors);
    for (const page of pages.filter(isListed)) {
      const file = outputPathOf(page.route, site.trailingSlash);
      const staged = path.join(staging, file);
      const content = await readFile(existsSync(staged) ? staged : path.join(outDir, file), 'utf8');
      const added = await index.addHTMLFile({ url: pageLink(site, page.route), content });
      if (added.errors.length > 0) throw searchError(added.errors, page.file);
    }
    const written = await index.writeFiles({ outputPath: path.join(staging, SEARCH_DIR) });
    if (written.errors.length > 0) throw searchError(written.errors);
  } finally {
    await pagefind.close();
  }
}

function searchError(errors: string[], file?: string): SiteError {
  return new SiteError('search', `Pagefind could not index the site: ${errors.join('; ') || 'no reason given'}`, {
    location: file ? { file } : undefined,
    hint: 'search: true in content/site.yaml asks for it; check that npm installed pagefind and its binary for this platform',
  });
}
