/**
 * The site's code configuration: the integrations its build runs
 * (docs/integrations.md). The feeds of the news list and of each tag, and
 * the sitemap with each page's translations, are sitegen's own integrations,
 * configured here as any other would be; take one out with
 * `builtIn: { sitemap: false }`, or put your own of the same name in its
 * place. The search is the editor's switch (`search: true` in
 * content/site.yaml); `search()` here would turn it on from code.
 */
import { defineConfig, feeds, sitemap } from 'sitegen/config';

export default defineConfig({
  integrations: [feeds(), sitemap()],
});
