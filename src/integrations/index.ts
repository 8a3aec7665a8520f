/**
 * `sitegen/config`, as a site's sitegen.config.ts and an integration
 * package import it: the integration API (./api.ts) and the built-in
 * integrations, to configure or to replace.
 *
 *     import { defineConfig, search } from 'sitegen/config';
 *     export default defineConfig({ integrations: [search()] });
 */
export * from './api.ts';
export { search } from './search.ts';
export { feeds, feedRouteOf, FEED_TYPES } from './feeds.ts';
export { sitemap } from './sitemap.ts';
