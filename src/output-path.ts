import type { SiteInfo } from './model.ts';

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
