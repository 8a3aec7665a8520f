import type { CollectionItem, PageInfo } from '../model.ts';

/**
 * What a collection shows of a page. A module of its own, without zod: a warm
 * build that renders nothing records every page's item but never loads the
 * collection queries' schema (./collections.ts).
 */
export function itemOf(page: PageInfo): CollectionItem {
  const { route, file, title, description, date, tags, draft } = page;
  return { route, file, title, description, ...(date === undefined ? {} : { date }), tags, draft };
}
