import { markdownToHtml } from './markdown.ts';
import { z, type ZodType } from 'zod';
import { SiteError } from './errors.ts';
import type { RawContent, RawDoc } from './load.ts';
import type { PageInfo, SiteInfo } from './model.ts';
import type { Templates } from './templates.ts';

/** A page ready to render: what sitegen knows of it and its template's data. */
export interface PageModel {
  info: PageInfo;
  data: Record<string, unknown>;
}

export interface SiteModel {
  site: SiteInfo;
  pages: PageModel[];
}

/**
 * Where the site sends a call or loads a script from: a path on this site or
 * an http(s) address (never `javascript:` or `data:`, which zod's url() allows).
 */
const endpoint = (example: string) => z.string().min(1).refine(
  (value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^/]/i.test(value) && URL.canParse(value),
  { message: `expected a path on this site such as ${example}, or a full https:// address` },
);

const siteCoreSchema = z.strictObject({
  name: z.string().min(1),
  url: z.url({ protocol: /^https?$/, message: 'expected an absolute URL such as https://example.com' }),
  lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'expected a language tag such as en or en-IN').default('en'),
  description: z.string().min(1),
  image: z.string().optional(),
  favicon: z.string().default('/favicon.svg'),
  themeColor: z.string().optional(),
  api: z.strictObject({
    contactUrl: endpoint('/api/contact').default('/api/contact'),
    loginUrl: endpoint('/api/login').default('/api/login'),
    publicKey: z.string().optional(),
  }).default({ contactUrl: '/api/contact', loginUrl: '/api/login' }),
  gate: z.strictObject({
    script: endpoint('/gate/check.js'),
    tenantId: z.string().min(1),
    function: z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 'expected a global function name such as botCheck'),
    mode: z.enum(['page', 'islands']).default('page'),
  }).optional(),
  analytics: z.strictObject({ vitalsUrl: endpoint('/vitals').optional() }).optional(),
});

const CORE_SITE_KEYS = Object.keys(siteCoreSchema.shape);

const pageCoreSchema = z.strictObject({
  template: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  canonical: z.string().optional(),
  image: z.string().optional(),
  sitemap: z.boolean().default(true),
  noindex: z.boolean().default(false),
});

const CORE_PAGE_KEYS = Object.keys(pageCoreSchema.shape);

/** The route a page copies (`copyOf: /botshieldai`), if it is a copy. */
export function copyTargetOf(doc: RawDoc): string | undefined {
  const data = doc.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || !('copyOf' in data)) return undefined;
  return typeof data.copyOf === 'string' ? data.copyOf : '';
}

/**
 * A page that shows another page's content: its file says `copyOf: /route`
 * and may set its own title or description. It gets the other page's
 * template and data, a canonical link to it, and stays out of the sitemap.
 * Errors in the copied data point at the copy's `copyOf` line (the original
 * reports them at their own lines too).
 */
export function resolveCopy(doc: RawDoc, target: RawDoc | undefined, errors: SiteError[]): RawDoc | undefined {
  const route = copyTargetOf(doc);
  if (route === undefined) return doc;
  if (!route.startsWith('/')) {
    errors.push(fieldError(doc, ['copyOf'], 'expected the route of the page to show, such as /botshieldai'));
    return undefined;
  }
  if (!target) {
    errors.push(fieldError(doc, ['copyOf'], `${route} is not a route`, 'copyOf names the route of another content file'));
    return undefined;
  }
  if (copyTargetOf(target) !== undefined) {
    errors.push(fieldError(doc, ['copyOf'], `${route} is itself a copy`, `copy the page that ${route} copies instead`));
    return undefined;
  }
  const { copyOf: _copyOf, ...own } = doc.data as Record<string, unknown>;
  const targetData = target.data && typeof target.data === 'object' ? target.data as Record<string, unknown> : {};
  return {
    ...target,
    file: doc.file,
    route: doc.route,
    source: doc.source,
    data: { ...targetData, canonical: route, sitemap: false, ...own },
    locate: (fieldPath, key) => (typeof fieldPath[0] === 'string' && fieldPath[0] in own ? doc.locate(fieldPath, key) : doc.locate(['copyOf'])),
  };
}

/** What page validation checks links and assets against. */
export interface ValidationScope {
  routes: ReadonlySet<string>;
  publicFiles: ReadonlySet<string>;
}

/**
 * Checks every content file against its schema and returns the typed model,
 * or every error of every file at once.
 */
export function validateContent(
  raw: RawContent, templates: Templates, publicFiles: ReadonlySet<string>, now = new Date(),
): { model?: SiteModel; errors: SiteError[] } {
  const errors = [...raw.errors];
  const scope: ValidationScope = { routes: new Set(raw.routes), publicFiles };
  const site = raw.site ? validateSite(raw.site, templates, scope, errors, now) : undefined;
  const pages: PageModel[] = [];
  const byRoute = new Map(raw.pages.map((doc) => [doc.route, doc]));
  for (const doc of raw.pages) {
    const target = copyTargetOf(doc);
    const resolved = resolveCopy(doc, target === undefined ? undefined : byRoute.get(target), errors);
    const page = resolved && validatePage(resolved, templates, scope, errors);
    if (page) pages.push(page);
  }
  if (errors.length > 0 || !site) return { errors };
  return { model: { site, pages }, errors };
}

