import type { CollectionItem, PageInfo, PageSummary } from '../model.ts';

/**
 * What a collection shows of a page. A module of its own, without zod: a warm
 * build that renders nothing records every page's item but never loads the
 * collection queries' schema (./collections.ts).
 */
export function itemOf(page: PageInfo): CollectionItem {
  const { route, file, title, description, date, tags, draft, summary, readingTime, sidebar } = page;
  return {
    route, file, title, description, ...(date === undefined ? {} : { date }), tags, draft, ...(sidebar === undefined ? {} : { sidebar }),
    ...(summary === undefined ? {} : { summary }), ...(readingTime === undefined ? {} : { readingTime }),
  };
}

/**
 * The record a build keeps of each route it wrote (the build cache keeps it
 * for reused pages): made here only. A list page's later routes (/news/2)
 * carry no item and no aliases: those belong to its first route.
 */
export function summaryOf(page: PageInfo, route: string, islands: string[], inline?: PageSummary['inline'], card?: PageSummary['card']): PageSummary {
  const first = route === page.route;
  return {
    route, file: page.file, sitemap: page.sitemap, islands, ...(inline ? { inline } : {}), ...(card ? { card } : {}),
    ...(first ? { item: itemOf(page) } : {}),
    ...(first && page.aliases?.length ? { aliases: page.aliases } : {}),
  };
}
