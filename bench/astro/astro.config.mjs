// The bench's Astro project (bench/corpus.ts writes the pages into src/content/pages/): every page a file
// (about.html, as sitegen and Hugo write them), the site's URL for canonical links, and its cache in the
// project (not in the node_modules it links to), which each run clears with --force.
import { defineConfig } from 'astro/config';
import site from './site.json' with { type: 'json' };

export default defineConfig({
  site: site.url,
  build: { format: 'file' },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
  cacheDir: './.astro-cache',
});
