/**
 * `sitegen/config`: what a site's code configuration (sitegen.config.ts) and
 * an integration import of sitegen. An integration adds to the one road at
 * named points, and nowhere else:
 *
 *   load ─────▶ validate ─▶ render ───────────────▶ emit ────────────────▶ done
 *   pages       markdown    head, page, collection  files, robots, csp     buildDone
 *               schemas     preview
 *
 * - `pages`: pages made from code (from data fetched at build time), each
 *   validated and built like a content file, its errors naming the
 *   integration's folder.
 * - `markdown`: marked extensions for every Markdown body. Their output goes
 *   through the same sanitiser as raw HTML: an integration cannot put on a
 *   page what an editor could not.
 * - `head`: elements for the <head> of each page it returns them for. An
 *   inline script or style is hashed into the site's CSP by the build.
 * - `preview`: a page's picture for link previews (the social card), for a
 *   page without one of its own.
 * - `csp`: the sources the integration's pages need (an analytics host),
 *   merged into the policy of every host sitegen writes headers for; a
 *   function of the site when they come from site.yaml.
 * - `client`: code for the browser, which the runtime on every page loads
 *   and calls with settings made from the site: before the islands hydrate
 *   (the bot-detection gate) or beside them (the web-vitals beacon).
 * - `page`: files made from each page as it renders (its Markdown twin),
 *   in the render threads, written beside it and reused with it.
 * - `collection`: files beside a collection's list page (its feeds), and
 *   the links the list's template receives for them.
 * - `files`: files to write into the output, from the list of pages.
 * - `robots`: lines for robots.txt (the sitemap's `Sitemap:`), which the
 *   built-in robots integration writes when any integration gives one.
 *   `files` is also handed the site's response headers (its security
 *   policy), which the built-in headers integration writes for hosts.
 * - `buildDone`: after every page is built: read them, and write files (an
 *   index for a search).
 * - `watch`: files under the site root that `sitegen dev` rebuilds on.
 * - `schemas`: the content's schemas as JSON Schema, whenever they change,
 *   for editors' tools (the built-in schemas integration writes them for
 *   VS Code).
 * - `check`: what `sitegen check` should find wrong in the files the
 *   integration wrote (llms.txt's addresses, say): sitegen itself knows
 *   only pages, links and images.
 *
 * Search, the feeds, the sitemap, robots.txt, the host header files, the
 * editors' schemas, the social cards, what agents read (llms.txt, Markdown
 * twins, the discovery manifest), the bot-detection gate and the web-vitals
 * beacon are integrations of this kind (./search.ts, ./feeds.ts,
 * ./sitemap.ts, ./robots.ts, ./headers.ts, ./schemas.ts, ./cards.ts,
 * ./agents.ts, ./gate.ts, ./vitals.ts), using this module only.
 */
import { createHash } from 'node:crypto';
import type { z, ZodType } from 'zod';
import type { MarkedExtension } from 'marked';

/** The CSP directives an integration may add sources to, by their short names (`img` is img-src). */
export const CSP_DIRECTIVES = ['script', 'style', 'img', 'media', 'font', 'connect', 'frame', 'form'] as const;
export type CspDirective = (typeof CSP_DIRECTIVES)[number];
/** Origins (`https://cdn.example.com`, `https://*.example.com`) per directive; `script` may also take 'wasm-unsafe-eval'. */
export type CspSources = Partial<Record<CspDirective, readonly string[]>>;

/** An element for a page's <head>. `content` is the text of a script or style; an inline one is hashed into the CSP. */
export interface HeadElement {
  tag: 'script' | 'style' | 'link' | 'meta';
  attributes?: Readonly<Record<string, string | true>>;
  content?: string;
}

