/**
 * A worker thread of a large build: it loads the compiled templates once,
 * then runs the page jobs the main thread posts (see src/parallel.ts).
 */
import { parentPort } from 'node:worker_threads';
import { loadTemplates } from './templates.ts';
import { runPageJob, type PageJob, type PageJobResult } from './pages.ts';

interface Request {
  templatesModule: string;
  job: PageJob;
}

parentPort!.on('message', async ({ templatesModule, job }: Request) => {
  let result: PageJobResult;
  try {
    result = runPageJob(job, await loadTemplates(templatesModule));
  } catch (error) {
    result = { pages: [], errors: [{ code: 'internal', message: (error as Error).message, stack: (error as Error).stack }] };
  }
  parentPort!.postMessage(result);
});
