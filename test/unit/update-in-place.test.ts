/**
 * A warm build updates dist/ in place (src/emit/staging.ts updateSite):
 * what changed moves in, new assets first, then each page, then the
 * site-wide files, then removals, under a journal. Cut at any step, every
 * page in dist/ is whole with its assets, and the next `serve` or build
 * finishes the update; a server answering during a hundred warm builds
 * never loses a page or asset; `--atomic` swaps a whole folder in instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { copyFile, cp, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { startServer } from '../../src/serve/serve.ts';
import { copyFixture, edit, treeDifferences, treeOf } from '../helpers/fixture.ts';
import { REPO_ROOT } from '../helpers/site.ts';
import { keepAsking } from '../helpers/keep-asking.ts';

const CLI = path.join(REPO_ROOT, 'bin', 'sitegen.js');
const KILLER = path.join(REPO_ROOT, 'test', 'helpers', 'kill-at-step.mjs');

/** `sitegen build` in a process of its own, with `node` options before it; how it ended. */
function cliBuild(root: string, nodeOptions: string[] = [], env: Record<string, string> = {}): Promise<{ code: number | null; signal: string | null }> {
  const child = spawn(process.execPath, [...nodeOptions, CLI, 'build', '--root', root], { env: { ...process.env, NO_COLOR: '1', SITEGEN_QUIET: '1', ...env }, stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

/**
 * The basic fixture built by the CLI (with the image variants of `images`, a cache folder, when given), then changed as a warm build meets it: a page's words and its picture changed
 * (new image variants under assets/, the old ones no longer made). (Built by the CLI, as the builds that follow
 * are: a build by another copy of sitegen's code would find the cache not its own, and render every page.)
 */
async function changedSite(images?: string): Promise<string> {
  const root = await copyFixture('basic');
  // The image variants a root before made, when given: encoding them is most of a build's time, and no step of the update.
  if (images) await cp(images, path.join(root, '.sitegen', 'cache', 'images'), { recursive: true });
  await copyFile(path.join(REPO_ROOT, 'public/img/product/botshield-narrow.png'), path.join(root, 'public/img/shield.png'));
  await copyFile(path.join(REPO_ROOT, 'public/img/product/ssopolicy-narrow.png'), path.join(root, 'public/img/policy.png'));
  await edit(root, 'content/pages/café.md', 'Coffee & cake', '![A policy drawn in lines](/img/policy.png)\n\nCoffee & cake');
  assert.is((await cliBuild(root)).code, 0, 'the first build');
  await edit(root, 'content/pages/café.md', /!\[A policy.*\n\nCoffee & cake/, '![A shield drawn in lines](/img/shield.png)\n\nCoffee, cake & shields');
  return root;
}

/** The output of a cold build of the same root, into a folder of its own. */
async function coldOutput(root: string): Promise<Map<string, string>> {
  const outDir = path.join(root, '..', `cold-${Date.now()}`);
  await buildSite({ root, outDir, cache: false });
  const tree = await treeOf(outDir);
  await rm(outDir, { recursive: true, force: true });
  return tree;
}

/** What in `outDir` is not whole: a page that links an asset of the site the folder does not hold. */
async function brokenPages(outDir: string): Promise<string[]> {
  const broken: string[] = [];
  for (const file of (await readdir(outDir, { recursive: true })).filter((name) => name.endsWith('.html'))) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    for (const [, asset] of html.matchAll(/(?:href|src|srcset)="\/(assets\/[^"?# ,]+)/g)) {
      if (!existsSync(path.join(outDir, asset))) broken.push(`${file} links /${asset}, which is not there`);
    }
  }
  return broken;
}

test('a warm build updates dist/ in place: an unchanged page keeps its file, the folder stays; --atomic swaps a new folder in', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const [folder, about] = [statSync(outDir).ino, statSync(path.join(outDir, 'about.html'))];
  await edit(root, 'content/pages/café.md', 'Coffee & cake', 'Tea & cake');
  const warm = await buildSite({ root });
  assert.is(warm.rendered, 1, 'one page rendered');
  assert.is(statSync(outDir).ino, folder, 'the same folder');
  const kept = statSync(path.join(outDir, 'about.html'));
  assert.equal([kept.ino, kept.mtimeMs], [about.ino, about.mtimeMs], 'the unchanged page is the same file, untouched');
  assert.match(await readFile(path.join(outDir, 'café.html'), 'utf8'), 'Tea &amp; cake');
  assert.equal(treeDifferences(await treeOf(outDir), await coldOutput(root)), [], 'the output equals a cold build\'s');
  assert.equal((await readdir(path.dirname(outDir))).filter((name) => name.startsWith('.dist.')), [], 'no journal or staging folder is left');

  await edit(root, 'content/pages/café.md', 'Tea & cake', 'Cocoa & cake');
  const atomic = await buildSite({ root, output: 'swap' });
  assert.is(atomic.rendered, 1);
  assert.is.not(statSync(outDir).ino, folder, '--atomic: a new folder swapped in');
  assert.equal(treeDifferences(await treeOf(outDir), await coldOutput(root)), []);
});

test('a warm build killed at each step of its update leaves every page whole with its assets; the next serve or build finishes it', async () => {
  let step = 0;
  let cut = 0;
  let images: string | undefined;
  for (; step < 60; step++) {
    const root = await changedSite(images);
    images ??= path.join(root, '.sitegen', 'cache', 'images');
    const outDir = path.join(root, 'dist');
    const before = new Set((await readdir(outDir, { recursive: true })).map(String));
    const ended = await cliBuild(root, ['--import', KILLER], { KILL_AT_STEP: String(step), KILL_OUT_DIR: outDir });
    const expected = await coldOutput(root);
    const lasting = [...expected.keys()].filter((file) => before.has(file));
    if (ended.signal === null) {
      // The build ran past its last step: the update was complete.
      assert.is(ended.code, 0);
      assert.equal(treeDifferences(await treeOf(outDir), expected), [], 'the finished build equals a cold one');
      break;
    }
    cut++;
    assert.is(ended.signal, 'SIGKILL');
    assert.equal(await brokenPages(outDir), [], `cut before step ${step}: every page is whole with its assets`);
    assert.equal(lasting.filter((file) => !existsSync(path.join(outDir, file))), [], `cut before step ${step}: nothing that exists before and after is missing`);
    assert.ok(existsSync(path.join(path.dirname(outDir), '.dist.update')), `cut before step ${step}: the journal is left`);
    // Put right by serve as it starts (which renders nothing: the journal alone finishes the update), and once by the next build.
    if (step === 2) {
      assert.is((await cliBuild(root)).code, 0);
    } else {
      process.env.SITEGEN_QUIET = '1';
      const server = await startServer({ outDir, port: 0, host: '127.0.0.1' });
      await server.close();
    }
    assert.equal(treeDifferences(await treeOf(outDir), expected), [], `cut before step ${step}: finished, the output equals a cold build's`);
    assert.equal((await readdir(path.dirname(outDir))).filter((name) => name.startsWith('.dist.')), [], `cut before step ${step}: no journal or staging folder is left`);
  }
  assert.ok(cut >= 5, `the update had several steps to cut (${cut})`);
});

test('a server answering during a hundred warm builds never loses a page or an asset that exists before and after', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(await readFile(path.join(outDir, 'about.html'), 'utf8'))?.[1];
  assert.ok(stylesheet, 'the stylesheet\'s address');
  process.env.SITEGEN_QUIET = '1';
  const server = await startServer({ outDir, port: 0, host: '127.0.0.1' });
  const asking = keepAsking(server.url, ['/', '/about', '/caf%C3%A9', '/sitemap.xml', '/img/logo.svg', stylesheet], 8);
  let outcome: { answered: number; wrong: string[] } | undefined;
  try {
    for (let round = 0; round < 100; round++) {
      await edit(root, 'content/pages/café.md', /^Coffee.*$/m, `Coffee & cake, round ${round}.`);
      const built = await buildSite({ root });
      assert.is(built.rendered, 1, `round ${round}: a warm build`);
    }
  } finally {
    outcome = await asking.stop();
    await server.close();
  }
  const { answered, wrong } = outcome;
  assert.ok(answered > 300, `the clients were answered throughout (${answered})`);
  assert.equal(wrong, [], 'no page or asset that exists before and after was ever missing');
  assert.match(await readFile(path.join(outDir, 'café.html'), 'utf8'), 'round 99');
});

test.run();