/** The site, as integrations see it. */
export interface IntegrationSite {
  name: string;
  /** The absolute URL the site is published at (`https://example.com`). */
  url: string;
  lang: string;
  description: string;
  /** `/docs` when the site lives under a path; '' otherwise. */
  basePath: string;
  trailingSlash: 'never' | 'always';
  /** The languages of a site in several, the default first. */
  locales?: readonly string[];
  /** site.yaml's `cards`, when the site asks for social cards: their look (the built-in cards integration draws them). */
  cards?: CardStyle;
  /** site.yaml's `gate`, when the site has a bot-detection check (the built-in gate integration runs it). */
  gate?: GateSettings;
  /** site.yaml's `analytics`: where the built-in vitals integration sends the Core Web Vitals. */
  analytics?: { vitalsUrl?: string };
  /** site.yaml's keys that belong to the layout, as its schema checked them (a starter's `theme`, its menu). */
  layout: Readonly<Record<string, unknown>>;
}

/** The bot-detection check of site.yaml's `gate`: the provider's script, the tenant, its global function, and what waits for it. */
export interface GateSettings {
  script: string;
  tenantId: string;
  /** A global function, dotted names allowed (`Provider.check`). */
  function: string;
  /** `page`: the page stays hidden until the check succeeds; `islands`: the page shows, its islands wait. */
  mode: 'page' | 'islands';
}

/** The look of the social cards, from site.yaml's `cards`. */
export interface CardStyle {
  background: string;
  text: string;
  accent: string;
  /** A font file from the site's root, and a hash of its bytes; sitegen's own Plus Jakarta Sans without one. */
  font?: string;
  fontHash?: string;
}

/** The layouts of a social card: the title at the left under its section, or centred. */
export const CARD_LAYOUTS = ['headline', 'centered'] as const;
export type CardLayout = (typeof CARD_LAYOUTS)[number];

/** What a template's `card` export gives for a page: its card's layout, and words other than the default. */
export interface PageCard {
  layout?: CardLayout;
  /** The small line above the title (default: the page's section, from its address). */
  eyebrow?: string;
  title?: string;
}

/** A page of the build, as integrations see it. */
export interface IntegrationPage {
  route: string;
  /** Its address on the site, base path and trailing slash included (`/docs/about/`). */
  path: string;
  /** Its absolute URL. */
  url: string;
  /** The HTML file in the output (`about.html`, `about/index.html`). */
  file: string;
  /** The content file it comes from (`content/pages/about.md`). */
  source: string;
  title: string;
  description: string;
  lang: string;
  /** Whether a visitor may find it from outside: in the sitemap, in a search (not the not-found page, not `sitemap: false`). */
  listed: boolean;
  /** A content page, as opposed to a list page a collection made (/news/2). */
  content: boolean;
  /** When its content last changed (ISO 8601), from git or the file. */
  lastmod?: string;
  /** Its translations, each language's address (hreflang, as the head names them). */
  alternates: readonly { hreflang: string; url: string }[];
  /** The files integrations made from it as it rendered (the `page` hook), by path in the output. */
  files: readonly string[];
  /** Its picture for link previews, when an integration's `preview` hook gave it one: which integration, and its note. */
  preview?: { integration: string; image: string; note?: unknown };
}

/** What `head` is asked about: one page being rendered. */
export interface HeadPage {
  site: IntegrationSite;
  route: string;
  title: string;
  description: string;
  lang: string;
  template: string;
  /** Whether a visitor may find it from outside (as IntegrationPage.listed). */
  listed: boolean;
}

/** What `preview` is asked about: a page about to render that has no picture of its own (`image`) for link previews. */
export interface PreviewPage extends HeadPage {
  /** What the page's template says of its card (its `card` export, for this page): a layout and words, or false for none. */
  card?: PageCard | false;
}

/**
 * A page's picture for link previews (its og:image and twitter:image): its address, what the head says of it, and
 * a note the integration wants back when it writes the picture (IntegrationPage.preview: it is kept with the page
 * while the page is reused).
 */
