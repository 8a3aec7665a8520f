/**
 * A collection's feeds: Atom 1.0 (RFC 4287), RSS 2.0 and JSON Feed 1.1,
 * each from the same entries, for a list whose template asks with `feed`
 * in its collection query (`feed: true`, or `{ title, limit, formats }`).
 * Each list page's head links them, and its template receives their
 * addresses (`collection.feeds`). An entry's tags are its categories in
 * every format. With `content: true` each item also carries the entry's
 * content as its page shows it (the list's `content()`), beside its summary. Written by hand rather than with the
 * `feed` package: each document is a dozen fixed fields, every value goes
 * through one escape, and the package would add a dependency to every build
 * for what is a few lines per format here. Tests read them back with an
 * independent parser (feedsmith).
 */
import { ContentError, defineIntegration, escapeXml, type CollectionEntry, type CollectionList } from './api.ts';

type FeedFormat = 'atom' | 'rss' | 'json';

export const FEED_FORMATS: readonly FeedFormat[] = ['atom', 'rss', 'json'];

/** The media type each feed is linked with from the list pages' head. */
export const FEED_TYPES: Record<FeedFormat, string> = { atom: 'application/atom+xml', rss: 'application/rss+xml', json: 'application/feed+json' };

/** Where a list page's feed goes: /news → /news/feed.atom, /news/feed.rss, /news/feed.json (served with their types by sirv, nginx and hosts). */
export function feedRouteOf(route: string, format: FeedFormat = 'atom'): string {
  return `${route === '/' ? '' : route}/feed.${format}`;
}

/** Entries in a feed unless its template says otherwise: readers poll it, so it holds the latest, not the archive. */
const FEED_ENTRIES = 20;

interface FeedOptions {
  title?: string;
  limit?: number;
  formats?: FeedFormat[];
  content?: boolean;
}

interface FeedInput {
  list: CollectionList;
  entries: readonly CollectionEntry[];
  title: string;
  /** Each entry's date as an RFC 3339 date-time, in the entries' order. */
  dates: string[];
  /** The newest entry's date: a feed changes when an entry does, never because of when it was built. */
  updated: string;
  /** Each entry's content as HTML, in the entries' order, when the feed carries it. */
  contents?: (string | undefined)[];
}

export const feeds = defineIntegration({
  name: 'feeds',
  setup: () => ({
    collection(list) {
      const feed = list.query.feed as boolean | FeedOptions | undefined;
      // An empty collection has no feed: Atom needs the date of a newest entry.
      if (!feed || list.entries.length === 0) return undefined;
      const options: FeedOptions = typeof feed === 'object' ? feed : {};
      const entries = list.entries.slice(0, options.limit ?? FEED_ENTRIES);
      const undated = entries.find((entry) => entry.date === undefined);
      if (undated) {
        throw new ContentError(`this page is in the feed of ${list.route}, so it needs a date`, {
          file: undated.file, hint: 'add a line such as `date: 2026-11-02` to its front matter',
        });
      }
      const dates = entries.map((entry) => normalDate(entry.date!));
      const input: FeedInput = {
        list, entries, dates,
        title: options.title ?? `${list.title} | ${list.site.name}`,
        updated: dates.reduce((latest, date) => (Date.parse(date) > Date.parse(latest) ? date : latest), dates[0]),
        ...(options.content ? { contents: entries.map((entry) => list.content(entry)) } : {}),
      };
      const writers: Record<FeedFormat, (input: FeedInput) => string> = { atom: atomFeed, rss: rssFeed, json: jsonFeed };
      const formats = options.formats ?? FEED_FORMATS;
      return {
        files: Object.fromEntries(formats.map((format) => [feedRouteOf(list.route, format), writers[format](input)])),
        links: Object.fromEntries(formats.map((format) => [format, feedRouteOf(list.route, format)])),
        head: formats.map((format) => ({ tag: 'link' as const, attributes: { rel: 'alternate', type: FEED_TYPES[format], title: list.title, href: feedRouteOf(list.route, format) } })),
      };
    },
  }),
});

