/**
 * dev loses no save (issue 47, item 6): a template saved twice in quick
 * succession, the second save the same size, ends at the second version;
 * what a compile records is the content it read, so a save during the
 * compile is a change at the next build; a content folder renamed under a
 * rebuild is built again, not reported as a bug of sitegen.
 */
import fs from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoInputs, recall, siteCodeBefore } from '../../src/cache/ledger.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { quietDev } from '../helpers/dev-session.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const TEMPLATE = path.join('templates', 'pages', 'page.tsx');

test('a memo records the content its compile read: a save after that, the same size and within the same moment, is a change', async () => {
  const root = await copyFixture('basic');
  const file = path.join(root, TEMPLATE);
  const before = siteCodeBefore(root);
  // The compile reads here; then the file is saved again, as long as before.
  const source = await readFile(file, 'utf8');
  await writeFile(file, source.replace('className="links"', 'className="LINKS"'));
  const memo = { inputs: memoInputs([file, path.join(root, 'templates', 'layout.tsx')], before), value: 'compiled from the first version' };
  assert.is(recall(memo), undefined, 'the second save is seen');
  await writeFile(file, source);
  assert.is(recall(memo), 'compiled from the first version', 'the first content again: nothing to compile');
});

test('dev: a template saved twice in quick succession (the second the same size) ends at the second version, every time', async () => {
  const root = await copyFixture('basic');
  const session = await quietDev(root);
  const file = path.join(root, TEMPLATE);
  const source = await readFile(file, 'utf8');
  const page = () => readFile(path.join(session.outDir, 'about.html'), 'utf8').catch(() => '');
  const log = console.log;
  console.log = () => undefined;
  try {
    for (let trial = 0; trial < 12; trial++) {
      // Two markers of one length: the second save is exactly as long as the first.
      const first = `data-save="a${String(trial).padStart(2, '0')}"`;
      const second = `data-save="b${String(trial).padStart(2, '0')}"`;
      await writeFile(file, source.replace('<ul className="links">', `<ul className="links" ${first}>`));
      await new Promise((resolve) => setTimeout(resolve, 20 + (trial % 4) * 25));
      await writeFile(file, source.replace('<ul className="links">', `<ul className="links" ${second}>`));
      await waitUntil(async () => (await page()).includes(second), `trial ${trial}: the page shows the second save`, { timeoutMs: 15_000 });
      await session.idle();
      assert.match(await page(), second, `trial ${trial}: still the second save once dev is idle`);
    }
  } finally {
    console.log = log;
    await session.close();
  }
});

test('dev: a content folder renamed while dev runs is built again, with no internal error', async () => {
  const root = await copyFixture('basic');
  // A folder nothing links to, so that its new name breaks no link.
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.join(root, 'content', 'pages', 'notes'));
  await writeFile(path.join(root, 'content', 'pages', 'notes', 'first.md'), '---\ntitle: First\ndescription: A note.\n---\n\nThe first note.\n');
  const session = await quietDev(root);
  const errors: string[] = [];
  const error = console.error;
  const log = console.log;
  console.error = (...parts: unknown[]) => void errors.push(parts.join(' '));
  console.log = () => undefined;
  try {
    await rename(path.join(root, 'content', 'pages', 'notes'), path.join(root, 'content', 'pages', 'journal'));
    await waitUntil(async () => (await readFile(path.join(session.outDir, 'journal', 'first.html'), 'utf8').catch(() => '')).includes('The first note.'),
      'the renamed folder\'s pages are built', { timeoutMs: 15_000 });
    await session.idle();
  } finally {
    console.error = error;
    console.log = log;
    await session.close();
  }
  assert.not.ok(errors.some((line) => /internal error|bug of sitegen/.test(line)), errors.join('\n'));
});

test('dev: a rebuild takes the watcher\'s word for the pages it saw no event for: it looks at the edited page alone, and every edit is served', async () => {
  const root = await copyFixture('basic');
  for (let index = 1; index <= 40; index++) {
    await writeFile(path.join(root, 'content', 'pages', `note-${index}.md`), `---\ntitle: Note ${index}\ndescription: A note.\n---\n\nNote ${index}.\n`);
  }
  const session = await quietDev(root);
  const pagesDir = path.join(root, 'content', 'pages') + path.sep;
  // Every stat of a page file, through the fs function the ledger's stamps use (node's ESM bindings follow the patch).
  const looked: string[] = [];
  const { statSync } = fs;
  const patched = fs as { statSync: typeof fs.statSync };
  patched.statSync = ((file: fs.PathLike, ...rest: unknown[]) => {
    if (typeof file === 'string' && file.startsWith(pagesDir)) looked.push(file.slice(pagesDir.length));
    return (statSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.statSync;
  syncBuiltinESMExports();
  try {
    for (const index of [7, 23, 7]) {
      looked.length = 0;
      const marker = `Edited ${index} at ${performance.now()}`;
      await writeFile(path.join(root, 'content', 'pages', `note-${index}.md`), `---\ntitle: Note ${index}\ndescription: A note.\n---\n\n${marker}.\n`);
      await waitUntil(async () => (await readFile(path.join(session.outDir, `note-${index}.html`), 'utf8').catch(() => '')).includes(marker), `edit of note-${index} is served`, { timeoutMs: 15_000 });
      await session.idle();
      // The edited file, and the one before it, which dev looks at again 60 ms after its build (a quick second save).
      const others = [...new Set(looked)].filter((file) => !['note-7.md', 'note-23.md'].includes(file));
      assert.ok(looked.includes(`note-${index}.md`), `the rebuild looked at note-${index}.md`);
      assert.equal(others, [], 'the rebuild looked at none of the other 42 page files');
    }
  } finally {
    patched.statSync = statSync;
    syncBuiltinESMExports();
    await session.close();
  }
});

test('dev: its heap, after collection, stays flat across 200 template saves (each save loads a new template bundle)', async () => {
  const root = await copyFixture('basic');
  const session = await quietDev(root);
  const file = path.join(root, TEMPLATE);
  const source = await readFile(file, 'utf8');
  const page = () => readFile(path.join(session.outDir, 'about.html'), 'utf8').catch(() => '');
  // The engine's own collector, as --expose-gc gives it, without restarting the test process with that flag.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: object) => void;
  const heapAfterCollection = async () => {
    // The last-resort collection (as before a heap snapshot) also empties the engine's caches of compiled scripts,
    // which hold recent bundles for a while; several rounds with turns between, for finalizers and weak maps.
    for (let round = 0; round < 4; round++) {
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return process.memoryUsage().heapUsed;
  };
  const log = console.log;
  console.log = () => undefined;
  const heap: number[] = [];
  try {
    for (let save = 1; save <= 200; save++) {
      const marker = `data-save="${save}"`;
      await writeFile(file, source.replace('<ul className="links">', `<ul className="links" ${marker}>`));
      await waitUntil(async () => (await page()).includes(marker), `save ${save} is served`, { timeoutMs: 15_000 });
      await session.idle();
      if (save === 20 || save === 200) heap.push(await heapAfterCollection());
    }
  } finally {
    console.log = log;
    await session.close();
  }
  // Every bundle kept would be about 0.3 MB of this fixture's (5.6 MB of the company site's): 55 MB over 180 saves.
  const grown = (heap[1] - heap[0]) / 1e6;
  assert.ok(grown < 12, `the heap grew ${grown.toFixed(1)} MB from the 20th save to the 200th`);
});

test.run();
