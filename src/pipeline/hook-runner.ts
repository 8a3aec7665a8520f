/**
 * The one way sitegen calls an integration's hook (as Astro's
 * runHookInternal, Vite's plugin container). Every hook goes through
 * `each` below, which:
 *
 * - calls the integrations that have the hook in their order: those marked
 *   `order: 'pre'`, then the others as listed (the built-in ones first, then
 *   the site's), then `'post'`;
 * - times each call, and names a slow one once (a warning of the build);
 * - tells what a hook throws as that integration's fault, at the first frame
 *   of its own source (or the line of sitegen.config.ts that added it),
 *   relative to the site root the runner was made for: the same on the main
 *   thread and in a worker, Markdown extensions included;
 * - checks what it gives back by one set of rules: a path it writes
 *   (`claim`), a head element (`headElementProblem`), a robots line, a route.
 *
 * A runner belongs to one thread's view of one build's integrations
 * (integrationsOf makes it); nothing of it is a module global.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SiteError } from '../errors.ts';
import { isOutputPath } from '../output-claims.ts';
import { toPosix } from '../files.ts';
import type { PageAssets } from '../model.ts';
import {
  CSP_DIRECTIVES, ContentError, type CspDirective, type IntegrationSite,
  type BuildContext, type BuildDoneContext, type CheckContext, type CollectionList, type CollectionOutput, type FilesContext, type HeadElement, type HeadPage, type Integration,
  type FileCopy, type IntegrationHooks, type OutputFile, type PageFromCode, type PagePreview, type PreviewPage, type RenderedPage, type SchemasContext,
} from '../integrations/api.ts';

export const CONFIG_FILE = 'sitegen.config.ts';

/** A call this long is named in the build's warnings (once per integration and hook): the build waited for it. */
export const SLOW_HOOK_MS = 1_000;

type HookName = Exclude<keyof IntegrationHooks, 'csp' | 'client' | 'watch' | 'order'>;

/** A source an integration may add to the policy: an https origin (or host pattern), or the one keyword that lets WebAssembly compile. */
export const CSP_SOURCE = {
  pattern: /^(https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?|'wasm-unsafe-eval')$/i,
  message: "expected an https:// origin such as https://cdn.example.com, or 'wasm-unsafe-eval' in script: never 'unsafe-inline' or 'unsafe-eval'",
};

/** Who writes an output path already, if anyone (`the page /about (content/pages/about.md)`, `public/logo.png` …). */
export type TakenBy = (file: string) => string | undefined;

/** A route of a page from code: segments of letters, digits and - . _ ~, none of them starting with a dot (no `..`, no dotfile). */
const ROUTE = /^\/([a-z0-9_~-][a-z0-9._~-]*(\/[a-z0-9_~-][a-z0-9._~-]*)*)?$/i;

const ORDER_RANK = { pre: 0, normal: 1, post: 2 } as const;

/** The integrations in the order their hooks run: `pre`, then unmarked, then `post`, each group as listed. */
export function inHookOrder(list: readonly Integration[]): Integration[] {
  return list.map((integration, index) => ({ integration, index }))
    .sort((a, b) => ORDER_RANK[a.integration.order ?? 'normal'] - ORDER_RANK[b.integration.order ?? 'normal'] || a.index - b.index)
    .map(({ integration }) => integration);
}

export class HookRunner {
  /** Warnings not yet told: slow hooks (`the integration search took 3.2 s in its buildDone hook`), and what a files hook's warn() said. */
  private readonly notices: string[] = [];
  private readonly named = new Set<string>();
  private readonly wrapped = new WeakMap<object, object>();
  /** The integrations whose `preview` gave a wrong answer: not asked again. */
  private readonly faulted = new Set<string>();
  readonly list: readonly Integration[];

  /** `list`: the resolved integrations (put in hook order here); `root`: the site root, that files are named from. */
  constructor(list: readonly Integration[], readonly root: string) {
    this.list = inHookOrder(list);
  }

