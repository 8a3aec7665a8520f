/**
 * A site's search: Pagefind indexes the `<main>` of every page a visitor
 * may find from outside (not the 404 page, not `sitemap: false`) and
 * writes its index and its browser code into the build's /pagefind/. A
 * search island imports /pagefind/pagefind.js; its search runs on
 * WebAssembly, which the policy then allows ('wasm-unsafe-eval' lets a
 * script compile WebAssembly, and no string become code). On with
 * `search: true` in site.yaml (the editor's switch), or by adding
 * `search()` to sitegen.config.ts.
 *
 * The pages are read as they are in the build, the ones rendered now and the
 * reused ones alike, so a dev rebuild that rendered one page still indexes
 * them all. Pagefind's binary ships in its npm package, for each platform,
 * with no install script.
 */
import { defineIntegration } from './api.ts';

export const SEARCH_DIR = 'pagefind';

export const search = defineIntegration({
  name: 'search',
  setup: () => ({
    // It indexes the pages as built, after every other integration has done its part.
    order: 'post',
    csp: { script: ["'wasm-unsafe-eval'"] },
    async buildDone({ site, pages, read, write }) {
      const pagefind = await import('pagefind');
      // A site in several languages gets an index per language, by each page's <html lang>, and a page searches its own.
      const { index, errors } = await pagefind.createIndex({ rootSelector: 'main', ...(site.locales ? {} : { forceLanguage: site.lang.split('-')[0] }) });
      try {
        if (!index) throw searchError(errors);
        for (const page of pages.filter((entry) => entry.listed)) {
          const added = await index.addHTMLFile({ url: page.path, content: await read(page) });
          if (added.errors.length > 0) throw searchError(added.errors, page.source);
        }
        // Taken as bytes and written through the build, as every integration's file is.
        const made = await index.getFiles();
        if (made.errors.length > 0) throw searchError(made.errors);
        for (const file of made.files) await write(`${SEARCH_DIR}/${file.path.replace(/^\/+/, '')}`, file.content);
      } finally {
        await pagefind.close();
      }
    },
  }),
});

function searchError(errors: string[], file?: string): Error {
  return new Error(`Pagefind could not index the site${file ? ` (at ${file})` : ''}: ${errors.join('; ') || 'no reason given'}; check that npm installed pagefind and its binary for this platform`);
}
