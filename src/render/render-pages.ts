/**
 * The render stage's core: each validated page rendered inside the document
 * shell by the compiled templates, to HTML by output path. A template that
 * throws gives a template error (src/render/template-error.ts), never a
 * content error: the editor's file is not at fault.
 */
import { SiteError } from '../errors.ts';
import { listPageKeyOf } from '../cache/ledger.ts';
import type { CollectionItem, CollectionPage, PageAssets, PageInfo, PageModel, PageSummary, SiteInfo, SiteTemplates } from '../model.ts';
import { checkedQuery, paginate, selectItems } from './collections.ts';
import { pageLink } from '../base-path.ts';
import { inlineCodeOf, integrationSite, integrationsOf, isListed } from '../pipeline/integrations.ts';
import type { HookRunner } from '../pipeline/hook-runner.ts';
import { cspHash, type HeadElement, type RenderedPage } from '../integrations/api.ts';
import { pageMarkdownOf, type PageForMarkdown } from '../markdown/page-markdown.ts';
import { withBodyWords } from '../markdown/body-words.ts';
import { templateError } from './template-error.ts';
import { entryContentOf } from './entry-content.ts';
import { framingOf, withPageFrames } from './component-frames.ts';
import { taxonomyPages, termPageInfo } from './taxonomy.ts';
import { pagePolicyOf, policyErrors, policyProblems } from './policy-check.ts';

import { outputPathOf } from '../output-path.ts';
import { localeOf, translationsOf } from '../i18n.ts';

export interface RenderedPages {
  /** Output path → HTML. */
  files: Map<string, string>;
  /** Route → the islands its page uses. */
  islands: Map<string, string[]>;
  /** Route → the CSP hashes of the inline code integrations put in its head. */
  inline: Map<string, PageSummary['inline']>;
  /** Content route → every route its file became (a collection's list pages: /news, /news/2, …). */
  routes: Map<string, string[]>;
  /** Route → its social card, for the emit stage to draw. */
  previews: Map<string, NonNullable<PageSummary['preview']>>;
  /** Route → the files integrations made from its page (`page` hook), written beside it. */
  derived: Map<string, string[]>;
  /** A list page's route → the key of what its collection gave it (see SiteContext.keepList). */
  listKeys: Map<string, string>;
  /** The list pages not rendered, as keepList asked: the last build's files stand for them. */
  keptLists: Set<string>;
  errors: SiteError[];
}

/** What a page's render reads of the others: every route (for its translations), and what collections list. */
export interface SiteContext {
  routes: ReadonlySet<string>;
  items?: readonly CollectionItem[];
  /** A built page's HTML by route, for a collection hook that asks for an entry's content (lists render after the other pages). */
  readPage?: (route: string) => string | undefined;
  /**
   * Whether a list page may keep the last build's file: asked with its route and the key of what its collection
   * gives it (its items, numbering, terms and feed links, and the head integrations add to it). The list's feeds
   * are made either way.
   */
  keepList?: (route: string, key: string) => boolean;
}

/**
 * The items a collection template's page lists, in their order: all that its list pages and feeds show of the other
 * pages (of its own language, as renderPages gives them).
 */
export function listedItems(page: PageModel, templates: Pick<SiteTemplates, 'pages'>, site: SiteInfo, items: readonly CollectionItem[]): CollectionItem[] {
  const query = checkedQuery(templates.pages[page.info.template].collection!, page.info.template);
  return selectionOf(query, page.info.route, localItems(site, page.info.route, items));
}

/** A collection lists the pages of its own language. */
function localItems(site: SiteInfo, route: string, items: readonly CollectionItem[]): readonly CollectionItem[] {
  const locale = localeOf(site, route);
  return site.i18n ? items.filter((item) => localeOf(site, item.route) === locale) : items;
}

/** What a list page's query selects: a taxonomy spans the whole site unless its query says `under`. */
function selectionOf(query: ReturnType<typeof checkedQuery>, route: string, items: readonly CollectionItem[]): CollectionItem[] {
  return selectItems(query.taxonomy ? { ...query, under: query.under ?? '/' } : query, route, items);
}