  /** The notices not yet told (slow hooks, and what integrations warned of), which are told now (a dev session's runner lives through many builds). */
  takeNotices(): string[] {
    return this.notices.splice(0);
  }

  /** Whether any integration has this hook (a page with no `page` hook to run skips building its context). */
  has(hook: HookName): boolean {
    return this.list.some((integration) => integration[hook] !== undefined);
  }

  /**
   * The sources every integration adds to the policy, by directive, in hook order: each integration's own (made from
   * the site when its `csp` is a function), each source checked.
   */
  csp(site: IntegrationSite, errors: SiteError[]): Partial<Record<CspDirective, string[]>> {
    const merged: Partial<Record<CspDirective, string[]>> = {};
    for (const integration of this.list) {
      if (integration.csp === undefined) continue;
      let sources: unknown;
      try {
        sources = typeof integration.csp === 'function' ? integration.csp(site) : integration.csp;
      } catch (error) {
        errors.push(this.thrown(integration, 'csp', error));
        continue;
      }
      for (const [directive, list] of Object.entries(sources ?? {})) {
        const problem = !CSP_DIRECTIVES.includes(directive as CspDirective) ? `${JSON.stringify(directive)} is not a directive it may add to (${CSP_DIRECTIVES.join(', ')})`
          : !Array.isArray(list) ? `its ${directive} sources are not a list`
            : list.map((source) => (typeof source === 'string' && CSP_SOURCE.pattern.test(source) ? undefined : `${JSON.stringify(source)} in ${directive}: ${CSP_SOURCE.message}`)).find(Boolean);
        if (problem) errors.push(this.fault(integration, 'csp', problem));
        else merged[directive as CspDirective] = [...new Set([...merged[directive as CspDirective] ?? [], ...list as string[]])];
      }
    }
    return merged;
  }

  /**
   * The settings of every integration's browser code on this site, by integration name (in hook order), and what
   * the islands wait for, which the head preloads: each settings made once, JSON checked. `clients` are the chunks
   * the bundle made for them.
   */
  client(site: IntegrationSite, clients: NonNullable<PageAssets['clients']>, errors: SiteError[]): PageAssets['client'] {
    const settings: Record<string, unknown> = {};
    const preload: { src: string; integrity: string }[] = [];
    for (const integration of this.list) {
      if (integration.client === undefined) continue;
      let given: unknown;
      try {
        given = integration.client.settings(site);
      } catch (error) {
        errors.push(this.thrown(integration, 'client', error));
        continue;
      }
      if (given === undefined) continue;
      const chunk = clients[integration.name];
      const problem = !isJson(given) ? 'its settings are not plain data (JSON: objects, lists, text, finite numbers, true, false, null)'
        : !chunk ? 'its browser code is not in the bundle (the configuration changed while the build ran: build again)' : undefined;
      if (problem) {
        errors.push(this.fault(integration, 'client', problem));
        continue;
      }
      settings[integration.name] = given;
      if (chunk.timing === 'before-islands') preload.push({ src: chunk.src, integrity: chunk.integrity });
    }
    return Object.keys(settings).length > 0 ? { settings, preload } : undefined;
  }

  /** The head elements every integration adds to one page, each checked. */
  head(page: HeadPage, errors: SiteError[]): { integration: Integration; element: HeadElement }[] {
    const out: { integration: Integration; element: HeadElement }[] = [];
    this.each('head', errors, (integration, hook) => {
      for (const element of hook(page) ?? []) {
        const problem = headElementProblem(element);
        if (problem) errors.push(this.fault(integration, 'head', problem));
        else out.push({ integration, element });
      }
    });
    return out;
  }

