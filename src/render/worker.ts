/**
 * A worker thread of a large build: it loads its share of the pages as soon
 * as it is given one, then renders it with the templates the main thread
 * compiled (see src/parallel.ts).
 */
import { parentPort } from 'node:worker_threads';
import { loadTemplates } from './compile-templates.ts';
import { loadPages, type LoadedPages } from '../load/load-pages.ts';
import { renderShare, type PageJobResult } from './page-jobs.ts';
import type { WorkerRequest } from './worker-pool.ts';

let share: LoadedPages | undefined;
let loadError: Error | undefined;

parentPort!.on('message', async (request: WorkerRequest) => {
  if (request.type === 'load') {
    try {
      share = loadPages(request.job);
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