export interface PagePreview {
  /** A path on the site (`/assets/cards/NAME.png`, which the integration's `files` hook then writes), or an https URL. */
  image: string;
  width?: number;
  height?: number;
  /** Its text alternative (default: the page's title). */
  alt?: string;
  /** Plain data (JSON). */
  note?: unknown;
}

/** What `page` is asked about: one page as it was rendered. */
export interface RenderedPage extends HeadPage {
  /** Its absolute URL. */
  url: string;
  /** Its address with the base path (`/docs/about`), as the site links it. */
  path: string;
  /** The site's trailing-slash style, for a file beside it. */
  trailingSlash: 'never' | 'always';
  html: string;
  /**
   * The page as Markdown, made on the first call: a page made from a Markdown file is its Markdown as the editor
   * wrote it (code blocks byte for byte, every address on the site absolute, each component block as its HTML
   * reads in Markdown), any other page its `<main>` as rendered; its title heads it (src/markdown/page-markdown.ts).
   */
  markdown(): string;
}

/** An entry of a collection, as its list holds it. */
export interface CollectionEntry {
  route: string;
  /** Its content file. */
  file: string;
  title: string;
  description: string;
  date?: string;
  tags: readonly string[];
}

/** What `collection` is asked about: one collection's list, with its entries in its order, and the query its template asked with. */
export interface CollectionList {
  site: IntegrationSite;
  /** The list page's route (/news, /tags/photos), its title and description, and its content file. */
  route: string;
  title: string;
  description: string;
  source: string;
  entries: readonly CollectionEntry[];
  /** The template's collection query (its `feed` option, say). */
  query: Readonly<Record<string, unknown>>;
  /** The language of the list's pages. */
  lang: string;
  /** The absolute URL the site writes for a route or file (base path and trailing slash as the site has them). */
  url(route: string): string;
  /**
   * An entry's content as built, for a feed that carries it: its page's `<main>` without its title (h1), navigation,
   * forms, buttons or scripts, sanitised, every address absolute. Undefined for an entry whose page has no `<main>`.
   * A list whose integration reads this is rendered again whenever any page changes, not only its entries' summaries.
   */
  content(entry: CollectionEntry): string | undefined;
}

/** What `collection` gives back: files by route (`/news/feed.atom`), links the list's template receives by name (`atom`), and head elements for each of the list's pages. */
export interface CollectionOutput {
  files?: Readonly<Record<string, string>>;
  links?: Readonly<Record<string, string>>;
  head?: readonly HeadElement[];
}

/** What the hooks after the pages are given: the site, and every page of the build. */
export interface BuildContext {
  site: IntegrationSite;
  pages: readonly IntegrationPage[];
}

/**
 * A file of the output copied from a file on disk (one the integration keeps in its cacheDir): `named: 'by-content'`
 * says that its name in the output is made from its bytes, so that an output updated in place that holds a file of
 * that name keeps it as it is, unread.
 */
export interface FileCopy {
  copy: string;
  named?: 'by-content';
}

/** A file an integration adds to the output: its text, its bytes, or a copy of a file on disk. */
export type OutputFile = string | Uint8Array | FileCopy;

export interface FilesContext extends BuildContext {
  /** The site's root folder. */
  root: string;
  /** A folder of the site's state that is this integration's own (.sitegen/cache/integrations/NAME/), made on first use: what it made in one build, for the next. */
  cacheDir: string;
  /** Adds a warning to the build's, as the integration's (a content file's name first, when it is about one). */
  warn(message: string): void;
  /** The lines every integration's `robots` hook gave, in order: what the built-in robots integration writes into robots.txt. */
  robots: readonly string[];
  /**
   * The response headers the site needs, as rules by path: the security policy (a Content-Security-Policy with every
   * source and inline-code hash the pages and the integrations need, HSTS, framing, permissions) and the caching.
   * The built-in headers integration writes them for hosts (./headers.ts); one for another host writes the same.
   */
  headers: readonly HeaderRule[];
}