  /**
   * A page's picture for link previews: the first integration's, in hook order, that gives one; checked (an address
   * on the site or an https URL, sizes as whole numbers), with the integration's name for its `files` hook.
   */
  preview(page: PreviewPage, errors: SiteError[]): (PagePreview & { integration: string }) | undefined {
    let found: (PagePreview & { integration: string }) | undefined;
    this.each('preview', errors, (integration, hook) => {
      // One wrong answer is told once, at the first page: the same hook would give it for every page.
      if (found || this.faulted.has(integration.name)) return;
      const preview = hook(page);
      if (preview === undefined || preview === null) return;
      const size = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) > 0);
      const problem = typeof preview !== 'object' || typeof preview.image !== 'string' || !/^(\/(?!\/)|https:\/\/)/.test(preview.image)
        ? `${JSON.stringify((preview as PagePreview | undefined)?.image)} is not a picture's address: a path on the site (/assets/…) or an https:// URL`
        : !size(preview.width) || !size(preview.height) ? `the size of ${preview.image} is not in whole pixels`
          : preview.alt !== undefined && typeof preview.alt !== 'string' ? `the text alternative of ${preview.image} is not text` : undefined;
      if (problem) {
        this.faulted.add(integration.name);
        errors.push(this.fault(integration, 'preview', `${page.route}: ${problem}`));
      } else found = { ...preview, integration: integration.name };
    });
    return found;
  }

  /** The files every integration makes from one rendered page, by path in the output. */
  page(page: RenderedPage, errors: SiteError[]): Map<string, string> {
    const files = new Map<string, string>();
    const owners = new Map<string, string>();
    this.each('page', errors, (integration, hook) => {
      for (const [file, contents] of Object.entries(hook(page) ?? {})) {
        const name = this.claim(integration, 'page', file, owners, () => undefined, errors);
        if (name !== undefined) files.set(name, contents);
      }
    });
    return files;
  }

  /** What every integration adds to one collection list: its files, its links and its pages' head elements. */
  collection(context: CollectionList, errors: SiteError[], takenBy: TakenBy = () => undefined): Required<CollectionOutput> {
    const merged = { files: {} as Record<string, string>, links: {} as Record<string, string>, head: [] as HeadElement[] };
    const owners = new Map<string, string>();
    this.each('collection', errors, (integration, hook) => {
      const output = hook(context);
      for (const [file, contents] of Object.entries(output?.files ?? {})) {
        const name = this.claim(integration, 'collection', file, owners, takenBy, errors);
        if (name !== undefined) merged.files[name] = contents;
      }
      Object.assign(merged.links, output?.links ?? {});
      for (const element of output?.head ?? []) {
        const problem = headElementProblem(element);
        if (problem) errors.push(this.fault(integration, 'collection', problem));
        else merged.head.push(element);
      }
    });
    return merged;
  }

  /** robots.txt's lines from every integration, each one line. */
  robots(context: BuildContext, errors: SiteError[]): string[] {
    const lines: string[] = [];
    this.each('robots', errors, (integration, hook) => {
      for (const line of hook(context) ?? []) {
        if (typeof line !== 'string' || /[\r\n]/.test(line)) errors.push(this.fault(integration, 'robots', `${JSON.stringify(line)} is not one line of text`));
        else lines.push(line);
      }
    });
    return lines;
  }

  /**
   * Every integration's files, and who wrote each; a path another writer has (`takenBy`) is an error naming both.
   * Each integration gets its own cache folder, and its warnings join the build's.
   */
  async files(
    context: Omit<FilesContext, 'cacheDir' | 'warn' | 'root'>, takenBy: TakenBy, errors: SiteError[],
  ): Promise<{ files: Map<string, OutputFile>; owners: Map<string, string> }> {
    const files = new Map<string, OutputFile>();
    const owners = new Map<string, string>();
    await this.eachAsync('files', errors, async (integration, hook) => {
      const own = { ...context, root: this.root, cacheDir: cacheDirOf(this.root, integration), warn: (message: string) => void this.notices.push(String(message)) };
      for (const [file, contents] of Object.entries(await hook(own))) {
        const kind = typeof contents === 'string' || contents instanceof Uint8Array ? undefined
          : contents && typeof contents === 'object' && typeof (contents as FileCopy).copy === 'string' && path.isAbsolute((contents as FileCopy).copy) ? undefined
            : `the contents of ${file} are neither text, bytes nor { copy: an absolute path }`;
        if (kind) {
          errors.push(this.fault(integration, 'files', kind));
          continue;
        }
        const name = this.claim(integration, 'files', file, owners, takenBy, errors);
        if (name !== undefined) files.set(name, contents);
      }
    });
    return { files, owners };
  }

  /**
   * Every integration's buildDone, in order; the first that throws stops the others. What each writes goes through
   * `claim` into `outDir` (the staging folder), and is returned with who wrote it.
   */
  async buildDone(
    context: Omit<BuildDoneContext, 'write'>, outDir: string, takenBy: TakenBy, errors: SiteError[],
  ): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    await this.eachAsync('buildDone', errors, (integration, hook) => hook(Object.defineProperty({
      ...context,
      write: async (file: string, contents: string | Uint8Array) => {
        const name = this.claim(integration, 'buildDone', file, owners, takenBy, errors);
        if (name === undefined) return;
        await mkdir(path.dirname(path.join(outDir, name)), { recursive: true });
        await writeFile(path.join(outDir, name), contents);
      },
    }, 'outDir', {
      // An integration written for the folder it used to be given is told, at its own line, what took its place.
      get: () => { throw new Error('buildDone no longer gives the output folder (outDir): add a file with write(path, contents), which checks it as every integration\'s file is'); },
    }) as BuildDoneContext), { stopAtError: true });
    return owners;
  }

  /**
   * Every integration's `schemas`, in order, each writing through `write` into the editors' schemas folder: a path
   * checked as an output path is, and not one another integration wrote in this call (naming both).
   */
  async schemas(
    context: Omit<SchemasContext, 'write'>, write: (file: string, contents: string) => Promise<void>, errors: SiteError[],
  ): Promise<void> {
    const owners = new Map<string, string>();
    await this.eachAsync('schemas', errors, (integration, hook) => hook({
      ...context,
      write: async (file: string, contents: string) => {
        const own = `the integration ${integration.name}`;
        const name = typeof file === 'string' ? file.replace(/^\/+/, '') : '';
        const other = owners.get(name);
        const problem = !isOutputPath(name) ? `${JSON.stringify(file)} is not a path inside the schemas folder (no .., no leading dot)`
          : typeof contents !== 'string' ? `${name} is ${typeof contents}, not text`
            : other !== undefined && other !== own ? `${name} is written by ${other} too` : undefined;
        if (problem) throw new Error(problem);
        owners.set(name, own);
        await write(name, contents);
      },
    }));
  }

  /** What every integration finds wrong in the files it wrote, for `sitegen check`. */
  async check(context: CheckContext, errors: SiteError[]): Promise<string[]> {
    const problems: string[] = [];
    await this.eachAsync('check', errors, async (integration, hook) => {
      for (const problem of await hook(context)) {
        if (typeof problem === 'string') problems.push(problem);
        else errors.push(this.fault(integration, 'check', `${JSON.stringify(problem)} is not a problem's text`));
      }
    });
    return problems;
  }

  /** Every integration's pages from code, each route checked, by the integration that made it. */
  async pages(errors: SiteError[]): Promise<{ integration: Integration; page: PageFromCode }[]> {
    const out: { integration: Integration; page: PageFromCode }[] = [];
    await this.eachAsync('pages', errors, async (integration, hook) => {
      for (const page of await hook({ root: this.root })) {
        if (typeof page?.route !== 'string' || !ROUTE.test(page.route)) {
          errors.push(this.fault(integration, 'pages', `${JSON.stringify(page?.route)} is not a route: expected a path such as /glossary (letters, digits and - . _ ~ /, no segment starting with a dot)`));
        } else {
          out.push({ integration, page });
        }
      }
    });
    return out;
  }

  /**
   * The marked extensions of every integration, in order, each function of them (a tokenizer, a renderer, a hook,
   * walkTokens) wrapped so that what it throws is that integration's fault in its markdown hook, as a throw from any
   * other hook is. Wrapped once per extension.
   */
  markdown(): NonNullable<Integration['markdown']>[number][] {
    return this.list.flatMap((integration) => (integration.markdown ?? []).map((extension) => this.attributed(integration, extension)));
  }

  /** What an integration's hook threw: its fault, at its own source line; a ContentError is the editor's, at the content file. */
  thrown(integration: Integration, hook: string, error: unknown): SiteError {
    if (error instanceof ContentError || (error as { name?: string })?.name === 'ContentError') {
      const content = error as ContentError;
      return new SiteError('content', content.message, { location: { file: content.file }, hint: content.hint });
    }
    if (error instanceof SiteError) return error;
    const cause = error instanceof Error ? error : new Error(String(error));
    return new SiteError('integration', `the integration ${integration.name} failed in its ${hook} hook: ${cause.message}`, {
      origin: 'integration',
      location: this.ownFrame(cause.stack ?? '') ?? originOf(integration, this.root),
      hint: faultHint(integration),
      cause,
      stack: cause.stack,
    });
  }

  /** What sitegen found wrong with what a hook gave back: at the line of sitegen.config.ts that added the integration. */
  fault(integration: Integration, hook: string, message: string): SiteError {
    return new SiteError('integration', `the integration ${integration.name} failed in its ${hook} hook: ${message}`, {
      origin: 'integration', location: originOf(integration, this.root), hint: faultHint(integration),
    });
  }

  /**
   * The one check of a path a hook writes (`page`, `collection`, `files`, `buildDone`): inside the output, no
   * dotfile but under .well-known, no page (.html) from a hook that makes files beside pages, and no path another
   * writer has: another integration in this call (`owners`, which the path then joins) or anything else
   * (`takenBy`). A buildDone hook may write its own file again (an index it updates as it goes). Returns the path
   * without its leading slashes, or undefined after adding the error, which names both writers.
   */
  private claim(
    integration: Integration, hook: 'page' | 'collection' | 'files' | 'buildDone', file: unknown, owners: Map<string, string>, takenBy: TakenBy, errors: SiteError[],
  ): string | undefined {
    const name = typeof file === 'string' ? file.replace(/^\/+/, '') : '';
    const own = `the integration ${integration.name}`;
    const written = isOutputPath(name) ? owners.get(name) : undefined;
    const other = !isOutputPath(name) || (hook === 'buildDone' && written === own) ? undefined : written ?? takenBy(name);
    const problem = !isOutputPath(name) ? `${JSON.stringify(file)} is not a path inside the output (no .., no leading dot in a folder but .well-known)`
      : (hook === 'page' || hook === 'collection') && /\.html?$/i.test(name) ? `${name} would be a page: a ${hook} hook writes files beside the pages, never a page`
        : other ? `${name} is written by ${other} too` : undefined;
    if (other?.startsWith('public/') && problem === `${name} is written by ${other} too`) {
      // The editor's file in public/ at an integration's address (robots.txt, _headers): theirs to rename, as a clash
      // with a page or sitegen's own file is (emit/claim-outputs.ts).
      errors.push(new SiteError('output-clash', `/${name} would be written by ${own} and by ${other}: one would silently replace the other`, {
        location: { file: other }, hint: `rename or remove the file in public/, or turn the integration ${integration.name} off in ${CONFIG_FILE}`,
      }));
      return undefined;
    }
    if (problem) {
      errors.push(this.fault(integration, hook, problem));
      return undefined;
    }
    owners.set(name, own);
    return name;
  }

  /** Each integration that has `hook`, in order: called, timed, and what it throws told as its fault. */
  private each<H extends HookName>(hook: H, errors: SiteError[], call: (integration: Integration, hook: NonNullable<Integration[H]>) => void): void {
    for (const integration of this.list) {
      const fn = integration[hook];
      if (fn === undefined) continue;
      const start = performance.now();
      try {
        call(integration, fn);
      } catch (error) {
        errors.push(this.thrown(integration, hook, error));
      } finally {
        this.timed(integration, hook, start);
      }
    }
  }

  private async eachAsync<H extends HookName>(
    hook: H, errors: SiteError[], call: (integration: Integration, hook: NonNullable<Integration[H]>) => unknown, options: { stopAtError?: boolean } = {},
  ): Promise<void> {
    for (const integration of this.list) {
      const fn = integration[hook];
      if (fn === undefined) continue;
      const start = performance.now();
      try {
        await call(integration, fn);
      } catch (error) {
        errors.push(this.thrown(integration, hook, error));
        if (options.stopAtError) return;
      } finally {
        this.timed(integration, hook, start);
      }
    }
  }

  private timed(integration: Integration, hook: string, start: number): void {
    const spent = performance.now() - start;
    const key = `${integration.name} ${hook}`;
    if (spent < SLOW_HOOK_MS || this.named.has(key)) return;
    this.named.add(key);
    this.notices.push(`the integration ${integration.name} took ${(spent / 1000).toFixed(1)} s in its ${hook} hook: the build waited for it`);
  }

  private attributed<T extends object>(integration: Integration, extension: T): T {
    const known = this.wrapped.get(extension);
    if (known) return known as T;
    const wrap = (value: unknown, depth: number): unknown => {
      if (typeof value === 'function') {
        const fn = value as (...args: unknown[]) => unknown;
        const runner = this;
        return function (this: unknown, ...args: unknown[]) {
          try {
            return fn.apply(this, args);
          } catch (error) {
            throw runner.thrown(integration, 'markdown', error);
          }
        };
      }
      if (depth >= 3 || value === null || typeof value !== 'object') return value;
      if (Array.isArray(value)) return value.map((item) => wrap(item, depth + 1));
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wrap(item, depth + 1)]));
    };
    const wrapped = wrap(extension, 0) as T;
    this.wrapped.set(extension, wrapped);
    return wrapped;
  }

  /** The first frame of a stack outside sitegen's own source and Node's. */
  private ownFrame(stack: string): SiteError['location'] | undefined {
    for (const line of stack.split('\n').slice(1)) {
      const match = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?$/.exec(line.trim());
      if (!match) continue;
      const file = match[1].replace(/^file:\/\//, '');
      if (file.startsWith('node:') || /[/\\]src[/\\](pipeline|render|emit|integrations[/\\]api)/.test(file) || /node_modules[/\\]\.cache[/\\]sitegen/.test(file)) continue;
      return { file: relativeToRoot(file, this.root), line: Number(match[2]), column: Number(match[3]) };
    }
    return undefined;
  }
}

