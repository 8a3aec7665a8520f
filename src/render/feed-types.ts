/** The feeds a collection can have, where each goes and its media type (no imports: the document shell links them). */
import type { FeedFormat } from '../model.ts';

export const FEED_FORMATS: readonly FeedFormat[] = ['atom', 'rss', 'json'];

/** The media type each feed is linked with from the list pages' head. */
export const FEED_TYPES: Record<FeedFormat, string> = { atom: 'application/atom+xml', rss: 'application/rss+xml', json: 'application/feed+json' };

const EXTENSIONS: Record<FeedFormat, string> = { atom: 'atom', rss: 'rss', json: 'json' };

/** Where a list page's feed goes: /news → /news/feed.atom, /news/feed.rss, /news/feed.json (served with their types by sirv, nginx and hosts). */
export function feedRouteOf(route: string, format: FeedFormat = 'atom'): string {
  return `${route === '/' ? '' : route}/feed.${EXTENSIONS[format]}`;
}