/**
 * A rule of the site's response headers: a path (`/about`) or a folder (`/assets/*`, `/*` for everything) from the
 * site's root, without its base path, and the headers sent for it. A later rule's header wins over an earlier's.
 */
export interface HeaderRule {
  pattern: string;
  headers: Readonly<Record<string, string>>;
}

/** The headers for one path: every rule that matches it, later ones over earlier ones, as static hosts apply them. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*') ? pathname.startsWith(rule.pattern.slice(0, -1)) : pathname === rule.pattern;
    if (matches) Object.assign(headers, rule.headers);
  }
  return headers;
}

export interface BuildDoneContext extends BuildContext {
  /**
   * Adds a file to the build, by its path in the output (`pagefind/pagefind.js`): checked as every integration's file
   * is (inside the output, no dotfile but under .well-known, no path another writer has), and published with the pages.
   */
  write(file: string, contents: string | Uint8Array): Promise<void>;
  /** A built page's HTML. */
  read(page: IntegrationPage): Promise<string>;
  /** A file of the build by its path in the output (a page hook's file, say), or undefined when there is none. */
  readOutput(file: string): Promise<string | undefined>;
  /** Its size in bytes, without reading it, or undefined when there is none. */
  outputSize(file: string): Promise<number | undefined>;
}

/** What `check` is given: the built output, read-only. */
export interface CheckContext {
  site: IntegrationSite;
  /** Every file of the output, as a path in it (`llms.txt`, `.well-known/ard.json`). */
  files: readonly string[];
  /** A file of the output as text, or undefined when there is none. */
  readOutput(file: string): Promise<string | undefined>;
  /** Whether an address of the site (absolute, or a path from its root) leads to a file of the build, as a static host maps it. */
  resolves(address: string): Promise<boolean>;
}

/** A JSON Schema (draft 7), as a plain object. */
export type JsonSchema = Record<string, unknown>;

/**
 * What `schemas` is given whenever the schemas content is checked against change (a template's, the site's layout's,
 * sitegen's own keys): each as JSON Schema (draft 7), in the shape an editor writes the file (a refinement such as
 * link() is a plain string here, checked by the build only).
 */
export interface SchemasContext {
  root: string;
  /** sitegen's own keys of a page file (title, description, template …). */
  page: JsonSchema;
  /** sitegen's own keys of content/site.yaml. */
  site: JsonSchema;
  /** The layout's keys of content/site.yaml (its navigation, its footer …). */
  layout: JsonSchema;
  /** Each page template's own keys, by template name. */
  templates: Readonly<Record<string, JsonSchema>>;
  /**
   * Writes a file into .sitegen/schemas/, the editors' schemas folder (.vscode/settings.json points there), replaced
   * whole: checked as an output path is, and not one another integration wrote. A file of an earlier run that no
   * integration writes again is removed.
   */
  write(file: string, contents: string): Promise<void>;
}

/**
 * A page an integration makes from code (from data fetched at build time,
 * say): written as a Markdown file with this front matter and validated
 * like the editor's pages, against its template's schema.
 */
export interface PageFromCode {
  /** Its route: `/glossary`, `/people/ada`. */
  route: string;
  title: string;
  description: string;
  /** The page template that renders it (default: markdown). */
  template?: string;
  /** The template's own keys, as a content file would give them. */
  data?: Readonly<Record<string, unknown>>;
  /** A Markdown body: sanitised like an editor's. */
  body?: string;
}

/** Plain data, as JSON carries it: a client script's settings. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * Code for the browser (the `client` hook). The runtime every page loads (no React) imports the module, each in its
 * own hashed chunk, and calls its default export with the settings; a site that gives it no settings loads none of it.
 */