/** An integration's own folder of the site's state: .sitegen/cache/integrations/NAME/ (its name is lower case, digits and -). */
export function cacheDirOf(root: string, integration: Pick<Integration, 'name'>): string {
  return path.join(root, '.sitegen', 'cache', 'integrations', integration.name);
}

function faultHint(integration: Integration): string {
  return `this is the integration's fault, not the content's or the templates': fix or update ${integration.name}, or take it out of ${CONFIG_FILE}`;
}

/** Where an integration was added (the line of sitegen.config.ts that called it), named from the site root. */
export function originOf(integration: Integration | undefined, root: string): SiteError['location'] {
  const origin = integration?.origin;
  if (!origin) return { file: CONFIG_FILE };
  return { file: relativeToRoot(origin.file, root), line: origin.line, column: origin.column };
}

function relativeToRoot(file: string, root: string): string {
  const relative = path.relative(root, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : toPosix(relative);
}

const HEAD_TAGS = new Set(['script', 'style', 'link', 'meta']);
/** An attribute name as HTML parses one: no space, quote, `<`, `>`, `/` or `=` (and no control character). */
const ATTRIBUTE_NAME = /^[a-z_:][a-z0-9_:.-]*$/i;

/** Whether a value is plain data that JSON carries as it is (a client script's settings). */
function isJson(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
  return Object.values(value).every((item) => isJson(item, depth + 1));
}

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
