/**
 * A damaged build cache never breaks a build nor passes wrong output
 * (issue 47, item 5): each of twenty kinds of damage to .sitegen/cache/, then
 * a page edited, and the build must succeed with a warning and write exactly
 * what a cold build writes. `sitegen check` reports an image it cannot read.
 */
import { mkdir, readFile, readdir, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { copyNewsStarter } from '../helpers/starter.ts';
import { treeDifferences, treeOf } from '../helpers/fixture.ts';
import { readCacheJson, writeCacheJson } from '../helpers/cache-file.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const POST = path.join('content', 'pages', 'news', 'hello-world.md');


const cache = (root: string, file: string) => path.join(root, '.sitegen', 'cache', file);

/** Each kind of damage, as something a crash, a full disk, a bad copy or a hand edit leaves. */
const DAMAGE: [string, (root: string) => Promise<void>][] = [
  ['build.json is null', (root) => writeFile(cache(root, 'build.json'), 'null')],
  ['build.json is a string', (root) => writeFile(cache(root, 'build.json'), '"a string"')],
  ['build.json is an array', (root) => writeFile(cache(root, 'build.json'), '[]')],
  ['build.json is empty', (root) => writeFile(cache(root, 'build.json'), '')],
  ['build.json is cut in half', async (root) => truncate(cache(root, 'build.json'), Math.floor((await readFile(cache(root, 'build.json'))).length / 2))],
  ['build.json\'s bundle files emptied by hand (its checksum no longer holds)', async (root) => {
    const text = await readFile(cache(root, 'build.json'), 'utf8');
    const header = JSON.parse(text.slice(text.indexOf('\n') + 1));
    header.bundle.value.files = {};
    await writeFile(cache(root, 'build.json'), `${text.slice(0, text.indexOf('\n'))}\n${JSON.stringify(header)}`);
  }],
  ['build.json with a sound checksum and no bundle files', async (root) => {
    const header = await readCacheJson(cache(root, 'build.json'));
    header.bundle.value.files = {};
    await writeCacheJson(cache(root, 'build.json'), header);
  }],
  ['build.json with a sound checksum and site.value = {}', async (root) => {
    const header = await readCacheJson(cache(root, 'build.json'));
    header.site.value = {};
    await writeCacheJson(cache(root, 'build.json'), header);
  }],
  ['build.json with a sound checksum and a number for siteKey', async (root) => {
    const header = await readCacheJson(cache(root, 'build.json'));
    header.siteKey = 42;
    await writeCacheJson(cache(root, 'build.json'), header);
  }],
  ['build.json names a compiled templates module that is gone', async (root) => {
    const header = await readCacheJson(cache(root, 'build.json'));
    header.templates.value.moduleFile = path.join(root, '.sitegen', 'cache', 'templates', 'gone.mjs');
    await writeCacheJson(cache(root, 'build.json'), header);
  }],
  ['the compiled templates are deleted', (root) => rm(cache(root, 'templates'), { recursive: true, force: true })],
  ['build.pages.json is null', (root) => writeFile(cache(root, 'build.pages.json'), 'null')],
  ['build.pages.json is cut short', async (root) => truncate(cache(root, 'build.pages.json'), 40)],
  ['build.pages.json with a sound checksum and an entry whose page is null', async (root) => {
    const stored = await readCacheJson(cache(root, 'build.pages.json'));
    const [first] = Object.keys(stored.pages);
    stored.pages[first].page = null;
    await writeCacheJson(cache(root, 'build.pages.json'), stored);
  }],
  ['build.pages.json with a sound checksum and entries of the wrong shape', async (root) => {
    const stored = await readCacheJson(cache(root, 'build.pages.json'));
    stored.pages = { 'content/pages/index.md': { stamp: 1, hash: [], page: 'x' } };
    await writeCacheJson(cache(root, 'build.pages.json'), stored);
  }],
  ['build.pages.json with a sound checksum and an array of pages', async (root) => {
    const stored = await readCacheJson(cache(root, 'build.pages.json'));
    stored.pages = [];
    await writeCacheJson(cache(root, 'build.pages.json'), stored);
  }],
  ['.sitegen/cache is a file', async (root) => {
    await rm(path.join(root, '.sitegen', 'cache'), { recursive: true, force: true });
    await writeFile(path.join(root, '.sitegen', 'cache'), 'not a folder');
  }],
  ['the image variants are cut to ten bytes', async (root) => {
    for (const name of await readdir(cache(root, 'images'))) await truncate(cache(root, `images/${name}`), 10);
  }],
  ['the image variants are cut in half', async (root) => {
    for (const name of await readdir(cache(root, 'images'))) await truncate(cache(root, `images/${name}`), Math.floor((await readFile(cache(root, `images/${name}`))).length / 2));
  }],
  ['the social cards are cut to ten bytes', async (root) => {
    for (const name of (await readdir(cache(root, 'integrations/cards'))).filter((file) => file.endsWith('.png'))) await truncate(cache(root, `integrations/cards/${name}`), 10);
  }],
];

/** The post in one of two states, each with its own time, so that a cold build of a state is always the same. */
async function setState(root: string, state: number): Promise<void> {
  const file = path.join(root, POST);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace(/^title: .*$/m, `title: "Hello, world${state ? ' (again)' : ''}"`));
  const time = new Date(Date.UTC(2026, 9, 1 + state));
  await utimes(file, time, time);
}

