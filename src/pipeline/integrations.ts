/**
 * The integrations of a site, and the points of the road where their hooks
 * run (src/integrations/api.ts says what each hook is for). The list is the
 * built-in integrations (the host header files, robots.txt, the editors'
 * schemas, the social cards, feeds, sitemap, agents, search when site.yaml
 * asks for it, the gate and the vitals beacon) and the site's own from
 * sitegen.config.ts, which the templates bundle carries
 * (src/render/compile-templates.ts), so that every thread resolves the same
 * list from the module it has loaded.
 *
 * The hooks themselves are called by one runner (./hook-runner.ts), which
 * tells an integration's fault as its own, the fourth origin beside the
 * editor's, the template's and sitegen's.
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
import type { ClientModule, PageSummary, SiteInfo } from '../model.ts';
import {
  CSP_DIRECTIVES, inlineText, type HeadElement, type Integration, type IntegrationPage, type IntegrationSite, type SiteConfig,
} from '../integrations/api.ts';
import { CONFIG_FILE, CSP_SOURCE, HookRunner, originOf } from './hook-runner.ts';
import { agents } from '../integrations/agents.ts';
import { cards } from '../integrations/cards.ts';
import { feeds } from '../integrations/feeds.ts';
import { gate } from '../integrations/gate.ts';
import { headers } from '../integrations/headers.ts';
import { robots } from '../integrations/robots.ts';
import { schemas } from '../integrations/schemas.ts';
import { search } from '../integrations/search.ts';
import { sitemap } from '../integrations/sitemap.ts';
import { vitals } from '../integrations/vitals.ts';

const integrationShape = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a name such as my-analytics (lower case, digits and -)'),
  order: z.enum(['pre', 'post']).optional(),
  markdown: z.array(z.looseObject({})).optional(),
  csp: z.union([z.function(), z.partialRecord(z.enum(CSP_DIRECTIVES), z.array(z.string().regex(CSP_SOURCE.pattern, CSP_SOURCE.message)))]).optional(),
  client: z.strictObject({
    module: z.string().min(1, 'expected the module of its browser code, as the site imports one: ./integrations/beacon.client.ts'),
    timing: z.enum(['before-islands', 'idle']),
    settings: z.function(),
  }).optional(),
  head: z.function().optional(),
  page: z.function().optional(),
  robots: z.function().optional(),
  pages: z.function().optional(),
  collection: z.function().optional(),
  files: z.function().optional(),
  buildDone: z.function().optional(),
  watch: z.array(z.string()).optional(),
  check: z.function().optional(),
  schemas: z.function().optional(),
  preview: z.function().optional(),
}, { error: 'expected an integration: an object with a name and its hooks, as defineIntegration() makes' });

const configShape = z.strictObject({
  integrations: z.array(z.unknown()).default([]),
  builtIn: z.strictObject({
    sitemap: z.boolean().optional(), feeds: z.boolean().optional(), search: z.boolean().optional(), agents: z.boolean().optional(), robots: z.boolean().optional(),
    headers: z.boolean().optional(), schemas: z.boolean().optional(), cards: z.boolean().optional(), gate: z.boolean().optional(), vitals: z.boolean().optional(),
  }).default({}),
});

export { CONFIG_FILE };

/** The integrations of a site, in the order their hooks run, what was wrong with the configuration, and the runner of their hooks. */
export interface Resolved {
  list: readonly Integration[];
  errors: SiteError[];
  hooks: HookRunner;
}

const resolved = new WeakMap<object, Map<string, Resolved>>();

/**
 * The built-in integrations the site keeps, then the site's own (one of
 * the same name replaces the built-in). `config` is sitegen.config.ts's
 * default export, as the templates bundle carries it; undefined without one.
 * `root` is the site root, that an integration's files are named from.
 */
export function integrationsOf(config: unknown, site: Pick<SiteInfo, 'search'> | undefined, root: string): Resolved {
  const key = `${site?.search ?? false} ${root}`;
  const holder = (config ?? NO_CONFIG) as object;
  const known = resolved.get(holder)?.get(key);
  if (known) return known;
  const { list, errors } = resolve(config, site, root);
  const hooks = new HookRunner(list, root);
  const result = { list: hooks.list, errors, hooks };
  if (!resolved.has(holder)) resolved.set(holder, new Map());
  resolved.get(holder)!.set(key, result);
  return result;
}

const NO_CONFIG = {};

