/**
 * The build, top to bottom: load → validate → render → bundle → emit.
 * Each stage is a function of its own module; this file only orders them.
 * The per-page stages run as page jobs (src/pages.ts), spread over worker
 * threads when the site is large enough to pay for them (src/parallel.ts).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { listPageFiles, loadSiteFile, routeOf, type RawDoc } from './load.ts';
import { compileTemplates, type Templates } from './templates.ts';
import { validateSite, type SiteModel } from './validate.ts';
import { bundleIslands, type BundleResult } from './bundle.ts';
import { renderSiteFiles, type OutputFiles } from './render.ts';
import { discardStaging, listPublicFiles, publishSite, stageSite, writeOutputs } from './emit.ts';
import { SiteError, throwIfAny } from './errors.ts';
import { pageAssets, type SiteAssets } from './assets.ts';
import { withLoginKey } from './login-key.ts';
import { fromRecord, type PageJobResult } from './pages.ts';
import { startPagePool } from './parallel.ts';
import type { PageInfo, SiteInfo } from './model.ts';

/** Pages up to which a build keeps every page's data and HTML in its result (tests and dev read them). */
const KEEP_IN_MEMORY_UP_TO = 500;

export interface BuildOptions {
  root: string;
  outDir?: string;
  now?: Date;
  /** Adds the live-reload client to every page. */
  dev?: boolean;
  /** Use worker threads when the site is large enough (default true). */
  parallel?: boolean;
}

export interface BuildResult {
  /** Every page built, with the islands it uses. */
  pages: (PageInfo & { islands: string[] })[];
  /** The site and every page's data; `pages` is complete only for builds without workers (dev, small sites). */
  model: SiteModel;
  templates: Templates;
  bundle: BundleResult;
  publicFiles: Set<string>;
  /** Every content file as read (for incremental rebuilds); complete only for builds without workers. */
  rawDocs: Map<string, RawDoc>;
  /** Route → islands its page uses. */
  islands: Map<string, string[]>;
  /** Every file written besides public/; page HTML only for builds without workers. */
  files: OutputFiles;
  outDir: string;
  assets: SiteAssets;
  warnings: string[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root, outDir = path.join(root, 'dist'), now = new Date(), dev = false, parallel = !dev } = options;
  const timings: Record<string, number> = {};
  const timed = async <T>(stage: string, work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
    }
  };

  const pageFiles = await timed('load', () => listPageFiles(root));
  if (pageFiles.length === 0) {
    throw new SiteError('no-pages', 'no page content found', {
      location: { file: 'content/pages' }, hint: 'add a YAML or Markdown file per route, for example content/pages/index.yaml for /',
    });
  }
  // Workers start now and load while the templates compile and the islands bundle.
  const pool = await startPagePool(pageFiles.length, parallel);
  let staging: string | undefined;
  try {
    const [siteDoc, publicFiles, templates, bundle] = await Promise.all([
      timed('load', () => loadSiteFile(root)),
      timed('load', () => listPublicFiles(root)),
      timed('templates', () => compileTemplates(root)),
      timed('bundle', () => bundleIslands(root)),
    ]);
    const routes = pageFiles.map(routeOf);
    const siteErrors: SiteError[] = [];
    const site = await timed('validate', () => siteInfo(root, siteDoc, templates, { routes: new Set(routes), publicFiles }, now, siteErrors));
    const assets = site && pageAssets(site, bundle, { dev });
    staging = await timed('emit', () => stageSite(root, outDir));
    // With a broken site.yaml the pages are still validated (not rendered), so every error is reported at once.
    const job = { root, routes, publicFiles: [...publicFiles], site: site!, assets: assets?.page!, outDir: staging, render: Boolean(site) };
    // Large builds keep nothing in memory: holding every page's data and HTML costs more in garbage collection than it saves.
    const keep = dev || pageFiles.length <= KEEP_IN_MEMORY_UP_TO;
    const results = await timed('pages', () => pool.run(job, pageFiles, templates, keep));
    throwIfAny([...siteErrors, ...results.flatMap((result) => result.errors.map(fromRecord))]);

    const pages = results.flatMap((result) => result.pages).sort((a, b) => a.file.localeCompare(b.file));
    const siteFiles = renderSiteFiles({ site: site!, pages: pages.map((info) => ({ info, data: {} })) }, assets!.inlineScriptHashes);
    for (const [url, contents] of bundle.files) siteFiles.set(url.slice(1), contents);
    await timed('emit', async () => {
      writeOutputs(staging!, siteFiles);
      await publishSite(staging!, outDir);
    });
    staging = undefined;
    const files = new Map([...collectFiles(results), ...siteFiles]);
    const model: SiteModel = { site: site!, pages: results.flatMap((result) => result.kept?.models ?? []) };
    const rawDocs = new Map([siteDoc, ...results.flatMap((result) => result.kept?.docs ?? [])].map((doc) => [doc.file, doc]));
    const islands = new Map(pages.map((page) => [page.route, page.islands]));
    return { pages, model, templates, bundle, publicFiles, rawDocs, islands, files, outDir, assets: assets!, warnings: siteWarnings(site!), timings };
  } finally {
    pool.close();
    if (staging) await discardStaging(staging);
  }
}

/** site.yaml validated, with the login's public key read in (the login page embeds it). */
export async function siteInfo(
  root: string, siteDoc: RawDoc, templates: Templates, scope: { routes: ReadonlySet<string>; publicFiles: ReadonlySet<string> },
  now: Date, errors: SiteError[],
): Promise<SiteInfo | undefined> {
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
  for (const result of results) for (const [name, html] of result.kept?.html ?? []) files.set(name, html);
  return files;
}

function siteWarnings(site: SiteInfo): string[] {
  const warnings: string[] = [];
  if (!site.gate) {
    warnings.push('content/site.yaml: no gate configured, so the bot-detection check is skipped and every page renders at once');
  }
  return warnings;
}
