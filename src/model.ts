import type { ReactNode, ComponentType } from 'react';
import type { ZodType } from 'zod';
import type { ValidationNotes, ValidationScope } from './template-api/scope.ts';
import type { MarkdownOutline, MarkdownReference, MarkdownRemoval } from './markdown/markdown.ts';
import type { MarkdownComponentCall } from './markdown/markdown-components.ts';
import type { SourcePart } from './markdown/markdown-source.ts';
import type { HydrateStrategy } from './client/hydration-moment.ts';
import type { UrlPolicy } from './base-path.ts';
import type { CardStyle, GateSettings, PageCard } from './integrations/api.ts';

/** The part of site.yaml that sitegen itself reads; the rest belongs to the layout. */
export interface SiteInfo extends UrlPolicy {
  name: string;
  url: string;
  lang: string;
  description: string;
  image?: string;
  favicon: string;
  themeColor?: string;
  /** Origins besides the site's own that pages may call (connect), post forms to (form) and load scripts from (script). */
  csp: { connect: string[]; form: string[]; script: string[]; img: string[]; media: string[] };
  /** The bot-detection check (the built-in gate integration, src/integrations/gate.ts). */
  gate?: GateSettings;
  /** Where the Core Web Vitals go (the built-in vitals integration, src/integrations/vitals.ts). */
  analytics?: { vitalsUrl?: string };
  /** What an unknown path gets: a redirect to `/`, or the not-found page with status 404. */
  fallback: 'redirect' | 'not-found';
  /** Old paths and where they go now (site.yaml's `redirects`; pages' `aliases` are on the pages). */
  redirects?: Record<string, string | { to: string; status: 301 | 302 }>;
  /** Social cards (the built-in cards integration, src/integrations/cards.ts): their colours and font, when site.yaml asks for them. */
  cards?: CardStyle;
  /** A Pagefind index of the pages in /pagefind/ (the search integration, src/integrations/search.ts), and WebAssembly allowed by the policy. */
  search?: boolean;
  /**
   * The languages of a site in more than one (src/i18n.ts): each with its tag and its name in
   * itself, in site.yaml's order; `lang` is the default one.
   */
  i18n?: { locales: { code: string; name: string }[]; prefixDefault: boolean; missing: 'fallback' | 'error' };
  /** The words sitegen writes into a page for its footnotes, by language, where the site gives its own (src/markdown/body-words.ts). */
  words?: Record<string, { footnotes?: string; backToReference?: string }>;
  /** The layout's own keys (banner, navbar, footer …), validated by its schema. */
  layout: Record<string, unknown>;
  /** content/data/NAME.yaml (or .json), each as its schema in templates/data.ts made it: `site.data.NAME`. */
  data: Readonly<Record<string, unknown>>;
  /** The year of the build, for copyright lines. */
  year: number;
}

/** What sitegen knows of a page besides its template's data. */
export interface PageInfo {
  route: string;
  file: string;
  template: string;
  title: string;
  description: string;
  canonical: string;
  image?: string;
  /** Its picture for link previews when it has no image of its own (its social card's address): an integration's `preview`. */
  card?: string;
  /** That picture's size and text alternative, as its integration gave them. */
  cardFacts?: { width?: number; height?: number; alt?: string };
  sitemap: boolean;
  noindex: boolean;
  /** The front matter's `date` (YYYY-MM-DD or an RFC 3339 date-time), as written. */
  date?: string;
  tags: string[];
  /** Built by `sitegen dev` (marked as a draft), never by `sitegen build`: `draft: true`, or scheduled. */
  draft: boolean;
  /** Its `date`, when that is after the build: a build leaves it out until then, dev shows it marked as scheduled. */
  scheduled?: string;
  /** The paths this page had before it moved; each redirects to it. */
  aliases?: string[];
  /** Its language's tag: the locale folder it is in, or site.lang (set when it is rendered). */
  locale?: string;
  /** On a site with several languages, this page in each of them, for a language switcher (src/i18n.ts). */
  translations?: Translation[];
  /** Its place in a menu made of the site's pages (front matter `sidebar`), when it says. */
  sidebar?: PageSidebar;
  /**
   * When its content file last changed: the date of the last commit that touched it in a git work tree, else the
   * file's modification time (ISO 8601). A page reused from the last build keeps the date it was built with.
   */
  updated?: string;
  /** A Markdown page's headings as a tree (h2 under the h1 before it …), with the ids the page gives them: a table of contents. */
  headings?: PageHeading[];
  /** Minutes to read a Markdown page's body, at 200 words a minute (code blocks not counted); at least 1. */
  readingTime?: number;
  /** The text before `<!--more-->` in a Markdown body, else the description: what a list shows of the page. */
  summary?: string;
  /** Its picture for a list, when its template says which (TemplateModule.cover). */
  cover?: ListImage;
}

