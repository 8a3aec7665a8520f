/**
 * Spreads the page jobs of a build over the cores: the main thread and the
 * worker threads take batches of pages from one shared list as each is
 * ready (PageQueue below), loading them at once (reading and
 * parsing need no templates), and each renders what it loaded when `render`
 * is called. Workers only pay off past about 4,000 pages (each one starts a
 * JavaScript engine and imports the templates), so smaller sites stay on
 * the main thread.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { compiledFile } from '../compiled.ts';
import type { LoadJob, LoadedPages } from '../load/load-pages.ts';
import type { SiteTemplates } from '../model.ts';
import type { PageJobResult, RenderJob } from './page-jobs.ts';
import { SiteError } from '../errors.ts';

/**
 * Below this many pages a build stays on the main thread. A worker pays
 * about half a second of CPU before its first page (loading sitegen, React
 * and the templates, and V8 warming up its code), and more memory. Measured
 * on 2 cores, side by side (medians of 3, wall): 1,000 pages 0.97 s on one
 * thread and 0.95 s on two, 3,000 pages 1.38 and 1.41 s, 5,000 pages 2.04
 * and 1.98 s, 20,000 pages 6.2 and 4.6 s; two threads cost 0.3 to 0.9 s more
 * CPU and 50 MB more memory at each size.
 */
export const PAGES_FOR_WORKERS = 4_000;

/** Threads for a build of `pages` pages: as asked, else one per core (at most 8) for a large site and 1 for others. */
export function threadsFor(pages: number, asked: number | undefined, cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(asked ?? (pages < PAGES_FOR_WORKERS ? 1 : cores), 8));
}

/** Pages a thread takes from the shared list at a time: small enough to even out, large enough to cost nothing. */
const BATCH = 50;

/** Pages the main thread loads between turns of the event loop while it waits for the templates. */
const MAIN_THREAD_SLICE = 5;

export interface PagePool {
  /**
   * Renders the given files: those the threads loaded ahead, and any others (a warm build that finds out late that
   * every page is dirty) loaded now on the main thread.
   */
  render(job: RenderJob, templates: SiteTemplates, files: string[]): Promise<PageJobResult[]>;
  /**
   * What the main thread loaded ahead, once it has (with no workers, that is every page given to the pool):
   * each file's stamp and hash, for the plan to take rather than read the file again. Undefined with workers.
   */
  loadedAhead(): Promise<ReadonlyMap<string, { stamp: string; hash: string }> | undefined>;
  close(): void;
}

/** Worker messages: load batches of the shared list until it is done, then render (part of) what it loaded. */
export type WorkerRequest =
  | { type: 'load'; job: LoadJob; queue: SharedArrayBuffer; batch: number }
  | { type: 'render'; templatesModule: string; job: RenderJob; only: string[] };

/** A worker's answers to `render`: each batch's result as it is made, then the last. */
export type WorkerAnswer = { type: 'part' | 'done'; result: PageJobResult };

/**
 * A worker's heap, at most: it holds its modules, what it loaded ahead and one batch at a time (renderQueue sends
 * each batch's result on), about 100 MB at any size of site. Left to itself, V8 let the workers' heaps grow with
 * garbage not yet collected: 100,000 pages peaked at 1,030 to 1,160 MB without a limit, 920 to 950 MB with one of
 * 256 or 512 MB, in the same time. 512 leaves a heavy template room.
 */
const WORKER_HEAP_MB = 512;

/**
 * The pages to load, shared by every thread: each takes the next batch when
 * it is ready for one, so a thread that started late (a worker loading its
 * modules) or that has other work (the main thread driving esbuild) takes
 * fewer, and no thread waits for another at the end of the load. Each
 * thread then renders what it loaded. The main thread takes from the front
 * of the list and the workers from the back, and the main thread never takes
 * the last `reserve` pages (a batch per worker): the build waits for every
 * worker's answer anyway, so a worker that starts late (a busy machine) still
 * renders its part instead of idling while the main thread renders all.
 *
 * Until the templates are ready the threads load ahead; once rendering
 * starts (`startRendering`, seen by every thread) each renders what it
 * loaded and then loads and renders the rest batch by batch.
 *
 * The untaken range [front, back) is one 64-bit word, changed with a
 * compare-and-swap, so two threads can never take the same page.
 */
