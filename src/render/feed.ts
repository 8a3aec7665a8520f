/**
 * The Atom 1.0 feed (RFC 4287) of a collection. Written by hand rather than
 * with the `feed` package: the document is a dozen fixed elements, every
 * value goes through one escape, and the package would add a dependency to
 * every build for what is 40 lines here.
 */
import { pageLink } from './base-path.ts';
import { SiteError } from '../errors.ts';
import { escapeHtml } from '../escape-html.ts';
import type { CollectionItem, PageInfo, SiteInfo } from '../model.ts';
import { normalDate } from './collections.ts';

/** Where a list page's feed goes: /news → /news/feed.atom (served as application/atom+xml by sirv, nginx and hosts). */
export function feedRouteOf(route: string): string {
  return `${route === '/' ? '' : route}/feed.atom`;
}

/** The feed of a list page's items; every item needs a date (an entry's `updated` is required). */
export function atomFeed(list: PageInfo, items: readonly CollectionItem[], site: SiteInfo, title?: string): string {
  const undated = items.find((item) => item.date === undefined);
  if (undated) {
    throw new SiteError('content', `this page is in the feed of ${list.route}, so it needs a date`, {
      location: { file: undated.file }, hint: 'add a line such as `date: 2026-11-02` to its front matter',
    });
  }
  // Written as the pages write their links (basePath, trailingSlash), then made absolute.
  const absolute = (route: string) => new URL(pageLink(site, route), site.url).href;
  const dates = items.map((item) => normalDate(item.date!));
  // The newest entry's date: the feed changes when an entry does, never because of when it was built.
  const updated = dates.reduce((latest, date) => (Date.parse(date) > Date.parse(latest) ? date : latest), dates[0]);
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
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeHtml(site.lang)}">`,
    `  ${text('title', title ?? `${list.title} | ${site.name}`)}`,
    `  ${text('subtitle', list.description)}`,
    `  ${text('id', absolute(list.route))}`,
    `  ${link('self', 'application/atom+xml', absolute(feedRouteOf(list.route)))}`,
    `  ${link('alternate', 'text/html', absolute(list.route))}`,
    `  ${text('updated', updated)}`,
    `  <author>${text('name', site.name)}</author>`,
    '  <generator>sitegen</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
