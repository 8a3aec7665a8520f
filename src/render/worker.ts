/**
 * A worker thread of a large build: it loads batches of the pages as soon
 * as it starts, then renders what it loaded with the templates the main
 * thread compiled (see ./worker-pool.ts).
 */
import { parentPort } from 'node:worker_threads';
import { loadTemplates } from './compile-templates.ts';
import { appendShare, emptyShare, loadPages, type LoadedPages } from '../load/load-pages.ts';
import { renderShare, type PageJobResult } from './page-jobs.ts';
import { PageQueue, type WorkerRequest } from './worker-pool.ts';

let share: LoadedPages | undefined;
let loadError: Error | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  if (request.type === 'load') {
    try {
      // Batch after batch from the list every thread shares, until it is empty.
      const queue = new PageQueue(request.job.files, request.queue, request.batch);
      share = emptyShare();
      for (let batch = queue.take('back'); batch; batch = queue.take('back')) appendShare(share, loadPages({ ...request.job, files: batch }));
    } catch (error) {
      loadError = error as Error;
    }
    return;
  }
  let result: PageJobResult;
  try {
    if (loadError || !share) throw loadError ?? new Error('render before load');
    result = renderShare(share, request.job, await loadTemplates(request.templatesModule), new Set(request.only));
  } catch (error) {
    result = { pages: [], warnings: [], errors: [{ code: 'internal', origin: 'template', message: (error as Error).message, stack: (error as Error).stack }] };
  }
  parentPort!.postMessage(result);
});