export class PageQueue {
  private readonly range: BigInt64Array;
  private readonly rendering: Int32Array;
  /** `reserve`: pages at the back the front end leaves to the workers (only the main thread takes from the front). */
  constructor(
    readonly files: readonly string[],
    readonly shared = PageQueue.share(files.length),
    readonly batch = BATCH,
    private readonly reserve = 0,
  ) {
    this.range = new BigInt64Array(shared, 0, 1);
    this.rendering = new Int32Array(shared, 8, 1);
  }

  static share(length: number): SharedArrayBuffer {
    const shared = new SharedArrayBuffer(16);
    new BigInt64Array(shared, 0, 1)[0] = BigInt(length);
    return shared;
  }

  /** Tells every thread to stop loading ahead: the templates are ready. */
  startRendering(): void {
    Atomics.store(this.rendering, 0, 1);
  }

  /** Whether threads are still loading ahead of the templates. */
  get loadingAhead(): boolean {
    return Atomics.load(this.rendering, 0) === 0;
  }

  /** The next batch from the front (`front`) or the back, or undefined when every page is taken. */
  take(end: 'front' | 'back'): string[] | undefined {
    for (;;) {
      const word = Atomics.load(this.range, 0);
      const front = Number(word >> 32n);
      const back = Number(word & 0xffffffffn);
      const limit = end === 'front' ? Math.min(back, this.files.length - this.reserve) : back;
      if (front >= limit) return undefined;
      const size = Math.min(this.batch, limit - front);
      const [from, to] = end === 'front' ? [front, front + size] : [back - size, back];
      const next = end === 'front' ? (BigInt(to) << 32n) | BigInt(back) : (BigInt(front) << 32n) | BigInt(from);
      if (Atomics.compareExchange(this.range, 0, word, next) === word) return this.files.slice(from, to);
    }
  }
}

/**
 * From this many pages, unless the threads are given, the main thread renders none: a worker on every core does,
 * each with its heap held to WORKER_HEAP_MB, and the main thread keeps only what they send (every page's entry).
 * Its own rendering let its heap grow to 580 MB at 100,000 pages, most of it garbage; without it the build peaks
 * at 940 MB rather than 1,010, in the same time.
 */
export const PAGES_FOR_WORKERS_ONLY = 50_000;

/** The worker threads a build of `pages` pages starts, and whether the main thread renders pages too (threadsFor). */
export function poolOf(pages: number, asked: number | undefined, cores = os.availableParallelism()): { workers: number; mainRenders: boolean } {
  const count = threadsFor(pages, asked, cores);
  if (count === 1) return { workers: 0, mainRenders: true };
  return asked === undefined && pages >= PAGES_FOR_WORKERS_ONLY ? { workers: count, mainRenders: false } : { workers: count - 1, mainRenders: true };
}

