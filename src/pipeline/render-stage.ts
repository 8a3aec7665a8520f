/**
 * The render stage as the pipeline calls it. Its options are how it goes
 * about the same work: worker threads for large sites (./worker-pool.ts),
 * and the pages the reuse ledger (src/cache/ledger.ts) says may have
 * changed loaded first. Page files start loading as soon as it starts,
 * while the templates compile and the islands bundle.
 */
import { fromRecord, toRecord, SiteError } from '../errors.ts';
import type { PageEntry } from '../cache/build-cache.ts';
import { linkFiles, writeOutputs } from '../emit/staging.ts';
import type { CollectionItem, SiteTemplates } from '../model.ts';
import { itemOf, summaryOf } from '../render/collection-item.ts';
import type { PageJobResult, RenderJob } from './page-jobs.ts';
import { listKeysOf, listPagesKept, listStands, type Ledger, type ListKeys, type ReusePlan } from '../cache/ledger.ts';
import { startPagePool } from './worker-pool.ts';
import { routeOf } from '../load/content-files.ts';
import { recordOf } from '../files.ts';
import { outputPathOf } from '../output-path.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface RenderOptions {
  root: string;
  outDir: string;
  pageFiles: string[];
  /** The build's reuse ledger: which pages may have changed (loaded first), and their stamps. */
  ledger: Pick<Ledger, 'suspects' | 'stamps'>;
  /** This many threads (1: the main thread only); by default, as many as cores for large sites and 1 for others. */
  threads?: number;
}

export interface RenderStage {
  /**
   * What the main thread has loaded already of the pages the ledger suspected (their stamps and hashes, by path from
   * the root), for the ledger to judge a moved file by rather than read it again; undefined when workers loaded them.
   */
  loadedAhead(): Promise<ReadonlyMap<string, { stamp: string; hash: string }> | undefined>;
  /**
   * Validates, renders and writes the plan's dirty pages into the job's staging folder; its clean pages (the reused
   * ones) are listed by collections too, and its list pages' last entries may be reused.
   */
  render(job: RenderJob, templates: SiteTemplates, plan: Pick<ReusePlan, 'dirty' | 'clean' | 'lists'>): Promise<RenderedShares>;
  close(): void;
}

export interface RenderedShares {
  built: PageEntry[];
  errors: SiteError[];
  warnings: string[];
  results: PageJobResult[];
  /** Pages rendered by each thread, the main thread first. */
  byThread: number[];
}

export async function startRender(options: RenderOptions): Promise<RenderStage> {
  const { root, outDir, pageFiles, ledger, threads } = options;
  // What loading a page takes, made when a page is loaded: a warm build with nothing to load makes neither table.
  let routeFiles: Record<string, string> | undefined;
  const load = {
    root,
    get routeFiles() {
      return (routeFiles ??= recordOf(pageFiles.map((file) => routeOf(file)), (index) => pageFiles[index]));
    },
    get stamps() {
      return ledger.stamps;
    },
  };
  const pool = await startPagePool(load, ledger.suspects, threads);
  return {
    loadedAhead: () => pool.loadedAhead(),
    async render(job, templates, { dirty, clean, lists }) {
      const results = await pool.render(job, templates, dirty);
      // The workers' part is done: their heaps (every page they rendered, not all collected yet) go now, not after emit.
      pool.close();
      const byThread = results.map((result) => result.pages.length);
      const items = [...clean, ...results.flatMap((result) => result.pages)].flatMap(({ page }) => (page.item ? [page.item] : []));
      // Imported here, not above: a warm build that renders nothing never needs the renderer (or zod, which it imports).
      const renderer = await import('../render/render-pages.ts');
      results.push(draftLinks(results), renderLists(results, job, templates, items, renderer, { outDir, lists, clean }));
      return {
        built: results.flatMap((item) => item.pages),
        errors: results.flatMap((item) => item.errors.map(fromRecord)),
        warnings: results.flatMap((item) => item.warnings),
        results,
        byThread,
      };
    },
    close: () => pool.close(),
  };
}

/**
 * A published page that links to a draft would link to nothing once built:
 * an error naming the page. (Drafts are known only once every share is
 * validated, so this is checked here rather than by link().)
 */
function draftLinks(results: PageJobResult[]): PageJobResult {
  const drafts = new Set(results.flatMap((result) => result.drafts?.routes ?? []));
  const errors: SiteError[] = [];
  if (drafts.size === 0) return { pages: [], errors: [], warnings: [] };
  for (const result of results) {
    for (const [file, targets] of Object.entries(result.drafts?.links ?? {})) {
      for (const target of new Set(targets.filter((route) => drafts.has(route)))) {
        errors.push(new SiteError('draft-link', `links to ${target}, which is a draft: \`sitegen build\` leaves it out`, {
          location: { file }, hint: `publish it (remove \`draft: true\` from its file) or remove the link`,
        }));
      }
    }
  }
  return { pages: [], errors: errors.map(toRecord), warnings: [] };
}

