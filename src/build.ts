/**
 * The build, top to bottom: load → validate → render → bundle → emit.
 * Each stage is a function of its own module; this file only orders them.
 * The per-page stages run as page jobs (src/pages.ts), spread over worker
 * threads when the site is large enough to pay for them (src/parallel.ts),
 * and a warm build cache (src/cache.ts) skips what did not change.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { listPageFiles, loadSiteFile, routeOf, type RawDoc } from './load.ts';
import { loadTemplates, prepareTemplates, type CompiledTemplates, type Templates } from './templates.ts';
import type { SiteModel } from './validate.ts';
import { bundleIslands, type BundleResult } from './bundle.ts';
import { renderSiteFiles, type OutputFiles } from './render.ts';
import { discardStaging, linkOutputs, publishSite, stageSite, writeOutputs } from './emit.ts';
import { listPublicFiles } from './public.ts';
import { SiteError, fromRecord, throwIfAny } from './errors.ts';
import { pageAssets, type SiteAssets } from './assets.ts';
import { withLoginKey } from './login-key.ts';
import type { BuiltPage, PageJobResult, PageSummary } from './pages.ts';
import { startPagePool } from './parallel.ts';
import { contentHash, readCache, stampOf, stampsOf, writeCache, type BuildCache } from './cache.ts';
import { changedPages, outStampOf, siteKeyOf } from './incremental.ts';
import type { PageInfo, SiteInfo } from './model.ts';

/** Pages up to which a build keeps every page's data and HTML in its result (tests and dev read them). */
const KEEP_IN_MEMORY_UP_TO = 500;

export interface BuildOptions {
  root: string;
  outDir?: string;
  now?: Date;
  /** Adds the live-reload client to every page. */
  dev?: boolean;
  /** Use worker threads when the site is large enough (default true, except in dev). */
  parallel?: boolean;
  /** At most this many threads for the pages (default: one per core); 1 keeps the build on the main thread. */
  threads?: number;
  /** Reuse what the last build made from unchanged inputs (default true). */
  cache?: boolean;
  /**
   * Keep every page's data and HTML in the result (default: for dev and for sites of up to 500 pages). A build that
   * keeps them renders every page; one that does not reuses the unchanged pages of the last build.
   */
  keep?: boolean;
}

export interface BuildResult {
  /** Every page of the site: its route and file, whether the sitemap lists it, the islands it uses. */
  pages: PageSummary[];
  /** How many pages this build rendered (the others were unchanged and reused). */
  rendered: number;
  /** The site and every page's data; `pages` is complete only for builds that keep them (dev, small sites). */
  model: SiteModel;
  /** The imported templates; absent when every page was unchanged and none had to be rendered. */
  templates?: Templates;
  bundle: BundleResult;
  publicFiles: Set<string>;
  /** Every content file as read (for incremental rebuilds); complete only for builds that keep them. */
  rawDocs: Map<string, RawDoc>;
  /** Route → islands its page uses. */
  islands: Map<string, string[]>;
  /** Every file written besides public/; page HTML only for builds that keep them. */
  files: OutputFiles;
  outDir: string;
  assets: SiteAssets;
  warnings: string[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root, outDir = path.join(root, 'dist'), now = new Date(), dev = false, parallel = !dev, cache: useCache = true } = options;
  const timings: Record<string, number> = {};
  const timed = async <T>(stage: string, work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
    }
  };

  const cache = useCache ? readCache(root) : undefined;
  const pageFiles = await timed('load', () => listPageFiles(root));
  if (pageFiles.length === 0) {
    throw new SiteError('no-pages', 'no page content found', {
      location: { file: 'content/pages' }, hint: 'add a YAML or Markdown file per route, for example content/pages/index.yaml for /',
    });
  }
  const keep = options.keep ?? (dev || pageFiles.length <= KEEP_IN_MEMORY_UP_TO);
  // Large builds keep nothing in memory (holding every page's data and HTML costs more in garbage collection than it
  // saves), and reuse unchanged pages; small ones rebuild every page, which costs less than checking.
  const reusable = keep ? undefined : changedPages(root, outDir, cache, pageFiles);
  const routes = pageFiles.map(routeOf);
  const routeFiles = Object.fromEntries(routes.map((route, index) => [route, pageFiles[index]]));
  // The page shares start loading now (in workers too), while the templates compile and the islands bundle.
  const pool = await startPagePool({ root, routeFiles, stamps: reusable?.stamps }, reusable?.suspects ?? pageFiles, parallel ? options.threads : 1);
  let staging: string | undefined;
  try {
    const [siteDoc, publicFiles, compiled, bundle] = await Promise.all([
      timed('load', () => loadSiteFile(root)),
      timed('load', () => listPublicFiles(root)),
      timed('templates', () => prepareTemplates(root, cache?.templates)),
      timed('bundle', () => bundleIslands(root, cache?.bundle)),
    ]);
    let loaded: Templates | undefined;
    const templates = async () => (loaded ??= await timed('templates', async () => ({ ...(await loadTemplates(compiled.moduleFile)), ...compiled })));
    const siteErrors: SiteError[] = [];
    const siteMemoKey = contentHash(JSON.stringify([siteDoc.source, compiled.moduleFile, routes, [...publicFiles].sort(), now.getFullYear(), loginKeyStamp(root, siteDoc)]));
    const site = cache?.site?.key === siteMemoKey ? cache.site.value
      : await timed('validate', async () => siteInfo(root, siteDoc, await templates(), { routes: new Set(routes), publicFiles }, now, siteErrors));
    const assets = site && pageAssets(site, bundle, { dev });
    const siteKey = siteKeyOf({ siteDoc, site, templates: compiled, assets: assets?.page, routes, publicFiles, dev });
    const { clean, dirty } = reusable ? reusable.confirm(siteKey) : { clean: [], dirty: pageFiles };
    const memos = { siteKey, publicStamp: publicStampOf(root, publicFiles), site: site && { key: siteMemoKey, value: site } };

    if (site && dirty.length === 0 && reusable && cache?.publicStamp === memos.publicStamp) {
      const pages = clean.map((entry) => entry.page);
      if (reusable.restamped || cache.site?.key !== siteMemoKey) saveCache(root, outDir, memos, compiled, bundle, clean);
      return result({ pages, rendered: 0, site, templates: loaded, bundle, publicFiles, siteDoc, results: [], files: new Map(), assets: assets! });
    }

    staging = await timed('emit', () => stageSite(root, outDir, publicFiles));
    linkOutputs(outDir, staging, clean.map((entry) => entry.page.route));
    // With a broken site.yaml the pages are still validated (not rendered), so every error is reported at once.
    const job = { routes, publicFiles: [...publicFiles], site: site!, assets: assets?.page!, outDir: staging, render: Boolean(site), keep };
    const results = await timed('pages', async () => pool.render(job, await templates(), dirty));
    throwIfAny([...siteErrors, ...results.flatMap((item) => item.errors.map(fromRecord))]);

    // Code-unit order, as the file list is sorted.
    const built = [...clean, ...results.flatMap((item) => item.pages)].sort((a, b) => (a.page.file < b.page.file ? -1 : a.page.file > b.page.file ? 1 : 0));
    const pages = built.map((entry) => entry.page);
    const siteFiles = renderSiteFiles(site!, pages, assets!.inlineScriptHashes);
    for (const [url, contents] of bundle.files) siteFiles.set(url.slice(1), contents);
    await timed('emit', async () => {
      writeOutputs(staging!, siteFiles);
      await publishSite(staging!, outDir);
    });
    staging = undefined;
    if (useCache) saveCache(root, outDir, memos, compiled, bundle, keep ? [] : built);
    const files = new Map([...collectFiles(results), ...siteFiles]);
    return result({ pages, rendered: dirty.length, site: site!, templates: loaded, bundle, publicFiles, siteDoc, results, files, assets: assets! });
  } finally {
    pool.close();
    if (staging) await discardStaging(staging);
  }

  function result(parts: {
    pages: BuildResult['pages']; rendered: number; site: SiteInfo; templates?: Templates; bundle: BundleResult; publicFiles: Set<string>;
    siteDoc: RawDoc; results: PageJobResult[]; files: OutputFiles; assets: SiteAssets;
  }): BuildResult {
    const { results, siteDoc, site, ...rest } = parts;
    return {
      ...rest,
      model: { site, pages: results.flatMap((item) => item.kept?.models ?? []) },
      rawDocs: new Map([siteDoc, ...results.flatMap((item) => item.kept?.docs ?? [])].map((doc) => [doc.file, doc])),
      islands: new Map(parts.pages.map((page) => [page.route, page.islands])),
      outDir,
      warnings: siteWarnings(site),
      timings,
    };
  }
}