/** `threads`: see threadsFor. */
export async function startPagePool(load: Omit<LoadJob, 'files'>, files: string[], threads?: number): Promise<PagePool> {
  const { workers: workerCount, mainRenders } = poolOf(files.length, threads);
  const workerFile = workerCount > 0 ? await compiledFile('worker.js') : undefined;
  // Imported for a build that starts workers: a small or warm build never loads Node's worker_threads (2 to 4 ms).
  const { Worker } = workerCount > 0 ? await import('node:worker_threads') : { Worker: undefined };
  // The main thread never takes the last `reserve` pages from the front: when it renders none, any of them.
  const queue = new PageQueue(files, undefined, BATCH, mainRenders ? Math.min(files.length, workerCount * BATCH) : files.length);
  const workers = Array.from({ length: workerCount }, () => {
    const worker = new Worker!(workerFile!, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.postMessage({ type: 'load', job: { ...load, files }, queue: queue.shared, batch: queue.batch } satisfies WorkerRequest);
    return worker;
  });
  // The main thread loads a batch at a time, yielding between them, so that esbuild's answers (templates, islands)
  // are taken in as soon as they come rather than after the whole share.
  const ownLoad = loadFromQueue(load, queue);
  ownLoad.catch(() => undefined); // awaited in render(); a build that fails before that has its own error to report
  return {
    async render(job, templates, wanted) {
      queue.startRendering();
      const wantedSet = new Set(wanted);
      const [{ joinShares, loadPages }, { renderQueue, appendResult }] = await Promise.all([import('../load/load-pages.ts'), import('./page-jobs.ts')]);
      const fromWorkers = workers.map((worker) => ask(worker, { type: 'render', templatesModule: templates.moduleFile, job, only: wanted }, appendResult));
      const queued = new Set(files);
      const late = wanted.filter((file) => !queued.has(file));
      const own = await ownLoad;
      const mine = late.length ? joinShares(own.share, loadPages({ ...load, files: late })) : own.share;
      const next = () => {
        const batch = queue.take('front');
        return batch && loadPages({ ...load, files: batch });
      };
      const result = renderQueue(mine, job, templates, new Set([...wantedSet, ...late]), next);
      return [result, ...(await Promise.all(fromWorkers))];
    },
    loadedAhead: async () => (workers.length > 0 ? undefined : (await ownLoad).share.sources),
    close() {
      for (const worker of workers) void worker.terminate();
    },
  };
}

async function loadFromQueue(load: Omit<LoadJob, 'files'>, queue: PageQueue): Promise<{ share: LoadedPages; files: string[] }> {
  const files: string[] = [];
  if (queue.files.length === 0) return { share: { docs: [], read: [], sources: new Map(), errors: [] }, files };
  // Imported when there is something to load: a warm build with nothing to render never needs the page stages.
  const { appendShare, emptyShare, loadPages } = await import('../load/load-pages.ts');
  const share = emptyShare();
  for (;;) {
    const batch = queue.loadingAhead ? queue.take('front') : undefined;
    if (!batch) return { share, files };
    files.push(...batch);
    // A few pages at a time between turns of the event loop: the build's own next steps (esbuild's answers, the
    // modules validation and rendering import, file by file) wait for each turn, and 50 pages made each wait 25 ms.
    for (let start = 0; start < batch.length; start += MAIN_THREAD_SLICE) {
      await new Promise((resolve) => setImmediate(resolve));
      appendShare(share, loadPages({ ...load, files: batch.slice(start, start + MAIN_THREAD_SLICE) }));
    }
  }
}

/**
 * A worker that stopped: one that ran out of its heap (WORKER_HEAP_MB) has met a template or data that holds far
 * more a page than a page's HTML, which is the site's to change; anything else is sitegen's own fault.
 */
export function workerFailure(error: unknown): unknown {
  if ((error as NodeJS.ErrnoException)?.code !== 'ERR_WORKER_OUT_OF_MEMORY') return error;
  return new SiteError('template', `a worker thread ran out of its ${WORKER_HEAP_MB} MB heap while rendering pages`, {
    hint: 'a template (or the data it reads) holds far more for each page than its HTML: find what it keeps; `--threads 1` renders on the main thread, which has Node\'s own limit',
    cause: error,
  });
}

/** A render request's answer: the worker's batches, joined as they come. */
function ask(worker: Worker, request: WorkerRequest, join: (into: PageJobResult, more: PageJobResult) => void): Promise<PageJobResult> {
  return new Promise((resolve, reject) => {
    let joined: PageJobResult | undefined;
    const onMessage = ({ type, result }: WorkerAnswer) => {
      if (joined) join(joined, result);
      else joined = result;
      if (type !== 'done') return;
      worker.off('message', onMessage);
      resolve(joined);
    };
    worker.on('message', onMessage);
    worker.once('error', (error) => reject(workerFailure(error)));
    worker.postMessage(request);
  });
}