export interface ClientScript {
  /**
   * The module, as the site's own code imports one: a path from the site root (`./integrations/beacon.client.ts`),
   * a package's (`beacon/client`), or one of sitegen's (`sitegen/client/gate`). Its default export takes the settings.
   */
  module: string;
  /**
   * `before-islands`: its chunk is preloaded beside the runtime, and the islands hydrate once the promise its export
   * returns resolves (never, if it never does or it fails: a bot check). `idle`: loaded once the runtime has started
   * the page, and waited for by nothing (a beacon).
   */
  timing: 'before-islands' | 'idle';
  /** Its settings on this site, as JSON (the same on every page), or undefined: then the site loads none of it. */
  settings: (site: IntegrationSite) => JsonValue | undefined;
}

/** The hooks: each optional, each at its point of the road (see the module's header). */
export interface IntegrationHooks {
  /**
   * When its hooks run beside other integrations': `pre` before the others, `post` after them (the search indexes
   * what every other integration wrote); unmarked, in the order of the list (the built-in ones, then the site's).
   */
  order?: 'pre' | 'post';
  /** Pages from code, before the pages load: each validated and built like a content file. */
  pages?: (context: { root: string }) => readonly PageFromCode[] | Promise<readonly PageFromCode[]>;
  markdown?: readonly MarkedExtension[];
  /** The sources the pages need besides the site's own: fixed, or made from the site (an origin site.yaml names). */
  csp?: CspSources | ((site: IntegrationSite) => CspSources);
  /** Code for the browser, run by the runtime on every page of a site it gives settings for. */
  client?: ClientScript;
  head?: (page: HeadPage) => readonly HeadElement[] | undefined | void;
  /** Files by path in the output (`about.md`), made from the page as rendered; reused with it while it is unchanged. */
  page?: (page: RenderedPage) => Readonly<Record<string, string>> | undefined | void;
  robots?: (context: BuildContext) => readonly string[] | undefined | void;
  collection?: (list: CollectionList) => CollectionOutput | undefined | void;
  files?: (context: FilesContext) => Readonly<Record<string, OutputFile>> | Promise<Readonly<Record<string, OutputFile>>>;
  /**
   * A page's picture for link previews, for a page without one of its own: asked as the page renders (in the render
   * threads), in hook order, the first answer taken. The built-in cards integration draws one for every page.
   */
  preview?: (page: PreviewPage) => PagePreview | undefined | void;
  buildDone?: (context: BuildDoneContext) => void | Promise<void>;
  watch?: readonly string[];
  /** When the content's schemas change (and on a first build): the editors' JSON Schemas, for a tool to check content with. */
  schemas?: (context: SchemasContext) => void | Promise<void>;
  /** Problems `sitegen check` reports in what the integration wrote, each naming its file (`llms.txt: …`). */
  check?: (context: CheckContext) => readonly string[] | Promise<readonly string[]>;
}

/** Where an integration was added: the line of sitegen.config.ts that called it. */
export interface IntegrationOrigin {
  file: string;
  line?: number;
  column?: number;
}

export interface Integration extends IntegrationHooks {
  name: string;
  /** Set by defineIntegration: where it was called, for its errors. */
  origin?: IntegrationOrigin;
  /** Set by defineIntegration: what was wrong with its options (the build reports each at `origin`). */
  problems?: readonly string[];
}

/**
 * An integration with options: `setup` turns checked options into hooks.
 * The options are checked with the schema when the site's configuration
 * calls it; a wrong one is an error at that line of sitegen.config.ts.
 */
