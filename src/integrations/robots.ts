/**
 * robots.txt: every crawler allowed, and the lines the site's integrations
 * give in their `robots` hook (the sitemap's `Sitemap:`). Written only when
 * some integration gives a line; a site turns it off with
 * `builtIn: { robots: false }` in sitegen.config.ts, or puts its own
 * integration named `robots` in its place.
 */
import { defineIntegration } from './api.ts';

export const robots = defineIntegration({
  name: 'robots',
  setup: () => ({
    // After every other integration: its lines are theirs.
    order: 'post',
    files: ({ robots: lines }): Record<string, string> => (lines.length > 0 ? { 'robots.txt': `User-agent: *\nAllow: /\n\n${lines.join('\n')}\n` } : {}),
  }),
});
