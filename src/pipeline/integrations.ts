/**
 * The integrations of a site, and the points of the road where their hooks
 * run (src/integrations/api.ts says what each hook is for). The list is the
 * built-in integrations (sitemap, feeds, agents, and search when site.yaml asks for
 * it) and the site's own from sitegen.config.ts, which the templates bundle
 * carries (src/render/compile-templates.ts), so that every thread resolves
 * the same list from the module it has loaded.
 *
 * An integration's fault is told as its own, the fourth origin beside the
 * editor's, the template's and sitegen's: its name, its hook, and the frame
 * of its own source (or the line of sitegen.config.ts that added it).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SiteError } from '../errors.ts';
import { pageLink } from '../base-path.ts';
import { hreflangsOf, localeOf, translationsOf } from '../i18n.ts';
import { NOT_FOUND_ROUTE, outputPathOf } from '../output-path.ts';
import { listFiles, toPosix } from '../files.ts';
import { GENERATED_PAGES } from '../generated-pages.ts';
import type { PageSummary, SiteInfo } from '../model.ts';
import {
  CSP_DIRECTIVES, ContentError, inlineText,
  type BuildDoneContext, type CollectionList, type CollectionOutput, type CspDirective, type HeadElement, type HeadPage, type Integration,
  type IntegrationPage, type IntegrationSite, type PageFromCode, type RenderedPage, type FilesContext,
} from '../integrations/api.ts';
import { agents } from '../integrations/agents.ts';
import { feeds } from '../integrations/feeds.ts';
import { search } from '../integrations/search.ts';
import { sitemap } from '../integrations/sitemap.ts';

/** A source an integration may add: an https origin (or host pattern), or the one keyword that lets WebAssembly compile. */
const SOURCE = /^(https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?|'wasm-unsafe-eval')$/i;

const integrationShape = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a name such as my-analytics (lower case, digits and -)'),
  markdown: z.array(z.looseObject({})).optional(),
  csp: z.partialRecord(z.enum(CSP_DIRECTIVES), z.array(z.string().regex(SOURCE,
    "expected an https:// origin such as https://cdn.example.com, or 'wasm-unsafe-eval' in script: never 'unsafe-inline' or 'unsafe-eval'"))).optional(),
  head: z.function().optional(),
  page: z.function().optional(),
  robots: z.function().optional(),
  pages: z.function().optional(),
  collection: z.function().optional(),
  files: z.function().optional(),
  buildDone: z.function().optional(),
  watch: z.array(z.string()).optional(),
}, { error: 'expected an integration: an object with a name and its hooks, as defineIntegration() makes' });

const configShape = z.strictObject({
  integrations: z.array(z.unknown()).default([]),
  builtIn: z.strictObject({ sitemap: z.boolean().optional(), feeds: z.boolean().optional(), search: z.boolean().optional(), agents: z.boolean().optional() }).default({}),
});

export const CONFIG_FILE = 'sitegen.config.ts';

/** The integrations of a site, in order, and what was wrong with the configuration. */
export interface Resolved {
  list: readonly Integration[];
  errors: SiteError[];
}

const resolved = new WeakMap<object, Map<string, Resolved>>();

/**
 * The built-in integrations the site keeps, then the site's own (one of
 * the same name replaces the built-in). `config` is sitegen.config.ts's
 * default export, as the templates bundle carries it; undefined without one.
 */
export function integrationsOf(config: unknown, site: Pick<SiteInfo, 'search'> | undefined): Resolved {
  const key = String(site?.search ?? false);
  const holder = (config ?? NO_CONFIG) as object;
  const known = resolved.get(holder)?.get(key);
  if (known) return known;
  const result = resolve(config, site);
  if (!resolved.has(holder)) resolved.set(holder, new Map());
  resolved.get(holder)!.set(key, result);
  return result;
}

const NO_CONFIG = {};