function resolve(config: unknown, site: Pick<SiteInfo, 'search'> | undefined, root: string): Omit<Resolved, 'hooks'> {
  const errors: SiteError[] = [];
  const parsed = configShape.safeParse(config ?? {});
  if (!parsed.success) {
    return { list: builtIns(site, {}), errors: parsed.error.issues.map((issue) => configError(`${issue.path.join('.') || 'the default export'}: ${issue.message}`)) };
  }
  const integrationProblem = (integration: Integration | undefined, name: string, message: string) => new SiteError('integration', `the integration ${name} ${message}`, {
    origin: 'integration', location: originOf(integration, root), hint: `${CONFIG_FILE} adds it; its options are checked when it is added`,
  });
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

function builtIns(site: Pick<SiteInfo, 'search'> | undefined, builtIn: NonNullable<SiteConfig['builtIn']>): Integration[] {
  return [
    ...(builtIn.headers === false ? [] : [headers()]),
    ...(builtIn.robots === false ? [] : [robots()]),
    ...(builtIn.schemas === false ? [] : [schemas()]),
    ...(builtIn.cards === false ? [] : [cards()]),
    ...(builtIn.feeds === false ? [] : [feeds()]),
    ...(builtIn.sitemap === false ? [] : [sitemap()]),
    ...(builtIn.agents === false ? [] : [agents()]),
    ...(builtIn.search === false || !(site?.search || builtIn.search) ? [] : [search()]),
    ...(builtIn.gate === false ? [] : [gate()]),
    ...(builtIn.vitals === false ? [] : [vitals()]),
  ];
}

/**
 * The integrations' browser code (their `client` hooks), for the bundle: resolved without the site, which
 * decides only whether search is on (and search has none).
 */
export function clientModulesOf(config: unknown, root: string): ClientModule[] {
  const { hooks } = integrationsOf(config, undefined, root);
  return hooks.list.flatMap((integration) => integration.client ? [{
    name: integration.name, module: integration.client.module, timing: integration.client.timing,
    fault: (message: string) => hooks.fault(integration, 'client', message),
  }] : []);
}

function configError(message: string): SiteError {
  return new SiteError('integration', `${CONFIG_FILE}: ${message}`, { origin: 'integration', location: { file: CONFIG_FILE } });
}

export function integrationSite(site: SiteInfo): IntegrationSite {
  return {
    name: site.name, url: site.url, lang: site.lang, description: site.description, basePath: site.basePath, trailingSlash: site.trailingSlash, layout: site.layout,
    ...(site.i18n ? { locales: site.i18n.locales.map((locale) => locale.code) } : {}),
    ...(site.cards ? { cards: site.cards } : {}),
    ...(site.gate ? { gate: site.gate } : {}),
    ...(site.analytics ? { analytics: site.analytics } : {}),
  };
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
    ...(page.preview ? { preview: page.preview } : {}),
    alternates: site.i18n && contentRoutes.has(page.route)
      ? hreflangsOf(site, translationsOf(site, page.route, contentRoutes)).map(({ hreflang, route }) => ({ hreflang, url: absolute(route) }))
      : [],
  }));
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

/** Whether a script type runs as code (JSON and ld+json do not, and need no hash). */
function isCode(type: string | true | undefined): boolean {
  const value = typeof type === 'string' ? type.toLowerCase() : '';
  return value === '' || value === 'module' || value.includes('javascript');
}

/**
 * Every integration's pages from code, written as Markdown files under
 * .sitegen/generated/pages/NAME/ (rewritten only when they change, so an
 * unchanged page is reused like an unchanged content file), and the files of
 * an earlier run that no integration makes now removed. Its errors name the
 * integration.
 */
export async function writeIntegrationPages(root: string, hooks: HookRunner, errors: SiteError[]): Promise<void> {
  const { dump } = await import('js-yaml');
  const wanted = new Map<string, string>();
  for (const { integration, page } of await hooks.pages(errors)) {
    const file = `${integration.name}/${page.route === '/' ? 'index' : page.route.slice(1)}.md`;
    const front = { ...(page.template ? { template: page.template } : {}), title: page.title, description: page.description, ...page.data };
    wanted.set(file, `---\n# Made by the integration ${integration.name} (sitegen.config.ts): change the integration, not this file.\n${dump(front, { lineWidth: -1 })}---\n\n${page.body ?? ''}\n`);
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