/** A page's place in a menu made of the site's pages: its label there, its order among its folder's pages, or none. */
export interface PageSidebar {
  label?: string;
  order?: number;
  hidden: boolean;
}

/** A heading of a page, with the headings under it. */
export interface PageHeading {
  depth: number;
  text: string;
  id: string;
  children: PageHeading[];
}

/** A page in one of the site's languages, as a language switcher links to it. */
export interface Translation {
  /** The language's tag (`de`) and its name in itself (`Deutsch`). */
  locale: string;
  name: string;
  /** The page in that language or, when it has no translation there, that language's home page. */
  route: string;
  /** Whether this is the page being rendered. */
  current: boolean;
  /** Whether `route` is this page in that language (false: the language's home page). */
  translated: boolean;
}

/**
 * What a template asks of the other pages (exported as `collection` beside its
 * schema): those under a folder or with a tag, sorted, paginated, with a feed.
 */
export interface CollectionQuery {
  /** Pages whose route is under this one ('/news' → '/news/…'); default: the page's own route. */
  under?: string;
  /** Only pages with this tag in their `tags`. */
  tag?: string;
  /** The field to sort by (default date); pages without it come last. */
  sortBy?: 'date' | 'title' | 'route';
  /** Default: desc for dates (newest first), asc otherwise. */
  order?: 'asc' | 'desc';
  /** Items per list page: /news, /news/2, … (default: all on one page). */
  perPage?: number;
  /**
   * The collection's feeds, linked from the list pages' head: Atom at ROUTE/feed.atom, RSS 2.0 at
   * ROUTE/feed.rss and JSON Feed at ROUTE/feed.json (`formats` picks some), each with its first `limit`
   * items (default 20) in the collection's order. `content: true` puts each entry's content in its item, as
   * its page shows it (sanitised, addresses absolute), beside its summary.
   */
  feed?: boolean | { title?: string; limit?: number; formats?: FeedFormat[]; content?: boolean };
  /**
   * Hugo's taxonomies: this page becomes the index of every tag the pages use
   * (`terms`), and each tag gets its list pages under this page's route
   * (/tags/fraud, /tags/fraud/2, … with `term`), over the whole site unless
   * `under` says otherwise.
   */
  taxonomy?: 'tags';
}

/** One tag of a taxonomy: as the pages write it, its address, and how many pages have it. */
export interface TaxonomyTerm {
  name: string;
  slug: string;
  route: string;
  count: number;
}

export type FeedFormat = 'atom' | 'rss' | 'json';

/** A page as other pages' collections see it. */
export interface CollectionItem {
  route: string;
  /** Its content file, for errors about it. */
  file: string;
  title: string;
  description: string;
  /** Its summary (the text before `<!--more-->`, else its description) and reading time, for a list to show. */
  summary?: string;
  readingTime?: number;
  date?: string;
  tags: string[];
  draft: boolean;
  /** Its front matter's `sidebar`, when it has one: its label, order and whether it is hidden in a menu of pages. */
  sidebar?: PageSidebar;
  /** Its picture for a list, when its template says which (TemplateModule.cover). */
  cover?: ListImage;
}

/** One list page of a collection, as its template receives it. */
export interface CollectionPage {
  items: CollectionItem[];
  /** 1-based number of this list page, and how many there are. */
  page: number;
  pages: number;
  /** Items in the whole collection. */
  total: number;
  previous?: string;
  next?: string;
  /** The first feed's path (/news/feed.atom), when the collection has feeds. */
  feed?: string;
  /** Each feed's path by format, when the collection has feeds. */
  feeds?: Partial<Record<FeedFormat, string>>;
  /** A taxonomy's every term, on its index and on each term's pages. */
  terms?: TaxonomyTerm[];
  /** The term a taxonomy's list page is for (absent on the index). */
  term?: TaxonomyTerm;
  /** The route of a taxonomy's index (/tags), on every one of its pages. */
  index?: string;
}

export interface PageProps<Data = Record<string, unknown>> {
  data: Data;
  page: PageInfo;
  site: SiteInfo;
  /** This list page of the collection the template asks for (TemplateModule.collection). */
  collection?: CollectionPage;
}

export interface LayoutProps {
  page: PageInfo;
  site: SiteInfo;
  children: ReactNode;
}