test('each of twenty kinds of damage to the cache: the next build succeeds, warns, and writes what a cold build writes', async () => {
  const root = await copyNewsStarter('sitegen-corrupt-');
  const cold: Map<string, string>[] = [];
  for (const state of [0, 1]) {
    await setState(root, state);
    const outDir = path.join(root, '..', `cold-${state}`);
    await buildSite({ root, outDir, cache: false, now: NOW });
    cold.push(await treeOf(outDir));
  }
  await setState(root, 0);
  await buildSite({ root, now: NOW });
  let state = 0;
  for (const [name, damage] of DAMAGE) {
    await mkdir(path.join(root, '.sitegen', 'cache'), { recursive: true });
    await damage(root);
    state = 1 - state;
    await setState(root, state);
    // A warm build updates dist/ in place and leaves the variants and cards dist/ holds already: it never reads their
    // cached copies. A swap (--atomic) copies every one of them from the cache, where the damage must be caught.
    const media = /image variants|social cards/.test(name);
    if (media) {
      const inPlace = await buildSite({ root, now: NOW });
      assert.equal(treeDifferences(await treeOf(path.join(root, 'dist')), cold[state]), [], `${name}, updated in place`);
      assert.ok(inPlace.changed !== undefined && inPlace.rendered < inPlace.pageCount, `${name}: a warm build, updated in place`);
      state = 1 - state;
      await setState(root, state);
    }
    const result = await buildSite({ root, now: NOW, ...(media ? { output: 'swap' as const } : {}) });
    assert.equal(treeDifferences(await treeOf(path.join(root, 'dist')), cold[state]), [], name);
    // Compiled templates that are gone are compiled again, as on a first build; every other kind is said once.
    if (!/compiled templates/.test(name)) {
      assert.is(result.warnings.filter((warning) => warning.startsWith('the build cache: ')).length >= 1, true, `${name}: a warning says what was dropped (${result.warnings.join(' | ')})`);
    }
    // And the build after it is whole again, from the cache it rewrote.
    const again = await buildSite({ root, now: NOW });
    assert.is(again.warnings.filter((warning) => warning.startsWith('the build cache: ')).length, 0, `${name}: the cache is sound again`);
  }
});

test('sitegen check reports an image of the output that cannot be read whole', async () => {
  const root = await copyNewsStarter('sitegen-check-image-');
  const { outDir } = await buildSite({ root, now: NOW });
  const variant = (await readdir(path.join(outDir, 'assets', 'img'))).find((name) => name.endsWith('.avif'))!;
  await truncate(path.join(outDir, 'assets', 'img', variant), 10);
  const report = await checkSite(root, outDir);
  assert.equal(report.problems, [`assets/img/${variant}: cannot be read as a whole AVIF image`]);
});

test.run();