/**
 * The pages whose template lists a collection, once every page's summary is
 * known: on the main thread (they are few), each into its list pages. Any
 * other page can change what they list, so they are reused from the last
 * build (their files linked, as the pipeline links other clean pages) only
 * while their own file and every page's summary are as that build saw them;
 * a list whose feed carried its entries' content, while every page is.
 */
function renderLists(
  results: PageJobResult[], job: RenderJob, templates: SiteTemplates, items: CollectionItem[], renderer: typeof import('../render/render-pages.ts'),
  reuse: { outDir: string; lists: ReadonlyMap<string, PageEntry>; clean: readonly PageEntry[] },
): PageJobResult {
  const deferred = results.flatMap((result) => result.deferred ?? []);
  const { render } = job;
  const { renderPages, listedItems } = renderer;
  if (!render || deferred.length === 0 || results.some((result) => result.errors.length > 0)) return { pages: [], errors: [], warnings: [] };
  // The list pages are in collections too (a section's index under another's).
  const all = [...items, ...deferred.map(({ model }) => itemOf(model.info))];
  // Each page's source, for a list whose feed read its entries' content: their change, not only their summaries'.
  const sources = new Map([...reuse.clean, ...results.flatMap((result) => result.pages)].filter((entry) => !entry.list).map((entry) => [entry.page.route, entry.hash]));
  const keys = new Map<string, ListKeys>();
  const reused: PageEntry[] = [];
  const toRender = deferred.filter(({ model, hash }) => {
    let listed: CollectionItem[];
    try {
      listed = listedItems(model, templates, render.site, all);
    } catch {
      return true; // a collection the build cannot read: rendering it reports the error at its template
    }
    const key = listKeysOf(listed, sources);
    keys.set(model.info.file, key);
    const last = reuse.lists.get(model.info.file);
    if (!listStands(last, key, hash)) return true;
    linkFiles(reuse.outDir, job.outDir, last.list.files);
    reused.push(...last.list.pages.map((page) => ({ ...last, page, reused: true })));
    return false;
  });
  const models = toRender.map((entry) => entry.model);
  if (models.length === 0) return { pages: reused, errors: [], warnings: [] };
  const taken: ReadonlySet<string> = new Set(job.routes);
  const errors: SiteError[] = [];
  const files = new Map<string, string>();
  const pages: PageEntry[] = [];
  // A built page, for an integration that reads an entry's content: in the staging folder, or (a dev rebuild, which stages only what it renders) in the output.
  let readContent = false;
  const readPage = (route: string) => {
    readContent = true;
    const file = outputPathOf(route, render.site.trailingSlash);
    for (const folder of [job.outDir, reuse.outDir]) {
      try {
        return readFileSync(path.join(folder, file), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return undefined;
  };
  // One at a time, so that each list page knows its own files (its pages, its feeds) for a later build to link.
  for (const { model, stamp, hash } of toRender) {
    readContent = false;
    // Its own file as the last build saw it: each of its pages whose collection page is too keeps its files.
    const last = reuse.lists.get(model.info.file);
    const { keep: keepList, routes: lastRoutes, pages: lastPages } = listPagesKept(last, hash);
    const rendered = renderPages([model], templates, render.site, render.assets, job.root, { routes: taken, items: all, readPage, keepList });
    errors.push(...rendered.errors);
    const routes = rendered.routes.get(model.info.route) ?? [];
    const kept = [...rendered.keptLists].flatMap((route) => lastRoutes[route].files);
    linkFiles(reuse.outDir, job.outDir, kept);
    const clash = routes.slice(1).find((route) => taken.has(route));
    if (clash) {
      errors.push(new SiteError('route-clash', `its list page ${clash} is also the route of a content file`, {
        location: { file: model.info.file }, hint: 'rename that file, or set a larger `perPage` in the template\'s collection',
      }));
    }
    for (const [file, contents] of rendered.files) files.set(file, contents);
    const summaries = routes.map((route) => (rendered.keptLists.has(route)
      ? lastPages.get(route)!
      : summaryOf(model.info, route, rendered.islands.get(route) ?? [], rendered.inline.get(route), rendered.previews.get(route))));
    const own = Object.fromEntries(routes.map((route) => [route, {
      key: rendered.listKeys.get(route) ?? '',
      files: rendered.keptLists.has(route) ? lastRoutes[route].files : [outputPathOf(route, render.site.trailingSlash), ...rendered.derived.get(route) ?? []],
    }]));
    const key = keys.get(model.info.file) ?? { key: '', content: '' };
    const list = { key: key.key, pages: summaries, files: [...rendered.files.keys(), ...kept], routes: own, ...(readContent ? { content: key.content } : {}) };
    pages.push(...summaries.map((page) => ({ page, stamp, hash, list })));
  }
  if (errors.length === 0) writeOutputs(job.outDir, files);
  return {
    pages: [...reused, ...pages], errors: errors.map(toRecord), warnings: [],
  };
}