/** A page template: templates/pages/NAME.tsx. */
export interface TemplateModule {
  schema: ZodType;
  default: ComponentType<PageProps<any>>;
  /** Structured data (JSON-LD) for the page's head. */
  jsonLd?: (props: PageProps<any>) => object | undefined;
  /**
   * Extra elements for the page's head, rendered after the shell's own
   * (the /license page's meta refresh, which must be in the head to work
   * without JavaScript). Keep it to meta and link elements.
   */
  head?: (props: PageProps<any>) => ReactNode;
  /** The other pages this template lists; the page is then rendered once per list page. */
  collection?: CollectionQuery;
  /**
   * Its pages' social cards, when site.yaml asks for cards: the layout (`headline`, `centered`) and words other
   * than the section and title, for every page or by page; false for none.
   */
  card?: PageCard | false | ((props: PageProps<any>) => PageCard | false);
  /**
   * The picture a list shows for a page of this template (a post's feature image on the home page and in the cards),
   * from its validated data: `export const cover = (data) => data.cover`. Lists read it as their items' `cover`.
   */
  cover?: (data: any) => ListImage | undefined;
}

/** A picture as an image() field gives it: what a list needs to draw it, its variants included. */
export interface ListImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  sources?: { type: string; srcSet: string }[];
}

/** The frame around every page: templates/layout.tsx. */
export interface LayoutModule {
  schema: ZodType;
  default: ComponentType<LayoutProps>;
}

/** A page ready to render: what sitegen knows of it and its template's data. */
export interface PageModel {
  info: PageInfo;
  data: Record<string, unknown>;
  /** The component blocks of its Markdown body, validated, in the order of their placeholders. */
  components?: MarkdownBlock[];
  /** Its Markdown body as written, for the page's Markdown (src/markdown/page-markdown.ts), when it is fit to keep. */
  markdown?: SourcePart[];
}

/** A component block of a Markdown body after validation: what the render stage puts in its placeholder. */
export interface MarkdownBlock {
  name: string;
  props: Record<string, unknown>;
  /** For an island: when it hydrates. */
  hydrate?: HydrateStrategy;
  /** A code block's `code` entry (no editor wrote it): rendered with the page's language as `lang`. */
  implicit?: true;
  /** Its Markdown body is rendered after its placeholder, up to its end marker: the component's children. */
  body?: true;
}

/**
 * What a Markdown body may name (templates/markdown.ts exports it as
 * `markdown`): each entry a component and the zod schema of its props, or,
 * with `island`, the name of an island in templates/islands/ and the
 * moment it hydrates unless the block says `hydrate:`.
 */
export type MarkdownComponents = Readonly<Record<string, MarkdownComponent>>;

export interface MarkdownComponent {
  component: ComponentType<any>;
  schema: ZodType;
  island?: string;
  hydrate?: HydrateStrategy;
  /**
   * The https origins it puts in a frame (a video player): the site's frame-src allows them, and only on the
   * pages that use it (a block of it in their Markdown, or its island in their template); every other page
   * closes frame-src with a policy of its own in its head.
   */
  frames?: readonly string[];
  /**
   * It takes a Markdown body: what a block writes after its props and a `---` line, rendered as the page's own
   * Markdown is, reaches the component as `children`. (Not for an island, whose props travel to the browser.)
   */
  body?: boolean;
}

export interface SiteModel {
  site: SiteInfo;
  pages: PageModel[];
}

/** What a build keeps of a page it made (all the next build needs of an unchanged one). */
export interface PageSummary extends Pick<PageInfo, 'route' | 'file' | 'sitemap' | 'aliases'> {
  islands: string[];
  /** CSP hashes of the inline scripts and styles integrations put in its head (the build adds them to the policy). */
  inline?: { scripts: string[]; styles: string[] };
  /** What collections list of it (kept by the build cache, so reused pages are listed too). */
  item?: CollectionItem;
  /** Its picture for link previews from an integration's `preview` hook (its social card), with the note that integration keeps. */
  preview?: { integration: string; image: string; note?: unknown };
}

/** The hashed files a page links to, with their integrity hashes. */
export interface PageAssets {
  css: { href: string; integrity: string };
  /** The runtime of a page without islands (src/client/runtime-page.ts). */
  runtime: { src: string; integrity: string };
  /** The runtime of a page with islands, with their machinery: when each hydrates, how its chunk loads (src/client/runtime-islands.ts). */
  runtimeIslands?: { src: string; integrity: string };
  /** Island name → chunk URL and integrity. */
  islands: Readonly<Record<string, { src: string; integrity: string }>>;
  /** The integrations' browser code the runtime may import, by integration name (src/integrations/api.ts `client`). */
  clients?: Readonly<Record<string, { src: string; integrity: string; timing: 'before-islands' | 'idle' }>>;
  /**
   * What the render adds from the integrations' `client` hooks for this site: each script's settings by integration
   * name (the page's config element holds them), and the chunks the islands wait for, preloaded. Absent: none runs.
   */
  client?: { settings: Readonly<Record<string, unknown>>; preload: readonly { src: string; integrity: string }[] };
  /** The font files the stylesheet names: preloaded, so that text seldom changes face after the first paint. */
  fonts?: readonly string[];
  /** Inline scripts in the head, already hashed into the CSP by the build. */
  inlineHead: readonly string[];
  /** The import map's JSON (integrity of every bundle script), hashed into the CSP by the build. */
  importMap?: string;
  /** Extra scripts (the live-reload client in `sitegen dev`). */
  devScripts: readonly string[];
}

