import type { CollectionItem, PageInfo, PageSummary } from '../model.ts';

/**
 * What a collection shows of a page. A module of its own, without zod: a warm
 * build that renders nothing records every page's item but never loads the
 * collection queries' schema (./collections.ts).
 */
export function itemOf(page: PageInfo): CollectionItem {
  const { route, file, date, tags, draft, readingTime, sidebar, cover } = page;
  const title = own(page.title);
  const description = own(page.description);
  const summary = page.summary === undefined ? undefined : own(page.summary);
  return {
    route, file, title, description, ...(date === undefined ? {} : { date }), tags, draft, ...(sidebar === undefined ? {} : { sidebar }),
    ...(summary === undefined ? {} : { summary }), ...(readingTime === undefined ? {} : { readingTime }), ...(cover === undefined ? {} : { cover }),
  };
}

/**
 * A copy of a string that holds only its own characters. A title the YAML parser cut from a page's front matter is
 * a slice that keeps the page's whole source alive, and a build keeps every page's item to its end: at 20,000 pages,
 * 8 MB of sources stayed in memory for their titles (measured after a full collection). Joined to a space, a string
 * is copied whole; the slice of the copy holds the copy only. (V8 slices strings of 13 characters or more; shorter
 * ones are copies.)
 */
function own(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/**
 * The record a build keeps of each route it wrote (the build cache keeps it
 * for reused pages): made here only. A list page's later routes (/news/2)
 * carry no item and no aliases: those belong to its first route.
 */
export function summaryOf(page: PageInfo, route: string, islands: string[], inline?: PageSummary['inline'], preview?: PageSummary['preview']): PageSummary {
  const first = route === page.route;
  return {
    route, file: page.file, sitemap: page.sitemap, islands, ...(inline ? { inline } : {}), ...(preview ? { preview } : {}),
    ...(first ? { item: itemOf(page) } : {}),
    ...(first && page.aliases?.length ? { aliases: page.aliases } : {}),
  };
}