export function renderPages(
  pages: readonly PageModel[], templates: Pick<SiteTemplates, 'layout' | 'pages' | 'renderPage' | 'markdown' | 'config'>, site: SiteInfo, assets: PageAssets,
  root: string, context: SiteContext,
): RenderedPages {
  const items = context.items ?? [];
  const { hooks } = integrationsOf(templates.config, site, root);
  const view = integrationSite(site);
  // What the integrations add to the policy (their faults were told once, before any page rendered: pipeline.ts renderPhase).
  const sources = hooks.csp(view, []);
  const policy = pagePolicyOf(site, [...assets.inlineHead, ...(assets.importMap ? [assets.importMap] : [])], sources);
  const framing = framingOf(templates.markdown);
  const files = new Map<string, string>();
  const islands = new Map<string, string[]>();
  const inline = new Map<string, PageSummary['inline']>();
  const routes = new Map<string, string[]>();
  const previews = new Map<string, NonNullable<PageSummary['preview']>>();
  const previewing = hooks.has('preview');
  const derived = new Map<string, string[]>();
  const listKeys = new Map<string, string>();
  const keptLists = new Set<string>();
  const paging = hooks.has('page');
  const errors: SiteError[] = [];
  for (const page of pages) {
    const template = templates.pages[page.info.template];
    const own = { ...page.info, locale: localeOf(site, page.info.route), translations: translationsOf(site, page.info.route, context.routes) };
    // A Markdown body's own words (its footnotes' heading) in the page's language.
    const body = typeof page.data.body === 'string' ? withBodyWords(page.data.body, own.locale ?? site.lang, site.words) : undefined;
    const data = body === undefined || body === page.data.body ? page.data : { ...page.data, body };
    try {
      const local = localItems(site, own.route, items);
      const lists = template.collection
        ? listPages({ ...page, info: own }, template.collection, site, local, { files, hooks, errors, readPage: context.readPage })
        : [{ route: own.route, page: undefined, head: undefined }];
      // A list page (its template pages or groups a collection) is what it lists: its Markdown is made from its HTML, as
      // a template page's is. A collection that is not paged or grouped is the page's surroundings (a sidebar).
      const listing = template.collection !== undefined && (template.collection.perPage !== undefined || template.collection.taxonomy !== undefined);
      for (const list of lists) {
        if (template.collection && context.keepList) {
          const key = listPageKeyOf(list);
          listKeys.set(list.route, key);
          if (context.keepList(list.route, key)) {
            keptLists.add(list.route);
            continue;
          }
        }
        const listed = list.route === own.route ? own : { ...own, route: list.route, canonical: list.route, ...(list.page && termPageInfo(own, list.page)) };
        const asked = {
          site: view, route: listed.route, title: listed.title, description: listed.description, lang: listed.locale ?? site.lang, template: listed.template,
          listed: isListed(listed),
        };
        // Its picture for link previews when it has none of its own (the social card): the template may choose the card's layout and words.
        let info = listed;
        if (previewing && listed.image === undefined) {
          const chosen = typeof template.card === 'function' ? template.card({ data: page.data, page: listed, site, collection: list.page }) : template.card;
          const preview = hooks.preview({ ...asked, ...(chosen !== undefined ? { card: chosen } : {}) }, errors);
          if (preview) {
            const { integration, image, width, height, alt, note } = preview;
            info = { ...listed, card: image, cardFacts: { ...(width ? { width } : {}), ...(height ? { height } : {}), ...(alt ? { alt } : {}) } };
            previews.set(list.route, { integration, image, ...(note !== undefined ? { note } : {}) });
          }
        }
        const added = hooks.head(asked, errors);
        const head = added.map(({ element }) => element);
        const rendered = templates.renderPage({
          layout: templates.layout, template, data, page: info, site, assets, ...(list.page ? { collection: list.page } : {}),
          ...(page.components ? { components: { blocks: page.components, allowed: templates.markdown } } : {}),
          ...(head.length > 0 ? { head } : {}), ...(list.head ? { listHead: list.head } : {}),
        });
        const code = inlineCodeOf(head);
        const inlined = [...code.scripts, ...code.styles];
        if (inlined.length > 0) inline.set(list.route, { scripts: code.scripts.map(cspHash), styles: code.styles.map(cspHash) });
        // What the site's own CSP would block in the browser is an error here, not a silent failure there: an integration's at its source.
        const blocked = policyProblems(rendered.html, inlined.length === 0 ? policy : { ...policy, hashed: new Set([...policy.hashed, ...inlined]) });
        const others = [];
        for (const problem of blocked) {
          const owner = problem.url === undefined ? undefined : added.find(({ element }) => Object.values(element.attributes ?? {}).includes(problem.url!));
          if (!owner) others.push(problem);
          else errors.push(hooks.fault(owner.integration, 'head', `${info.route} holds ${problem.message}: declare it in the integration's csp`));
        }
        if (others.length > 0) errors.push(...policyErrors({ ...own, route: list.route }, others, root));
        const html = withPageFrames(rendered.html, framing, { islands: rendered.islands, blocks: page.components }, sources.frame ?? []);
        files.set(outputPathOf(list.route, site.trailingSlash), html);
        islands.set(list.route, rendered.islands);
        // What integrations make of the page as rendered (its Markdown twin): written and reused with it.
        if (paging) {
          const link = pageLink(site, list.route);
          const url = new URL(link, site.url).href;
          const source = listing || list.route !== own.route ? undefined : page.markdown;
          const made = hooks.page(withMarkdown({ ...asked, html, path: link, url, trailingSlash: site.trailingSlash }, {
            title: info.title, description: info.description, date: info.date, html, url, source, blocks: rendered.blocks,
          }, site), errors);
          for (const [file, text] of made) files.set(file, text);
          if (made.size > 0) derived.set(list.route, [...made.keys()]);
        }
      }
      routes.set(page.info.route, lists.map((list) => list.route));
    } catch (error) {
      errors.push(error instanceof SiteError ? error : templateError(error, page.info, root));
    }
  }
  return { files, islands, inline, routes, previews, derived, listKeys, keptLists, errors };
}

