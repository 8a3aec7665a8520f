/**
 * A worker thread of a large build: it loads batches of the pages as soon
 * as it starts, then renders what it loaded with the templates the main
 * thread compiled (see ./worker-pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { loadTemplates } from '../render/compile-templates.ts';
import { appendShare, emptyShare, loadPages, type LoadJob, type LoadedPages } from '../load/load-pages.ts';
import { renderQueue, type PageJobResult } from './page-jobs.ts';
import { PageQueue, type WorkerAnswer, type WorkerRequest } from './worker-pool.ts';

let share: LoadedPages | undefined;
let loadError: Error | undefined;
let queue: PageQueue | undefined;
let loadJob: LoadJob | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  if (request.type === 'load') {
    try {
      // Batch after batch from the list every thread shares, until it is empty or rendering starts.
      loadJob = request.job;
      queue = new PageQueue(request.job.files, request.queue, request.batch);
      share = emptyShare();
      while (queue.loadingAhead) {
        const batch = queue.take('back');
        if (!batch) break;
        appendShare(share, loadPages({ ...request.job, files: batch }));
      }
    } catch (error) {
      loadError = error as Error;
    }
    return;
  }
  let result: PageJobResult;
  try {
    if (loadError || !share) throw loadError ?? new Error('render before load');
    const next = () => {
      const batch = queue!.take('back');
      return batch && loadPages({ ...loadJob!, files: batch });
    };
    const templates = await loadTemplates(request.templatesModule);
    const loaded = share;
    share = undefined; // rendered from here on, batch by batch: nothing of it is kept
    result = renderQueue(loaded, request.job, templates, new Set(request.only), next, (part) => parentPort!.postMessage({ type: 'part', result: part } satisfies WorkerAnswer));
  } catch (error) {
    result = { pages: [], warnings: [], errors: [{ code: 'internal', origin: 'template', message: (error as Error).message, stack: (error as Error).stack }] };
  }
  parentPort!.postMessage({ type: 'done', result } satisfies WorkerAnswer);
});
