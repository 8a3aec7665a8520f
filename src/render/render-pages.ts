/**
 * The render stage's core: each validated page rendered inside the document
 * shell by the compiled templates, to HTML by output path. A template that
 * throws gives a template error (src/render/template-error.ts), never a
 * content error: the editor's file is not at fault.
 */
import { SiteError } from '../errors.ts';
import type { CollectionItem, CollectionPage, CollectionQuery, PageAssets, PageInfo, PageModel, SiteInfo, SiteTemplates } from '../model.ts';
import { checkedQuery, paginate, selectItems } from './collections.ts';
import { collectionFeeds } from './feed.ts';
import { FEED_FORMATS, feedRouteOf } from './feed-types.ts';
import { templateError } from './template-error.ts';
import { taxonomyPages, termPageInfo } from './taxonomy.ts';
import { pagePolicyOf, policyErrors, policyProblems } from './policy-check.ts';

import { outputPathOf } from '../output-path.ts';
import { localeOf, translationsOf } from '../i18n.ts';

export interface RenderedPages {
  /** Output path → HTML. */
  files: Map<string, string>;
  /** Route → the islands its page uses. */
  islands: Map<string, string[]>;
  /** Content route → every route its file became (a collection's list pages: /news, /news/2, …). */
  routes: Map<string, string[]>;
  errors: SiteError[];
}

/** What a page's render reads of the others: every route (for its translations), and what collections list. */
export interface SiteContext {
  routes: ReadonlySet<string>;
  items?: readonly CollectionItem[];
}

export function renderPages(
  pages: readonly PageModel[], templates: Pick<SiteTemplates, 'layout' | 'pages' | 'renderPage' | 'markdown'>, site: SiteInfo, assets: PageAssets,
  root: string, context: SiteContext,
): RenderedPages {
  const items = context.items ?? [];
  const policy = pagePolicyOf(site, [...assets.inlineHead, ...(assets.importMap ? [assets.importMap] : [])]);
  const files = new Map<string, string>();
  const islands = new Map<string, string[]>();
  const routes = new Map<string, string[]>();
  const errors: SiteError[] = [];
  for (const page of pages) {
    const template = templates.pages[page.info.template];
    const own = { ...page.info, locale: localeOf(site, page.info.route), translations: translationsOf(site, page.info.route, context.routes) };
    try {
      // A collection lists the pages of its own language.
      const local = site.i18n ? items.filter((item) => localeOf(site, item.route) === own.locale) : items;
      const lists = template.collection ? listPages({ ...page, info: own }, template.collection, site, local, files) : [{ route: own.route, page: undefined }];
      for (const list of lists) {
        const info = list.route === own.route ? own : { ...own, route: list.route, canonical: list.route, ...(list.page && termPageInfo(own, list.page)) };
        const rendered = templates.renderPage({
          layout: templates.layout, template, data: page.data, page: info, site, assets, ...(list.page ? { collection: list.page } : {}),
          ...(page.components ? { components: { blocks: page.components, allowed: templates.markdown } } : {}),
        });
        // What the site's own CSP would block in the browser is an error here, not a silent failure there.
        const blocked = policyProblems(rendered.html, policy);
        if (blocked.length > 0) errors.push(...policyErrors({ ...own, route: list.route }, blocked, root));
        files.set(outputPathOf(list.route, site.trailingSlash), rendered.html);
        islands.set(list.route, rendered.islands);
      }
      routes.set(page.info.route, lists.map((list) => list.route));
    } catch (error) {
      errors.push(error instanceof SiteError ? error : templateError(error, page.info, root));
    }
  }
  return { files, islands, routes, errors };
}

/** Entries in a feed unless its template says otherwise: readers poll it, so it holds the latest, not the archive. */
const FEED_ENTRIES = 20;

/** The list pages a collection template's page becomes, its feeds added to `files` when it has them. */
function listPages(
  page: PageModel, query: NonNullable<SiteTemplates['pages'][string]['collection']>, site: SiteInfo, items: readonly CollectionItem[],
  files: Map<string, string>,
): { route: string; page?: CollectionPage }[] {
  const checked = checkedQuery(query, page.info.template);
  const feedsOf = (info: PageInfo, selected: readonly CollectionItem[]) => (checked.feed ? writeFeeds(info, selected, checked.feed, site, files) : undefined);
  // A taxonomy spans the whole site unless its query says `under`; with `feed`, each term has its own.
  if (checked.taxonomy) {
    return taxonomyPages(selectItems({ ...checked, under: checked.under ?? '/' }, page.info.route, items), page.info.route, checked.perPage,
      (term, termItems) => feedsOf({ ...page.info, route: term.route, ...termPageInfo(page.info, { items: termItems, page: 1, pages: 1, total: termItems.length, term }) }, termItems));
  }
  const selected = selectItems(checked, page.info.route, items);
  return paginate(selected, page.info.route, checked.perPage, feedsOf(page.info, selected));
}

/** A list's feeds, written into `files`; none for an empty list (Atom needs the date of a newest entry). */
function writeFeeds(
  info: PageInfo, selected: readonly CollectionItem[], feed: NonNullable<CollectionQuery['feed']>, site: SiteInfo, files: Map<string, string>,
): CollectionPage['feeds'] {
  if (!feed || selected.length === 0) return undefined;
  const options = typeof feed === 'object' ? feed : {};
  const formats = options.formats ?? FEED_FORMATS;
  const written = collectionFeeds(info, selected.slice(0, options.limit ?? FEED_ENTRIES), site, { title: options.title, formats });
  const feeds: NonNullable<CollectionPage['feeds']> = {};
  for (const [format, text] of written) {
    const route = feedRouteOf(info.route, format);
    files.set(route.slice(1), text);
    feeds[format] = route;
  }
  return feeds;
}