export type { HeadElement } from './integrations/api.ts';

export interface RenderInput {
  /** What integrations add to this page's head (src/integrations/api.ts `head`). */
  head?: readonly import('./integrations/api.ts').HeadElement[];
  /** What integrations add to the head of each page of its collection (a feed's link). */
  listHead?: readonly import('./integrations/api.ts').HeadElement[];
  layout: LayoutModule;
  template: TemplateModule;
  data: Record<string, unknown>;
  page: PageInfo;
  site: SiteInfo;
  assets: PageAssets;
  collection?: CollectionPage;
  /** The page's component blocks, and the components they name. */
  components?: { blocks: readonly MarkdownBlock[]; allowed: MarkdownComponents };
}

export interface RenderedPage {
  html: string;
  islands: string[];
  /** The HTML of each component block of its Markdown body, by index (the page's Markdown reads them). */
  blocks?: string[];
}

/** A site's compiled templates as imported from their bundle: the schemas and components, and the bundle's shell. */
export interface SiteTemplates {
  layout: LayoutModule;
  pages: Readonly<Record<string, TemplateModule>>;
  /** templates/data.ts's `data`: the schema of each data file, by name (none without that module). */
  data: Readonly<Record<string, ZodType>>;
  /** templates/markdown.ts's `markdown`: the components a Markdown body may name (none without that module). */
  markdown: MarkdownComponents;
  /** Runs a parse with the scope the bundle's schema helpers check against (src/template-api/scope.ts). */
  withValidationScope<T>(scope: ValidationScope, parse: () => T): { result: T; notes: ValidationNotes };
  renderPage(input: RenderInput): RenderedPage;
  /** The compiled bundle on disk, which worker threads import. */
  moduleFile: string;
  /** sitegen.config.ts's default export, bundled with the templates (undefined without one): src/pipeline/integrations.ts reads it. */
  config?: unknown;
}

/** A content file as read from disk, before validation. */
export interface RawDoc {
  /** Path relative to the site root, with forward slashes. */
  file: string;
  /** The route it becomes (`/` for index), or undefined for site.yaml and private files. */
  route?: string;
  kind: 'yaml' | 'markdown';
  source: string;
  data: unknown;
  /** Markdown body (without the front matter). */
  body?: string;
  /** The Markdown body as HTML, when a page job converted it ahead of validation. */
  html?: string;
  /** The links and images to this site in the Markdown body, found by that same conversion. */
  references?: MarkdownReference[];
  /** The component blocks in the Markdown body, found by that same conversion. */
  components?: MarkdownComponentCall[];
  /** What the sanitiser removed from the Markdown body, found by that same conversion: a warning each. */
  removed?: MarkdownRemoval[];
  /** The Markdown body's headings, words and summary, found by that same conversion. */
  outline?: MarkdownOutline;
  /** The Markdown body as written, for the page's Markdown, found by that same conversion (when it is fit to keep). */
  markdown?: SourcePart[];
  /** Finds the line and column of a field path in this file. */
  locate(fieldPath: readonly PropertyKey[], key?: string): { line: number; column: number };
}

/** An integration's browser code (src/integrations/api.ts `client`), as the runtime carries it. */
export interface ClientModule {
  /** The integration's name: the key of its settings in the page's config. */
  name: string;
  module: string;
  timing: 'before-islands' | 'idle';
  /** Its fault, told at the integration's origin (the line of sitegen.config.ts that added it). */
  fault(message: string): Error;
}

/** The integrations' browser code: asked for only when the bundle is made afresh. */
export interface ClientModules {
  /** Asked only once esbuild reaches the runtime's table of them: the bundle starts before the configuration is loaded. */
  list(): Promise<readonly ClientModule[]>;
  /** What the list depends on besides sitegen's own sources: the site's compiled configuration (`none` without one). */
  key(): Promise<string>;
}

/** What the pages need of the bundle stage's output: the asset URLs, their SRI hashes, each island's imports. */
export interface BundledAssets {
  assets: Omit<PageAssets, 'inlineHead' | 'devScripts'>;
  /** URL path → SRI hash, for every script and stylesheet. */
  integrity: Map<string, string>;
  /** Island name → the chunk URLs it imports besides its own (React and shared code). */
  imports: Record<string, string[]>;
}
