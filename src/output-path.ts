import type { SiteInfo } from './model.ts';

/** The route of the site's own not-found page (content/pages/404.yaml or 404.md), written as 404.html like any page. */
export const NOT_FOUND_ROUTE = '/404';

/**
 * `/` → `index.html`, `/about` → `about.html` (served as /about by sirv,
 * nginx try_files and static hosts), or with trailing slashes `about/index.html`
 * (served as /about/ by hosts that know folders only, such as an S3 bucket).
 *
 * A module of its own so that emitting (src/emit/staging.ts) does not load the renderer.
 */
export function outputPathOf(route: string, trailingSlash: SiteInfo['trailingSlash'] = 'never'): string {
  if (route === '/') return 'index.html';
  return trailingSlash === 'always' ? `${route.slice(1)}/index.html` : `${route.slice(1)}.html`;
}
