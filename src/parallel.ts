/**
 * Spreads the page jobs of a build over the cores: the main thread takes one
 * share and worker threads the others. Workers only pay off past a few
 * hundred pages (each one starts a JavaScript engine and loads the compiled
 * templates, about 100 ms), so small sites stay on the main thread.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { SITEGEN_DIR } from './paths.ts';
import { runPageJob, type PageJob, type PageJobResult } from './pages.ts';
import type { Templates } from './templates.ts';

/** Below this many pages per extra thread, a worker costs more than it saves. */
const PAGES_PER_WORKER = 400;

/** Workers started early, while the main thread compiles templates and bundles; `run` gives them their shares. */
export interface PagePool {
  run(job: Omit<PageJob, 'files' | 'keep'>, files: string[], templates: Templates, keep: boolean): Promise<PageJobResult[]>;
  close(): void;
}

export async function startPagePool(pageCount: number, parallel: boolean): Promise<PagePool> {
  const threads = parallel ? Math.min(os.availableParallelism(), Math.floor(pageCount / PAGES_PER_WORKER) + 1, 8) : 1;
  const workerFile = threads > 1 ? await compiledWorker() : undefined;
  const workers = workerFile ? Array.from({ length: threads - 1 }, () => new Worker(workerFile)) : [];
  return {
    async run(job, files, templates, keep) {
      const shares = split(files, workers.length + 1);
      const fromWorkers = workers.map((worker, index) => ask(worker, templates.moduleFile, { ...job, files: shares[index + 1], keep: false }));
      // The main thread's own share runs while the workers run theirs.
      const own = runPageJob({ ...job, files: shares[0], keep }, templates);
      return [own, ...(await Promise.all(fromWorkers))];
    },
    close() {
      for (const worker of workers) void worker.terminate();
    },
  };
}

function ask(worker: Worker, templatesModule: string, job: PageJob): Promise<PageJobResult> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage({ templatesModule, job });
  });
}

/** Contiguous shares of about equal size. */
function split<T>(items: T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/** worker.js of the compiled CLI (bin/compile.js), which also serves builds started from TypeScript (tests). */
async function compiledWorker(): Promise<URL> {
  const { compiledCli } = await import(pathToFileURL(path.join(SITEGEN_DIR, 'bin', 'compile.js')).href) as { compiledCli(): Promise<string> };
  return pathToFileURL(path.join(await compiledCli(), 'worker.js'));
}
