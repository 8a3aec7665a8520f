/**
 * Spreads the page jobs of a build over the cores: the main thread takes one
 * share and worker threads the others. Each share starts loading at once
 * (reading and parsing need no templates) and renders when `render` is
 * called. Workers only pay off past a few hundred pages (each one starts a
 * JavaScript engine and imports the templates), so small sites stay on the
 * main thread.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { compiledFile } from '../compiled.ts';
import type { LoadJob, LoadedPages } from '../load/load-pages.ts';
import type { SiteTemplates } from '../model.ts';
import type { PageJobResult, RenderJob } from './page-jobs.ts';

/** Below this many pages per extra thread, a worker costs more than it saves. */
const PAGES_PER_WORKER = 400;

export interface PagePool {
  /**
   * Renders the given files: those the shares loaded ahead, and any others (a warm build that finds out late that
   * every page is dirty) loaded now on the main thread.
   */
  render(job: RenderJob, templates: SiteTemplates, files: string[]): Promise<PageJobResult[]>;
  close(): void;
}

/** Worker messages: load a share, then render (part of) it. */
export type WorkerRequest =
  | { type: 'load'; job: LoadJob }
  | { type: 'render'; templatesModule: string; job: RenderJob; only: string[] };

/** `maxThreads` defaults to one per core; 1 keeps every page on the main thread. */
export async function startPagePool(load: Omit<LoadJob, 'files'>, files: string[], maxThreads = os.availableParallelism()): Promise<PagePool> {
  const threads = Math.max(1, Math.min(maxThreads, Math.floor(files.length / PAGES_PER_WORKER) + 1, 8));
  const workerFile = threads > 1 ? await compiledFile('worker.js') : undefined;
  // The main thread also drives esbuild, validates the site and writes the site files, so it takes a smaller share
  // (measured on 2 cores: 0.35 of the pages rather than 0.5 saves about 5% of a 5,000-page build).
  const shares = split(files, workerFile ? threads : 1, workerFile ? 0.7 / threads : undefined);
  const workers = shares.slice(1).map((share) => {
    const worker = new Worker(workerFile!);
    worker.postMessage({ type: 'load', job: { ...load, files: share } } satisfies WorkerRequest);
    return worker;
  });
  // The main thread loads its share in slices, yielding between them, so that esbuild's answers (templates, islands)
  // are taken in as soon as they come rather than after the whole share.
  const ownLoad = loadInSlices({ ...load, files: shares[0] });
  ownLoad.catch(() => undefined); // awaited in render(); a build that fails before that has its own error to report
  return {
    async render(job, templates, files) {
      const wanted = new Set(files);
      const fromWorkers = workers.map((worker, index) => ask(worker, {
        type: 'render', templatesModule: templates.moduleFile, job: { ...job, keep: false },
        only: shares[index + 1].filter((file) => wanted.has(file)),
      }));
      const loaded = new Set(shares.flat());
      const late = files.filter((file) => !loaded.has(file));
      const [{ joinShares, loadPages }, { renderShare }] = await Promise.all([import('../load/load-pages.ts'), import('./page-jobs.ts')]);
      const own = await ownLoad;
      const mine = late.length ? joinShares(own, loadPages({ ...load, files: late })) : own;
      const ownFiles = new Set([...shares[0].filter((file) => wanted.has(file)), ...late]);
      return [renderShare(mine, job, templates, ownFiles), ...(await Promise.all(fromWorkers))];
    },
    close() {
      for (const worker of workers) void worker.terminate();
    },
  };
}

async function loadInSlices(job: LoadJob, size = 100): Promise<LoadedPages> {
  const share: LoadedPages = { docs: [], read: [], sources: new Map(), errors: [] };
  if (job.files.length === 0) return share;
  // Imported when there is something to load: a warm build with nothing to render never needs the page stages.
  const { loadPages } = await import('../load/load-pages.ts');
  for (let start = 0; start < job.files.length; start += size) {
    await new Promise((resolve) => setImmediate(resolve));
    const slice = loadPages({ ...job, files: job.files.slice(start, start + size) });
    share.docs.push(...slice.docs);
    share.read.push(...slice.read);
    share.errors.push(...slice.errors);
    for (const [file, source] of slice.sources) share.sources.set(file, source);
  }
  return share;
}

function ask(worker: Worker, request: WorkerRequest): Promise<PageJobResult> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(request);
  });
}

/** Contiguous shares of about equal size. */
function split<T>(items: T[], count: number, first?: number): T[][] {
  if (count === 1) return [items];
  const head = Math.round(items.length * (first ?? 1 / count));
  const size = Math.ceil((items.length - head) / (count - 1));
  return [items.slice(0, head), ...Array.from({ length: count - 1 }, (_, index) => items.slice(head + index * size, head + (index + 1) * size))];
}