function resolve(config: unknown, site: Pick<SiteInfo, 'search'> | undefined): Resolved {
  const errors: SiteError[] = [];
  const parsed = configShape.safeParse(config ?? {});
  if (!parsed.success) {
    return { list: builtIns(site, {}), errors: parsed.error.issues.map((issue) => configError(`${issue.path.join('.') || 'the default export'}: ${issue.message}`)) };
  }
  const own: Integration[] = [];
  parsed.data.integrations.forEach((candidate, index) => {
    const shape = integrationShape.safeParse(candidate);
    const named = (candidate as { name?: unknown } | undefined)?.name;
    const integration = candidate as Integration;
    if (!shape.success) {
      for (const issue of shape.error.issues) {
        errors.push(integrationProblem(integration, typeof named === 'string' ? named : `integrations[${index}]`, `${issue.path.join('.') || 'it'}: ${issue.message}`));
      }
      return;
    }
    for (const problem of integration.problems ?? []) errors.push(integrationProblem(integration, integration.name, `has a wrong option: ${problem}`));
    if (own.some((other) => other.name === integration.name)) {
      errors.push(integrationProblem(integration, integration.name, 'is added twice: keep one'));
      return;
    }
    if (!integration.problems?.length) own.push(integration);
  });
  const kept = builtIns(site, parsed.data.builtIn).filter((builtIn) => !own.some((integration) => integration.name === builtIn.name));
  return { list: [...kept, ...own], errors };
}

function builtIns(site: Pick<SiteInfo, 'search'> | undefined, builtIn: { sitemap?: boolean; feeds?: boolean; search?: boolean; agents?: boolean }): Integration[] {
  return [
    ...(builtIn.feeds === false ? [] : [feeds()]),
    ...(builtIn.sitemap === false ? [] : [sitemap()]),
    ...(builtIn.agents === false ? [] : [agents()]),
    ...(builtIn.search === false || !(site?.search || builtIn.search) ? [] : [search()]),
  ];
}

function configError(message: string): SiteError {
  return new SiteError('integration', `${CONFIG_FILE}: ${message}`, { origin: 'integration', location: { file: CONFIG_FILE } });
}

function integrationProblem(integration: Integration | undefined, name: string, message: string): SiteError {
  return new SiteError('integration', `the integration ${name} ${message}`, {
    origin: 'integration', location: originOf(integration), hint: `${CONFIG_FILE} adds it; its options are checked when it is added`,
  });
}

function originOf(integration: Integration | undefined): SiteError['location'] {
  const origin = integration?.origin;
  if (!origin) return { file: CONFIG_FILE };
  return { file: relativeToCwdRoot(origin.file), line: origin.line, column: origin.column };
}

let siteRoot = process.cwd();
/** The site root, for naming an integration's files relative to it. */
export function setIntegrationRoot(root: string): void {
  siteRoot = root;
}

