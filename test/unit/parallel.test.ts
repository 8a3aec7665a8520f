import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { PAGES_FOR_WORKERS, PAGES_FOR_WORKERS_ONLY, PageQueue, poolOf, threadsFor, workerFailure } from '../../src/pipeline/worker-pool.ts';
import { SiteError as BuildError } from '../../src/errors.ts';
import { copyFixture } from '../helpers/fixture.ts';

/** Enough pages that a worker starts before the main thread has loaded them all. */
const PAGES = 2_000;

/** The basic fixture plus PAGES Markdown pages. */
async function largeSite(pages: number): Promise<string> {
  const root = await copyFixture('basic');
  for (let index = 0; index < pages; index++) {
    const body = `## Part ${index}\n\nSee [the guide](/docs/guide) and [page ${(index + 1) % pages}](/bulk-${(index + 1) % pages}).\n\n- one\n- two\n`;
    await writeFile(path.join(root, 'content/pages', `bulk-${index}.md`), `---\ntitle: Bulk ${index}\ndescription: Page ${index}.\n---\n\n${body}`);
  }
  return root;
}

async function htmlFiles(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.html')).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name), 'utf8')] as const)));
}

test('worker threads write the same site as the main thread alone', async () => {
  const root = await largeSite(PAGES);
  const inParallel = await buildSite({ root, outDir: path.join(root, 'out-parallel'), cache: false, threads: 2 });
  const alone = await buildSite({ root, outDir: path.join(root, 'out-alone'), cache: false, parallel: false });
  assert.is(inParallel.pages.length, PAGES + 5);
  assert.is(inParallel.pagesByThread.length, 2, 'two threads rendered');
  assert.ok(inParallel.pagesByThread.every((count) => count > 0), `each thread rendered pages: ${inParallel.pagesByThread}`);
  assert.equal(alone.pagesByThread, [PAGES + 5], 'one thread rendered every page');
  assert.equal(inParallel.pages.map((page) => page.route), alone.pages.map((page) => page.route));
  const [parallelHtml, aloneHtml] = await Promise.all([htmlFiles(inParallel.outDir), htmlFiles(alone.outDir)]);
  assert.is(parallelHtml.size, aloneHtml.size);
  for (const [name, html] of aloneHtml) assert.is(parallelHtml.get(name), html, `${name} differs`);
  assert.match(await readFile(path.join(inParallel.outDir, 'sitemap.xml'), 'utf8'), `/bulk-${PAGES - 1}</loc>`);
});

test('errors found in worker threads are reported with the rest', async () => {
  const root = await largeSite(PAGES);
  // The workers take the pages from the end of the list (bulk-999 … sort after the rest), the main thread from the start.
  await writeFile(path.join(root, 'content/pages/bulk-999.md'), '---\ntitle: Broken\n---\nno description\n');
  await writeFile(path.join(root, 'content/pages/bulk-10.md'), '---\ntitle: [\n---\n');
  const errors = await buildSite({ root, cache: false, threads: 2 }).then(
    (): SiteError[] => assert.unreachable('built') as never,
    (error: SiteErrors) => error.errors,
  );
  const where = errors.map((error) => `${error.location?.file} ${error.field ?? error.code}`).sort();
  assert.equal(where, ['content/pages/bulk-10.md yaml-syntax', 'content/pages/bulk-999.md description']);
});

test('a warm build after a cold parallel one renders only what changed', async () => {
  const root = await largeSite(PAGES);
  const cold = await buildSite({ root, threads: 2 });
  assert.is(cold.rendered, PAGES + 5);
  assert.is(cold.pagesByThread.length, 2);
  await writeFile(path.join(root, 'content/pages/bulk-500.md'), '---\ntitle: Changed\ndescription: Changed.\n---\n\nNew text.\n');
  const warm = await buildSite({ root });
  assert.is(warm.rendered, 1);
  assert.match(await readFile(path.join(root, 'dist/bulk-500.html'), 'utf8'), 'New text.');
  assert.match(await readFile(path.join(root, 'dist/bulk-499.html'), 'utf8'), 'Part 499');
});

test('a build uses workers by default from PAGES_FOR_WORKERS pages, one per core up to 8, or as many threads as asked', () => {
  assert.is(threadsFor(PAGES_FOR_WORKERS - 1, undefined, 4), 1, 'a smaller site stays on the main thread');
  assert.is(threadsFor(PAGES_FOR_WORKERS, undefined, 4), 4);
  assert.is(threadsFor(PAGES_FOR_WORKERS, undefined, 32), 8);
  assert.is(threadsFor(10, 3, 2), 3, '--threads is followed even for a small site');
  assert.is(threadsFor(50_000, 1, 16), 1);
});

test('a very large site renders in a worker on every core while the main thread only gathers; --threads keeps the main thread rendering', () => {
  assert.equal(poolOf(PAGES_FOR_WORKERS_ONLY - 1, undefined, 2), { workers: 1, mainRenders: true });
  assert.equal(poolOf(PAGES_FOR_WORKERS_ONLY, undefined, 2), { workers: 2, mainRenders: false });
  assert.equal(poolOf(PAGES_FOR_WORKERS_ONLY, 2, 2), { workers: 1, mainRenders: true }, 'as many threads as asked, the main thread one of them');
  assert.equal(poolOf(PAGES_FOR_WORKERS_ONLY, 1, 2), { workers: 0, mainRenders: true });
  assert.equal(poolOf(100, undefined, 2), { workers: 0, mainRenders: true });
});

test('the main thread leaves the last batch of each worker to the workers, however late they start', () => {
  const files = Array.from({ length: 230 }, (_, index) => `page-${index}.md`);
  const main = new PageQueue(files, undefined, 50, 100);
  const taken: string[] = [];
  for (let batch = main.take('front'); batch; batch = main.take('front')) taken.push(...batch);
  assert.is(taken.length, 130, 'the main thread stops short of the reserve');
  const worker = new PageQueue(files, main.shared, 50);
  assert.equal(worker.take('back'), files.slice(180, 230));
  assert.equal(worker.take('back'), files.slice(130, 180));
  assert.is(worker.take('back'), undefined);
  assert.is(main.take('front'), undefined);
});

test('a worker out of its heap is the templates\' error, with what to do; any other failure is left as it is', () => {
  const oom = Object.assign(new Error('Worker terminated due to reaching memory limit: JS heap out of memory'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
  const reported = workerFailure(oom);
  assert.instance(reported, BuildError);
  assert.is((reported as BuildError).code, 'template');
  assert.is((reported as BuildError).message, 'a worker thread ran out of its 512 MB heap while rendering pages');
  assert.match((reported as BuildError).hint ?? '', '--threads 1');
  const other = new Error('something else');
  assert.is(workerFailure(other), other);
});

type SiteError = SiteErrors['errors'][number];

test.run();