export function defineIntegration<Schema extends ZodType>(definition: {
  name: string;
  options?: Schema;
  setup(options: z.output<Schema>): IntegrationHooks;
}): (options?: z.input<Schema>) => Integration {
  return (options) => {
    const call = new Error();
    // An integration with no options takes none: one given anyway is a mistake to tell, not to pass over.
    const given = options !== undefined && options !== null && typeof options === 'object' ? Object.keys(options) : options === undefined ? [] : ['(a value that is no object)'];
    if (!definition.options && given.length > 0) {
      return withOrigin({ name: definition.name, problems: given.map((key) => `${key}: ${definition.name} takes no options`) }, call);
    }
    const parsed = definition.options ? definition.options.safeParse(options ?? {}) : { success: true as const, data: options ?? {} };
    if (!parsed.success) {
      return withOrigin({ name: definition.name, problems: parsed.error.issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`) }, call);
    }
    return withOrigin({ ...definition.setup(parsed.data as z.output<Schema>), name: definition.name }, call);
  };
}

/**
 * The integration with its `origin` read from the stack of the call that made it, when first asked for (an error's
 * location). Formatting a stack maps each frame through its source map, and the call's frames are in the template
 * bundle: its map, parsed for every integration of every build, was about 25 ms of each, for a value only errors read.
 */
function withOrigin(integration: Integration, call: Error): Integration {
  let origin: IntegrationOrigin | undefined;
  let read = false;
  return Object.defineProperty(integration, 'origin', {
    get: () => {
      if (!read) [origin, read] = [callerOf(call.stack ?? ''), true];
      return origin;
    },
    enumerable: true,
    configurable: true,
  });
}

/** The site's code configuration: its integrations, and the built-in ones (sitemap, feeds, search) it turns off. */
export interface SiteConfig {
  integrations?: readonly Integration[];
  /** A built-in integration set to false is off; one the list holds by the same name replaces it. */
  builtIn?: {
    sitemap?: boolean; feeds?: boolean; search?: boolean; agents?: boolean; robots?: boolean; headers?: boolean; schemas?: boolean; cards?: boolean;
    gate?: boolean; vitals?: boolean;
  };
}

export function defineConfig(config: SiteConfig): SiteConfig {
  return config;
}

/**
 * A mistake in the content that an integration found (a post in a feed
 * with no date): reported as the editor's, at the file, not as the
 * integration's fault.
 */
export class ContentError extends Error {
  readonly file: string;
  readonly hint?: string;

  constructor(message: string, options: { file: string; hint?: string }) {
    super(message);
    this.name = 'ContentError';
    this.file = options.file;
    this.hint = options.hint;
  }
}

/**
 * The escapers sitegen writes its own output with, one per format (src/escape.ts): `escapeXml` for HTML and XML text
 * and attributes, `inlineText` for an inline script or style, `markdownText`, `markdownUrl` and `markdownLink` for
 * Markdown a CommonMark parser reads back as written.
 */
export { decodeEntities, escapeHtml as escapeXml, inlineText, markdownInline, markdownLineStart, markdownLink, markdownText, markdownUrl, xmlText } from '../escape.ts';

/** An address as the site links it: a root-relative path (`/vitals`) under the site's base path; any other as it is. */
export function withBasePath(site: Pick<IntegrationSite, 'basePath'>, url: string): string {
  return site.basePath && url.startsWith('/') && !url.startsWith('//') ? site.basePath + url : url;
}

/** The origin of an address on another host than the site's (`https://gate.example.io`), which its policy must allow; undefined for the site's own. */
export function foreignOrigin(url: string | undefined, siteUrl: string): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url, siteUrl).origin;
    return origin === new URL(siteUrl).origin ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** A CSP hash of an inline script or style (`sha256-…`), as the build adds it to the policy. */
export function cspHash(code: string): string {
  return 'sha256-' + createHash('sha256').update(code).digest('base64');
}

/** The frame of a stack in the site's configuration (sitegen.config.ts), or else the first outside this module. */
function callerOf(stack: string): IntegrationOrigin | undefined {
  const frames = stack.split('\n').slice(1).map((line) => /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?$/.exec(line.trim())).filter((match) => match !== null);
  const config = frames.find((match) => /sitegen\.config\.[cm]?[jt]s$/.test(match[1]));
  const chosen = config ?? frames[1];
  if (!chosen) return undefined;
  return { file: chosen[1].replace(/^file:\/\//, ''), line: Number(chosen[2]), column: Number(chosen[3]) };
}