/** content/site.yaml: sitegen's own keys, and the layout's keys against the layout's schema. */
export function validateSite(
  doc: RawDoc, templates: Templates, scope: ValidationScope, errors: SiteError[], now = new Date(),
): SiteInfo | undefined {
  templates.setValidationContext(scope);
  const data = asObject(doc, errors);
  const [core, layoutData] = split(data, CORE_SITE_KEYS);
  const coreResult = check(doc, siteCoreSchema, core, errors);
  const layoutResult = check(doc, templates.layout.schema, layoutData, errors);
  if (coreResult) {
    for (const key of ['image', 'favicon'] as const) {
      const url = coreResult[key];
      if (url !== undefined && !scope.publicFiles.has(url)) errors.push(fieldError(doc, [key], `public${url} does not exist`));
    }
  }
  if (!coreResult || !layoutResult) return undefined;
  return { ...coreResult, layout: layoutResult as Record<string, unknown>, year: now.getFullYear() };
}

/** One page: sitegen's keys, then the rest against its template's schema; Markdown bodies become HTML. */
export function validatePage(doc: RawDoc, templates: Templates, scope: ValidationScope, errors: SiteError[]): PageModel | undefined {
  templates.setValidationContext(scope);
  const data = asObject(doc, errors);
  if (doc.kind === 'markdown') {
    data.template ??= 'markdown';
    data.body = doc.html ?? markdownToHtml(doc.body ?? '');
  }
  const [core, rest] = split(data, CORE_PAGE_KEYS);
  const info = check(doc, pageCoreSchema, core, errors);
  if (!info) return undefined;
  const template = templates.pages[info.template];
  if (!template) {
    errors.push(fieldError(doc, ['template'], `no template named "${info.template}"`,
      `the templates are: ${Object.keys(templates.pages).join(', ')} (files in templates/pages/)`));
    return undefined;
  }
  if (info.canonical !== undefined && !scope.routes.has(info.canonical)) {
    errors.push(fieldError(doc, ['canonical'], `links to ${info.canonical}, which is not a route`));
  }
  if (info.image !== undefined && !scope.publicFiles.has(info.image)) {
    errors.push(fieldError(doc, ['image'], `public${info.image} does not exist`));
  }
  const pageData = check(doc, template.schema, rest, errors);
  if (!pageData) return undefined;
  const canonical = info.canonical ?? doc.route!;
  return {
    info: { ...info, route: doc.route!, file: doc.file, canonical, sitemap: info.sitemap && !info.noindex && canonical === doc.route },
    data: pageData as Record<string, unknown>,
  };
}

function asObject(doc: RawDoc, errors: SiteError[]): Record<string, unknown> {
  if (doc.data && typeof doc.data === 'object' && !Array.isArray(doc.data)) return { ...(doc.data as Record<string, unknown>) };
  errors.push(fieldError(doc, [], 'expected a mapping of keys to values at the top of the file'));
  return {};
}

function split(data: Record<string, unknown>, keys: readonly string[]): [Record<string, unknown>, Record<string, unknown>] {
  const core: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) (keys.includes(key) ? core : rest)[key] = value;
  return [core, rest];
}

function check<T>(doc: RawDoc, schema: ZodType<T>, data: unknown, errors: SiteError[]): T | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) errors.push(...issueErrors(doc, issue, data));
  return undefined;
}

function issueErrors(doc: RawDoc, issue: z.core.$ZodIssue, data: unknown): SiteError[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => fieldError(doc, [...issue.path, key], `unknown key "${key}"`,
      'check its spelling and indentation; remove it if it does not belong here', key));
  }
  const value = valueAt(data, issue.path);
  let message = issue.message;
  if (issue.code === 'invalid_type') {
    message = value === undefined
      ? `is required but missing (expected ${issue.expected})`
      : `expected ${issue.expected}, got ${describe(value)}`;
  } else if (issue.code === 'invalid_value') {
    message = `expected one of ${issue.values.map((item) => JSON.stringify(item)).join(', ')}, got ${describe(value)}`;
  }
  return [fieldError(doc, issue.path, message)];
}

function fieldError(doc: RawDoc, fieldPath: readonly PropertyKey[], message: string, hint?: string, key?: string): SiteError {
  const keyPath = key === undefined ? fieldPath : fieldPath.slice(0, -1);
  const { line, column } = doc.locate(keyPath, key);
  return new SiteError('content', message, {
    location: { file: doc.file, line, column },
    field: formatPath(fieldPath),
    hint,
  });
}

/** `sections[2].title` style path. */
export function formatPath(fieldPath: readonly PropertyKey[]): string {
  return fieldPath.reduce<string>((out, segment) =>
    typeof segment === 'number' ? `${out}[${segment}]` : out ? `${out}.${String(segment)}` : String(segment), '') || '(top level)';
}

function valueAt(data: unknown, fieldPath: readonly PropertyKey[]): unknown {
  let value = data;
  for (const segment of fieldPath) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  return `${typeof value} ${String(value)}`;
}

/**
 * Validates one content file that is not part of the site model (the
 * server's content/private/*.yaml), with the same errors: file, line, field.
 */
export function validateDoc<T>(doc: RawDoc, schema: ZodType<T>): { value?: T; errors: SiteError[] } {
  const errors: SiteError[] = [];
  const value = check(doc, schema, asObject(doc, errors), errors);
  return errors.length ? { errors } : { value, errors };
}