/** A date as written (2026-11-02) or a date-time, as an RFC 3339 date-time (midnight UTC for a bare date). */
function normalDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date;
}

function atomFeed({ list, entries, title, dates, updated, contents }: FeedInput): string {
  const text = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const link = (rel: string, type: string, href: string) => `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;
  const items = entries.map((entry, index) => [
    '  <entry>',
    `    ${text('title', entry.title)}`,
    `    ${text('id', list.url(entry.route))}`,
    `    ${link('alternate', 'text/html', list.url(entry.route))}`,
    `    ${text('published', dates[index])}`,
    `    ${text('updated', dates[index])}`,
    `    ${text('summary', entry.description)}`,
    ...(contents?.[index] ? [`    <content type="html">${escapeXml(contents[index])}</content>`] : []),
    // Its tags, as categories readers can filter by.
    ...entry.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
    '  </entry>',
  ].join('\n'));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(list.lang)}">`,
    `  ${text('title', title)}`,
    `  ${text('subtitle', list.description)}`,
    `  ${text('id', list.url(list.route))}`,
    `  ${link('self', FEED_TYPES.atom, list.url(feedRouteOf(list.route, 'atom')))}`,
    `  ${link('alternate', 'text/html', list.url(list.route))}`,
    `  ${text('updated', updated)}`,
    `  <author>${text('name', list.site.name)}</author>`,
    '  <generator>sitegen</generator>',
    ...items,
    '</feed>',
    '',
  ].join('\n');
}

/** RSS 2.0 (the RSS Advisory Board's specification), with Atom's self link as its validator asks. */
function rssFeed({ list, entries, title, dates, updated, contents }: FeedInput): string {
  const text = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const items = entries.map((entry, index) => [
    '    <item>',
    `      ${text('title', entry.title)}`,
    `      ${text('link', list.url(entry.route))}`,
    `      <guid isPermaLink="true">${escapeXml(list.url(entry.route))}</guid>`,
    `      ${text('pubDate', rfc822(dates[index]))}`,
    `      ${text('description', entry.description)}`,
    // The content module's element (purl.org/rss/1.0/modules/content), as readers expect an item's full text.
    ...(contents?.[index] ? [`      ${text('content:encoded', contents[index])}`] : []),
    ...entry.tags.map((tag) => `      ${text('category', tag)}`),
    '    </item>',
  ].join('\n'));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"${contents ? ' xmlns:content="http://purl.org/rss/1.0/modules/content/"' : ''}>`,
    '  <channel>',
    `    ${text('title', title)}`,
    `    ${text('link', list.url(list.route))}`,
    `    ${text('description', list.description)}`,
    `    ${text('language', list.lang)}`,
    `    ${text('lastBuildDate', rfc822(updated))}`,
    '    <generator>sitegen</generator>',
    `    <atom:link rel="self" type="${FEED_TYPES.rss}" href="${escapeXml(list.url(feedRouteOf(list.route, 'rss')))}"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (jsonfeed.org). */
function jsonFeed({ list, entries, title, dates, contents }: FeedInput): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title,
    home_page_url: list.url(list.route),
    feed_url: list.url(feedRouteOf(list.route, 'json')),
    description: list.description,
    language: list.lang,
    authors: [{ name: list.site.name }],
    items: entries.map((entry, index) => ({
      id: list.url(entry.route),
      url: list.url(entry.route),
      title: entry.title,
      summary: entry.description,
      ...(contents?.[index] ? { content_html: contents[index] } : { content_text: entry.description }),
      date_published: dates[index],
      ...(entry.tags.length > 0 ? { tags: entry.tags } : {}),
    })),
  }, null, 2) + '\n';
}

/** An RFC 3339 date-time as RFC 822 writes it for RSS, in GMT: `Mon, 09 Nov 2026 00:00:00 GMT`. */
function rfc822(date: string): string {
  return new Date(date).toUTCString();
}