/** The list pages a collection template's page becomes, with what integrations add to each list (its feeds, written into `files`). */
function listPages(
  page: PageModel, query: NonNullable<SiteTemplates['pages'][string]['collection']>, site: SiteInfo, items: readonly CollectionItem[],
  out: { files: Map<string, string>; hooks: HookRunner; errors: SiteError[]; readPage?: SiteContext['readPage'] },
): { route: string; page?: CollectionPage; head?: readonly HeadElement[] }[] {
  const { files, hooks, errors, readPage } = out;
  const checked = checkedQuery(query, page.info.template);
  const url = (route: string) => new URL(pageLink(site, route), site.url).href;
  const content = (entry: { route: string }) => {
    const html = readPage?.(entry.route);
    return html === undefined ? undefined : entryContentOf(html, url(entry.route));
  };
  const heads = new Map<string, readonly HeadElement[]>();
  // The collection hook of every integration, once per list: its files beside the list, its links for the template.
  const outputsOf = (info: PageInfo, selected: readonly CollectionItem[]): CollectionPage['feeds'] => {
    const output = hooks.collection({
      site: integrationSite(site), route: info.route, title: info.title, description: info.description, source: info.file,
      entries: selected, query: checked, lang: info.locale ?? site.lang, url, content,
    }, errors, (name) => (files.has(name) ? 'a page of the site, or a file made from one' : undefined));
    for (const [route, text] of Object.entries(output.files)) files.set(route.replace(/^\/+/, ''), text);
    if (output.head.length > 0) heads.set(info.route, output.head);
    return Object.keys(output.links).length > 0 ? output.links as CollectionPage['feeds'] : undefined;
  };
  const withHead = (lists: { route: string; page: CollectionPage }[], listRoute: string) => lists.map((list) => ({ ...list, head: heads.get(listRoute) }));
  // Each term of a taxonomy is a list of its own.
  if (checked.taxonomy) {
    const terms = taxonomyPages(selectionOf(checked, page.info.route, items), page.info.route, checked.perPage,
      (term, termItems) => outputsOf({ ...page.info, route: term.route, ...termPageInfo(page.info, { items: termItems, page: 1, pages: 1, total: termItems.length, term }) }, termItems));
    return terms.map((list) => ({ ...list, head: list.page.term ? heads.get(list.page.term.route) : undefined }));
  }
  const selected = selectionOf(checked, page.info.route, items);
  return withHead(paginate(selected, page.info.route, checked.perPage, outputsOf(page.info, selected)), page.info.route);
}

/**
 * The page for the `page` hook, its Markdown made when an integration first asks (and once). A method rather than a
 * getter: an accessor defined on each page gave each its own hidden class (measured: 70 MB more and slower hooks at
 * 5,000 pages, even with no integration asking).
 */
function withMarkdown(page: Omit<RenderedPage, 'markdown'>, input: PageForMarkdown, site: SiteInfo): RenderedPage {
  let markdown: string | undefined;
  return { ...page, markdown: () => (markdown ??= pageMarkdownOf(input, site)) };
}
