// The bench's Starlight project (bench/docs.ts copies it under .sitegen/, where the repository's node_modules
// resolve as real folders, which Vite needs, and writes sitegen's docs into src/content/docs/): Starlight's
// defaults, the sidebar made from the folders as the docs starter's is, Pagefind search and the sitemap.
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  site: 'https://sitegen.invalid',
  integrations: [starlight({ title: 'sitegen docs' })],
  devToolbar: { enabled: false },
  cacheDir: './.astro-cache',
});
