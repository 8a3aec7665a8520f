/**
 * A collection's feeds: Atom 1.0 (RFC 4287), RSS 2.0 and JSON Feed 1.1,
 * each from the same items. Written by hand rather than with the `feed`
 * package: each document is a dozen fixed fields, every value goes through
 * one escape, and the package would add a dependency to every build for
 * what is a few lines per format here. Tests read them back with an
 * independent parser (feedsmith).
 */
import { pageLink } from '../base-path.ts';
import { SiteError } from '../errors.ts';
import { escapeHtml } from '../escape-html.ts';
import type { CollectionItem, FeedFormat, PageInfo, SiteInfo } from '../model.ts';
import { FEED_TYPES, feedRouteOf } from './feed-types.ts';
import { normalDate } from './collections.ts';

interface FeedInput {
  list: PageInfo;
  items: readonly CollectionItem[];
  site: SiteInfo;
  title: string;
  /** An item's page and the feed's own address, absolute. */
  absolute(route: string): string;
  /** Each item's date as an RFC 3339 date-time, in the items' order. */
  dates: string[];
  /** The newest entry's date: a feed changes when an entry does, never because of when it was built. */
  updated: string;
}

/** Each chosen feed of a list page's items, by format; every item needs a date (readers sort and dedupe by it). */
export function collectionFeeds(
  list: PageInfo, items: readonly CollectionItem[], site: SiteInfo, options: { title?: string; formats: readonly FeedFormat[] },
): Map<FeedFormat, string> {
  const undated = items.find((item) => item.date === undefined);
  if (undated) {
    throw new SiteError('content', `this page is in the feed of ${list.route}, so it needs a date`, {
      location: { file: undated.file }, hint: 'add a line such as `date: 2026-11-02` to its front matter',
    });
  }
  const dates = items.map((item) => normalDate(item.date!));
  const input: FeedInput = {
    list, items, site, dates,
    title: options.title ?? `${list.title} | ${site.name}`,
    // Written as the pages write their links (basePath, trailingSlash), then made absolute.
    absolute: (route) => new URL(pageLink(site, route), site.url).href,
    updated: dates.reduce((latest, date) => (Date.parse(date) > Date.parse(latest) ? date : latest), dates[0]),
  };
  const writers: Record<FeedFormat, (input: FeedInput) => string> = { atom: atomFeed, rss: rssFeed, json: jsonFeed };
  return new Map(options.formats.map((format) => [format, writers[format](input)]));
}

function atomFeed({ list, items, site, title, absolute, dates, updated }: FeedInput): string {
  const text = (name: string, value: string) => `<${name}>${escapeHtml(value)}</${name}>`;
  const link = (rel: string, type: string, href: string) => `<link rel="${rel}" type="${type}" href="${escapeHtml(href)}"/>`;
  const entries = items.map((item, index) => [
    '  <entry>',
    `    ${text('title', item.title)}`,
    `    ${text('id', absolute(item.route))}`,
    `    ${link('alternate', 'text/html', absolute(item.route))}`,
    `    ${text('published', dates[index])}`,
    `    ${text('updated', dates[index])}`,
    `    ${text('summary', item.description)}`,
    '  </entry>',
  ].join('\n'));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeHtml(list.locale ?? site.lang)}">`,
    `  ${text('title', title)}`,
    `  ${text('subtitle', list.description)}`,
    `  ${text('id', absolute(list.route))}`,
    `  ${link('self', FEED_TYPES.atom, absolute(feedRouteOf(list.route, 'atom')))}`,
    `  ${link('alternate', 'text/html', absolute(list.route))}`,
    `  ${text('updated', updated)}`,
    `  <author>${text('name', site.name)}</author>`,
    '  <generator>sitegen</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** RSS 2.0 (the RSS Advisory Board's specification), with Atom's self link as its validator asks. */
function rssFeed({ list, items, site, title, absolute, dates, updated }: FeedInput): string {
  const text = (name: string, value: string) => `<${name}>${escapeHtml(value)}</${name}>`;
  const entries = items.map((item, index) => [
    '    <item>',
    `      ${text('title', item.title)}`,
    `      ${text('link', absolute(item.route))}`,
    `      <guid isPermaLink="true">${escapeHtml(absolute(item.route))}</guid>`,
    `      ${text('pubDate', rfc822(dates[index]))}`,
    `      ${text('description', item.description)}`,
    '    </item>',
  ].join('\n'));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${text('title', title)}`,
    `    ${text('link', absolute(list.route))}`,
    `    ${text('description', list.description)}`,
    `    ${text('language', list.locale ?? site.lang)}`,
    `    ${text('lastBuildDate', rfc822(updated))}`,
    '    <generator>sitegen</generator>',
    `    <atom:link rel="self" type="${FEED_TYPES.rss}" href="${escapeHtml(absolute(feedRouteOf(list.route, 'rss')))}"/>`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (jsonfeed.org). */
function jsonFeed({ list, items, site, title, absolute, dates }: FeedInput): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title,
    home_page_url: absolute(list.route),
    feed_url: absolute(feedRouteOf(list.route, 'json')),
    description: list.description,
    language: list.locale ?? site.lang,
    authors: [{ name: site.name }],
    items: items.map((item, index) => ({
      id: absolute(item.route),
      url: absolute(item.route),
      title: item.title,
      summary: item.description,
      content_text: item.description,
      date_published: dates[index],
      ...(item.tags.length > 0 ? { tags: item.tags } : {}),
    })),
  }, null, 2) + '\n';
}

/** An RFC 3339 date-time as RFC 822 writes it for RSS, in GMT: `Mon, 09 Nov 2026 00:00:00 GMT`. */
function rfc822(date: string): string {
  return new Date(date).toUTCString();
}