function saveCache(
  root: string, outDir: string, keys: Pick<BuildCache, 'siteKey' | 'publicStamp' | 'site'>, templates: CompiledTemplates, bundle: BundleResult,
  built: BuiltPage[],
): void {
  writeCache(root, {
    outDir: path.resolve(outDir),
    outStamp: outStampOf(outDir),
    ...keys,
    templates: templates.memo,
    bundle: bundle.memo,
    pages: Object.fromEntries(built.map((entry) => [entry.page.file, entry])),
  });
}

/** site.yaml validated, with the login's public key read in (the login page embeds it). */
export async function siteInfo(
  root: string, siteDoc: RawDoc, templates: Templates, scope: { routes: ReadonlySet<string>; publicFiles: ReadonlySet<string> },
  now: Date, errors: SiteError[],
): Promise<SiteInfo | undefined> {
  // Imported here, not at the top: a build that finds site.yaml in its cache never needs zod or marked.
  const { validateSite } = await import('./validate.ts');
  const site = validateSite(siteDoc, templates, scope, errors, now);
  if (!site) return undefined;
  try {
    return await withLoginKey(root, site, siteDoc);
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    errors.push(error);
    return undefined;
  }
}

/** The HTML the page jobs kept in memory (already written to the staging folder). */
function collectFiles(results: PageJobResult[]): OutputFiles {
  const files: OutputFiles = new Map();
  for (const item of results) for (const [name, html] of item.kept?.html ?? []) files.set(name, html);
  return files;
}

/** The login key file is read into the site info, so its stamp is part of what the cached site info depends on. */
function loginKeyStamp(root: string, siteDoc: RawDoc): string {
  const publicKey = (siteDoc.data as { api?: { publicKey?: unknown } } | undefined)?.api?.publicKey;
  return typeof publicKey === 'string' ? stampOf(path.resolve(root, publicKey)) : 'none';
}

function publicStampOf(root: string, publicFiles: Set<string>): string {
  return contentHash(JSON.stringify(stampsOf([...publicFiles].map((url) => path.join(root, 'public', url)))));
}

function siteWarnings(site: SiteInfo): string[] {
  const warnings: string[] = [];
  if (!site.gate) {
    warnings.push('content/site.yaml: no gate configured, so the bot-detection check is skipped and every page renders at once');
  }
  return warnings;
}