function relativeToCwdRoot(file: string): string {
  const relative = path.relative(siteRoot, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : toPosix(relative);
}

/**
 * An integration's hook that threw: its fault, at the first frame of the
 * stack outside sitegen (its own source), or where it was added. A
 * ContentError it throws is the editor's, at the content file.
 */
export function hookError(integration: Integration, hook: string, error: unknown): SiteError {
  if (error instanceof ContentError || (error as { name?: string })?.name === 'ContentError') {
    const content = error as ContentError;
    return new SiteError('content', content.message, { location: { file: content.file }, hint: content.hint });
  }
  if (error instanceof SiteError) return error;
  const cause = error instanceof Error ? error : new Error(String(error));
  const frame = ownFrame(cause.stack ?? '');
  return new SiteError('integration', `the integration ${integration.name} failed in its ${hook} hook: ${cause.message}`, {
    origin: 'integration',
    location: frame ?? originOf(integration),
    hint: faultHint(integration),
    cause,
    stack: cause.stack,
  });
}

function faultHint(integration: Integration): string {
  return `this is the integration's fault, not the content's or the templates': fix or update ${integration.name}, or take it out of ${CONFIG_FILE}`;
}

/** What sitegen found wrong with what an integration's hook gave back: at the line of sitegen.config.ts that added it. */
export function integrationFault(integration: Integration, hook: string, message: string): SiteError {
  return new SiteError('integration', `the integration ${integration.name} failed in its ${hook} hook: ${message}`, {
    origin: 'integration', location: originOf(integration),
    hint: faultHint(integration),
  });
}

/** The first frame of a stack outside sitegen's own source and Node's. */
function ownFrame(stack: string): SiteError['location'] | undefined {
  for (const line of stack.split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!match) continue;
    const file = match[1].replace(/^file:\/\//, '');
    if (file.startsWith('node:') || /[/\\]src[/\\](pipeline|render|emit|integrations[/\\]api)/.test(file) || /node_modules[/\\]\.cache[/\\]sitegen/.test(file)) continue;
    return { file: relativeToCwdRoot(file), line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}

/** The sources every integration declared, by directive, in the order they come. */
export function integrationCsp(list: readonly Integration[]): Partial<Record<CspDirective, string[]>> {
  const merged: Partial<Record<CspDirective, string[]>> = {};
  for (const integration of list) {
    for (const [directive, sources] of Object.entries(integration.csp ?? {}) as [CspDirective, readonly string[]][]) {
      merged[directive] = [...new Set([...merged[directive] ?? [], ...sources])];
    }
  }
  return merged;
}

/**
 * The marked extensions of every integration, in order, each function of them (a tokenizer, a renderer, a hook,
 * walkTokens) wrapped so that what it throws is told as that integration's fault in its markdown hook, at its own
 * source line, like a throw from any other hook: not as an internal error of sitegen. Wrapped once per extension.
 */
export function integrationMarkdown(list: readonly Integration[]): NonNullable<Integration['markdown']>[number][] {
  return list.flatMap((integration) => (integration.markdown ?? []).map((extension) => attributed(integration, extension)));
}

const wrappedExtensions = new WeakMap<object, object>();

function attributed<T extends object>(integration: Integration, extension: T): T {
  const known = wrappedExtensions.get(extension);
  if (known) return known as T;
  const wrap = (value: unknown, depth: number): unknown => {
    if (typeof value === 'function') {
      const fn = value as (...args: unknown[]) => unknown;
      return function (this: unknown, ...args: unknown[]) {
        try {
          return fn.apply(this, args);
        } catch (error) {
          throw hookError(integration, 'markdown', error);
        }
      };
    }
    if (depth >= 3 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => wrap(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wrap(item, depth + 1)]));
  };
  const wrapped = wrap(extension, 0) as T;
  wrappedExtensions.set(extension, wrapped);
  return wrapped;
}

export function integrationSite(site: SiteInfo): IntegrationSite {
  return {
    name: site.name, url: site.url, lang: site.lang, description: site.description, basePath: site.basePath, trailingSlash: site.trailingSlash,
    ...(site.i18n ? { locales: site.i18n.locales.map((locale) => locale.code) } : {}),
  };
}

/** The head elements every integration adds to one page, each checked; an integration that throws is an error. */
export function runHead(list: readonly Integration[], page: HeadPage, errors: SiteError[]): { integration: string; element: HeadElement }[] {
  const out: { integration: string; element: HeadElement }[] = [];
  for (const integration of list) {
    if (!integration.head) continue;
    try {
      for (const element of integration.head(page) ?? []) {
        const problem = headElementProblem(element);
        if (problem) errors.push(integrationFault(integration, 'head', problem));
        else out.push({ integration: integration.name, element });
      }
    } catch (error) {
      errors.push(hookError(integration, 'head', error));
    }
  }
  return out;
}

/** The files every integration makes from one rendered page, by path in the output; a path outside it, or taken twice, is an error. */
export function runPage(list: readonly Integration[], page: RenderedPage, errors: SiteError[]): Map<string, string> {
  const files = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const integration of list) {
    if (!integration.page) continue;
    try {
      for (const [file, contents] of Object.entries(integration.page(page) ?? {})) {
        const name = claimOutput(integration, 'page', file, (taken) => owners.get(taken), errors);
        if (name === undefined) continue;
        owners.set(name, `the integration ${integration.name}`);
        files.set(name, contents);
      }
    } catch (error) {
      errors.push(hookError(integration, 'page', error));
    }
  }
  return files;
}

/** robots.txt from every integration's lines, or undefined when none gives any. */
export function runRobots(list: readonly Integration[], context: FilesContext, errors: SiteError[]): string | undefined {
  const lines: string[] = [];
  for (const integration of list) {
    if (!integration.robots) continue;
    try {
      for (const line of integration.robots(context) ?? []) {
        if (/[\r\n]/.test(line)) errors.push(integrationFault(integration, 'robots', `${JSON.stringify(line)} is more than one line`));
        else lines.push(line);
      }
    } catch (error) {
      errors.push(hookError(integration, 'robots', error));
    }
  }
  return lines.length > 0 ? `User-agent: *\nAllow: /\n\n${lines.join('\n')}\n` : undefined;
}

/** What every integration adds to one collection list: its files, its links and its pages' head elements. */
export function runCollection(
  list: readonly Integration[], context: CollectionList, errors: SiteError[], takenBy: (name: string) => string | undefined = () => undefined,
): Required<CollectionOutput> {
  const merged = { files: {} as Record<string, string>, links: {} as Record<string, string>, head: [] as HeadElement[] };
  const owners = new Map<string, string>();
  for (const integration of list) {
    if (!integration.collection) continue;
    try {
      const output = integration.collection(context);
      for (const [file, contents] of Object.entries(output?.files ?? {})) {
        const name = claimOutput(integration, 'collection', file, (taken) => owners.get(taken) ?? takenBy(taken), errors);
        if (name === undefined) continue;
        owners.set(name, `the integration ${integration.name}`);
        merged.files[name] = contents;
      }
      Object.assign(merged.links, output?.links ?? {});
      for (const element of output?.head ?? []) {
        const problem = headElementProblem(element);
        if (problem) errors.push(integrationFault(integration, 'collection', problem));
        else merged.head.push(element);
      }
    } catch (error) {
      errors.push(hookError(integration, 'collection', error));
    }
  }
  return merged;
}

/** Whether a visitor may find a page from outside: in the sitemap, and not the not-found page (IntegrationPage.listed, HeadPage.listed). */
export function isListed(page: { sitemap: boolean; route: string }): boolean {
  return page.sitemap && page.route !== NOT_FOUND_ROUTE;
}

/** The pages of the build as integrations see them. */
export function integrationPages(site: SiteInfo, pages: readonly (PageSummary & { lastmod?: string; derived?: readonly string[] })[]): IntegrationPage[] {
  // Translations are pages at the same path in each language: a list's later pages (/news/2) are not, as in the head.
  const contentRoutes = new Set(pages.filter((page) => isListed(page) && page.item !== undefined).map((page) => page.route));
  // The URL parser for the few paths it would change (percent-encoding, dot segments); plain paths are joined to the
  // origin as they are, 5,000 pages in a millisecond rather than fifteen.
  const origin = new URL(site.url).origin;
  const absolute = (route: string) => {
    const link = pageLink(site, route);
    const plain = /^\/[\w~./-]*$/.test(link) && !link.includes('//') && !/\/\.\.?(?:\/|$)/.test(link);
    return plain ? origin + link : new URL(link, site.url).href;
  };
  return pages.map((page) => ({
    route: page.route,
    path: pageLink(site, page.route),
    url: absolute(page.route),
    file: outputPathOf(page.route, site.trailingSlash),
    source: page.file,
    title: page.item?.title ?? '',
    description: page.item?.description ?? '',
    lang: localeOf(site, page.route),
    listed: isListed(page),
    content: page.item !== undefined,
    ...(page.lastmod ? { lastmod: page.lastmod } : {}),
    files: page.derived ?? [],
    alternates: site.i18n && contentRoutes.has(page.route)
      ? hreflangsOf(site, translationsOf(site, page.route, contentRoutes)).map(({ hreflang, route }) => ({ hreflang, url: absolute(route) }))
      : [],
  }));
}

/** Every integration's files, in order; one sitegen writes itself (`taken`: path → what writes it), or another integration wrote, is an error naming it. */
export async function runFiles(
  list: readonly Integration[], context: { site: IntegrationSite; pages: readonly IntegrationPage[] }, taken: { get(file: string): string | undefined }, errors: SiteError[],
): Promise<Map<string, string | Uint8Array>> {
  const files = new Map<string, string | Uint8Array>();
  const owner = new Map<string, string>();
  for (const integration of list) {
    if (!integration.files) continue;
    try {
      for (const [file, contents] of Object.entries(await integration.files(context))) {
        const name = claimOutput(integration, 'files', file, (other) => owner.get(other) ?? taken.get(other), errors);
        if (name === undefined) continue;
        owner.set(name, `the integration ${integration.name}`);
        files.set(name, contents);
      }
    } catch (error) {
      errors.push(hookError(integration, 'files', error));
    }
  }
  return files;
}

/**
 * The one check of a path an integration's hook writes (`page`, `collection`, `files`): inside the output, no
 * dotfile but under .well-known, no page (.html) from a hook that makes files beside pages, and no path another
 * writer has (`takenBy`: who writes a path already, if anyone). Returns the path without its leading slashes, or
 * undefined after adding the error, which names the integration and both writers.
 */
function claimOutput(
  integration: Integration, hook: 'page' | 'collection' | 'files', file: unknown, takenBy: (name: string) => string | undefined, errors: SiteError[],
): string | undefined {
  const name = typeof file === 'string' ? file.replace(/^\/+/, '') : '';
  const other = isOutputPath(name) ? takenBy(name) : undefined;
  const problem = !isOutputPath(name) ? `${JSON.stringify(file)} is not a path inside the output (no .., no leading dot in a folder but .well-known)`
    : hook !== 'files' && /\.html?$/i.test(name) ? `${name} would be a page: a ${hook} hook writes files beside the pages, never a page`
      : other ? `${name} is written by ${other} too` : undefined;
  if (problem) errors.push(integrationFault(integration, hook, problem));
  return problem ? undefined : name;
}

/** A relative path inside the output: no `..`, no absolute path, no dotfile but under .well-known. */
export function isOutputPath(file: string): boolean {
  const parts = file.split('/');
  return file !== '' && !path.isAbsolute(file) && parts.every((part) => part !== '' && part !== '..' && part !== '.')
    && parts.every((part, index) => !part.startsWith('.') || (index === 0 && part === '.well-known'));
}

/** Every integration's buildDone, in order; the first that throws stops the build. */
export async function runBuildDone(list: readonly Integration[], context: BuildDoneContext, errors: SiteError[]): Promise<void> {
  for (const integration of list) {
    if (!integration.buildDone) continue;
    try {
      await integration.buildDone(context);
    } catch (error) {
      errors.push(hookError(integration, 'buildDone', error));
      return;
    }
  }
}

/** The inline code integrations put in a head, as the page holds it: what the policy needs a hash of. */
export function inlineCodeOf(elements: readonly HeadElement[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const element of elements) {
    if (element.content === undefined) continue;
    if (element.tag === 'style') styles.add(inlineText('style', element.content));
    else if (element.tag === 'script' && !element.attributes?.src && isCode(element.attributes?.type)) scripts.add(inlineText('script', element.content));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

const HEAD_TAGS = new Set(['script', 'style', 'link', 'meta']);
/** An attribute name as HTML parses one: no space, quote, `<`, `>`, `/` or `=` (and no control character). */
const ATTRIBUTE_NAME = /^[a-z_:][a-z0-9_:.-]*$/i;

/**
 * What is wrong with a head element an integration gives (undefined: nothing): a tag of the four, attribute names
 * that cannot break out of the tag, and no event-handler attribute, which would be inline script the policy refuses
 * in the browser (a script element's text is hashed into the policy instead).
 */
function headElementProblem(element: HeadElement): string | undefined {
  if (!element || typeof element !== 'object' || !HEAD_TAGS.has(element.tag)) return `${JSON.stringify(element?.tag)} is not a head element it may add: script, style, link or meta`;
  for (const [name, value] of Object.entries(element.attributes ?? {})) {
    if (!ATTRIBUTE_NAME.test(name)) return `${JSON.stringify(name)} is not an attribute name (letters, digits and - _ : . only) in its <${element.tag}>`;
    if (/^on/i.test(name)) return `the attribute ${name} of its <${element.tag}> is an event handler, inline script that the site's policy refuses: put the code in a script element`;
    if (value !== true && typeof value !== 'string') return `the attribute ${name} of its <${element.tag}> is ${typeof value}, not a string or true`;
  }
  if (element.content !== undefined && typeof element.content !== 'string') return `the content of its <${element.tag}> is ${typeof element.content}, not a string`;
  return undefined;
}

/** Whether a script type runs as code (JSON and ld+json do not, and need no hash). */
function isCode(type: string | true | undefined): boolean {
  const value = typeof type === 'string' ? type.toLowerCase() : '';
  return value === '' || value === 'module' || value.includes('javascript');
}

/** A route of a page from code: segments of letters, digits and - . _ ~, none of them starting with a dot (no `..`, no dotfile). */
const ROUTE = /^\/([a-z0-9_~-][a-z0-9._~-]*(\/[a-z0-9_~-][a-z0-9._~-]*)*)?$/i;

/**
 * Every integration's pages from code, written as Markdown files under
 * .sitegen/generated/pages/NAME/ (rewritten only when they change, so an
 * unchanged page is reused like an unchanged content file), and the files of
 * an earlier run that no integration makes now removed. Its errors name the
 * integration.
 */
export async function writeIntegrationPages(root: string, list: readonly Integration[], errors: SiteError[]): Promise<void> {
  const { dump } = await import('js-yaml');
  const wanted = new Map<string, string>();
  for (const integration of list) {
    if (!integration.pages) continue;
    let pages: readonly PageFromCode[];
    try {
      pages = await integration.pages({ root });
    } catch (error) {
      errors.push(hookError(integration, 'pages', error));
      continue;
    }
    for (const page of pages) {
      if (typeof page?.route !== 'string' || !ROUTE.test(page.route)) {
        errors.push(integrationFault(integration, 'pages', `${JSON.stringify(page?.route)} is not a route: expected a path such as /glossary (letters, digits and - . _ ~ /, no segment starting with a dot)`));
        continue;
      }
      const file = `${integration.name}/${page.route === '/' ? 'index' : page.route.slice(1)}.md`;
      const front = { ...(page.template ? { template: page.template } : {}), title: page.title, description: page.description, ...page.data };
      wanted.set(file, `---\n# Made by the integration ${integration.name} (sitegen.config.ts): change the integration, not this file.\n${dump(front, { lineWidth: -1 })}---\n\n${page.body ?? ''}\n`);
    }
  }
  const folder = path.join(root, GENERATED_PAGES);
  for (const stale of listFiles(folder).map(toPosix).filter((file) => !wanted.has(file))) await rm(path.join(folder, stale), { force: true });
  for (const [file, text] of wanted) {
    const target = path.join(folder, file);
    if ((await readFile(target, 'utf8').catch(() => undefined)) === text) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}
