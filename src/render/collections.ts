/**
 * Collections, resolved between validate and render as plain data: a
 * template's query (TemplateModule.collection) over every validated page's
 * summary gives the list pages its page is rendered as (/news, /news/2, …).
 */
import { z } from 'zod';
import type { CollectionItem, CollectionPage, CollectionQuery } from '../model.ts';

const querySchema = z.strictObject({
  under: z.string().regex(/^\/([^/]+(\/[^/]+)*)?$/, 'expected a route such as /news').optional(),
  tag: z.string().min(1).optional(),
  sortBy: z.enum(['date', 'title', 'route']).default('date'),
  order: z.enum(['asc', 'desc']).optional(),
  perPage: z.number().int().positive().optional(),
  feed: z.union([z.boolean(), z.strictObject({
    title: z.string().min(1).optional(),
    limit: z.number().int().positive().optional(),
    formats: z.array(z.enum(['atom', 'rss', 'json'])).min(1).optional(),
    content: z.boolean().optional(),
  })]).default(false),
  taxonomy: z.literal('tags').optional(),
});

/** The query as the template wrote it, checked; a mistake is the template's, so it throws with what is wrong. */
export function checkedQuery(query: CollectionQuery, template: string): z.output<typeof querySchema> {
  const parsed = querySchema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`templates/pages/${template}.tsx: its \`collection\` is invalid at ${issue.path.join('.') || 'the top'}: ${issue.message}`);
}

export { itemOf } from './collection-item.ts';

/** The items a query selects from every page's summary, in its order; the list page itself is never one of them. */
export function selectItems(query: z.output<typeof querySchema>, ownRoute: string, items: readonly CollectionItem[]): CollectionItem[] {
  const folder = query.under ?? ownRoute;
  const prefix = folder === '/' ? '/' : `${folder}/`;
  const chosen = items.filter((item) => item.route !== ownRoute && item.route.startsWith(prefix)
    && (query.tag === undefined || item.tags.includes(query.tag)));
  const order = query.order ?? (query.sortBy === 'date' ? 'desc' : 'asc');
  const key = (item: CollectionItem) => (query.sortBy === 'date' ? item.date && Date.parse(normalDate(item.date)) : item[query.sortBy]);
  return chosen.sort((a, b) => {
    const [left, right] = [key(a), key(b)];
    // Missing values last whatever the order; the route breaks ties, so the order never depends on file listing.
    if (left === undefined || right === undefined) return left === right ? compare(a.route, b.route) : left === undefined ? 1 : -1;
    const byKey = compare(left, right);
    return (order === 'asc' ? byKey : -byKey) || compare(a.route, b.route);
  });
}

/** The list pages of a collection: page 1 at the page's own route, page n at ROUTE/n. */
export function paginate(
  items: CollectionItem[], ownRoute: string, perPage: number | undefined, feeds?: CollectionPage['feeds'],
): { route: string; page: CollectionPage }[] {
  const feed = feeds && Object.values(feeds)[0];
  const size = perPage ?? Math.max(items.length, 1);
  const count = Math.max(1, Math.ceil(items.length / size));
  const routeOf = (number: number) => (number === 1 ? ownRoute : `${ownRoute === '/' ? '' : ownRoute}/${number}`);
  return Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    return {
      route: routeOf(number),
      page: {
        items: items.slice(index * size, number * size), page: number, pages: count, total: items.length,
        ...(number > 1 ? { previous: routeOf(number - 1) } : {}),
        ...(number < count ? { next: routeOf(number + 1) } : {}),
        ...(feed ? { feed, feeds } : {}),
      },
    };
  });
}

/** A date as written (2026-11-02) or a date-time, as an RFC 3339 date-time (midnight UTC for a bare date). */
export function normalDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date;
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
