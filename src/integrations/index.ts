/**
 * `sitegen/config`, as a site's sitegen.config.ts and an integration
 * package import it: the integration API (./api.ts) and the built-in
 * integrations, to configure or to replace.
 *
 *     import { defineConfig, search } from 'sitegen/config';
 *     export default defineConfig({ integrations: [search()] });
 */
export * from './api.ts';
/** zod, for an integration's options schema: the same zod sitegen checks content with. */
export { z } from 'zod';
export { search } from './search.ts';
export { feeds, feedRouteOf, FEED_TYPES } from './feeds.ts';
export { sitemap } from './sitemap.ts';
export { agents } from './agents.ts';
export { robots } from './robots.ts';
export { headers } from './headers.ts';
export { schemas } from './schemas.ts';
