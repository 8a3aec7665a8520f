import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { cp, readFile, stat, utimes, writeFile, unlink } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildSite } from '../../src/pipeline.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { quietDev } from '../helpers/dev-session.ts';
import { copyNewsStarter } from '../helpers/starter.ts';
import { readCacheJson, writeCacheJson } from '../helpers/cache-file.ts';
import { saveDevCaches } from '../../src/cache/build-cache.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const execFileAsync = promisify(execFile);

const build = (root: string) => buildSite({ root, parallel: false });
const inode = async (root: string, file: string) => (await stat(path.join(root, 'dist', file))).ino;

test('a warm build of unchanged content renders nothing and leaves dist/ as it is', async () => {
  const root = await copyFixture('basic');
  const cold = await build(root);
  assert.is(cold.rendered, 5);
  const distBefore = (await stat(path.join(root, 'dist'))).ino;
  const warm = await build(root);
  assert.is(warm.rendered, 0, 'pages were rendered again');
  assert.is(warm.templates, undefined, 'the templates were imported although nothing needed them');
  assert.is((await stat(path.join(root, 'dist'))).ino, distBefore, 'dist/ was replaced');
  assert.equal(warm.pages.map((page) => page.route), cold.pages.map((page) => page.route));
});

test('an unchanged build never reads the pages\' entries: every stamp matches the key the cache keeps of them', async () => {
  const root = await copyFixture('basic');
  const cold = await build(root);
  const pagesFile = path.join(root, '.sitegen', 'cache', 'build.pages.json');
  const entries = await readFile(pagesFile, 'utf8');
  // Unreadable: a build that read it would find no entry and render every page.
  await writeFile(pagesFile, '{ not json');
  const warm = await build(root);
  assert.is(warm.rendered, 0);
  assert.is(warm.pageCount, cold.pages.length, 'the count comes from the cache\'s own file');
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: Welcome again');
  assert.is((await build(root)).rendered, cold.pages.length, 'a changed page reads the entries: none, so every page renders');
  // A pages file left by another build (its header was never written) is not trusted either.
  await build(root);
  await writeFile(pagesFile, entries);
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome again', 'heading: Welcome once more');
  assert.is((await build(root)).rendered, cold.pages.length, 'entries of another build were trusted');
});

test('a dev rebuild takes the entries its session wrote from memory, and a cache another process wrote from its file', async () => {
  const root = await copyFixture('basic');
  const dev = () => buildSite({ root, outDir: path.join(root, '.sitegen', 'dev-out'), dev: true, parallel: false, output: 'update' });
  const cold = await dev();
  const pagesFile = path.join(root, '.sitegen', 'cache', 'dev.pages.json');
  const headerFile = path.join(root, '.sitegen', 'cache', 'dev.json');
  // Unreadable on disk: the rebuild can only have its entries from memory.
  await writeFile(pagesFile, '{ not json');
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: Welcome again');
  assert.is((await dev()).rendered, 1, 'the entries the session wrote were not used');
  // Another process's cache (a new generation in the header): its file, unreadable, is all there is.
  saveDevCaches();
  const header = await readCacheJson(headerFile);
  await writeCacheJson(headerFile, { ...header, generation: 'another-process' });
  await writeFile(pagesFile, '{ not json');
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome again', 'heading: Welcome once more');
  assert.is((await dev()).rendered, cold.rendered, 'entries in memory were trusted for a cache this session did not write');
});

test('a dev session\'s cache is on disk once it ends: the next session, in another process, renders nothing', async () => {
  const root = await copyFixture('basic');
  const session = await quietDev(root);
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: Welcome again');
  await waitUntil(async () => (await readFile(path.join(session.outDir, 'index.html'), 'utf8')).includes('Welcome again'), 'the edit to be served');
  await session.idle();
  await session.close();
  const pipeline = pathToFileURL(path.resolve('src/pipeline.ts')).href;
  const script = `const { buildSite } = await import(${JSON.stringify(pipeline)});
const built = await buildSite({ root: ${JSON.stringify(root)}, outDir: ${JSON.stringify(session.outDir)}, dev: true, parallel: false, output: 'update' });
console.log(JSON.stringify({ rendered: built.rendered, warnings: built.warnings }));`;
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: 'production' } });
  const next = JSON.parse(stdout.trim().split('\n').at(-1)!) as { rendered: number; warnings: string[] };
  assert.equal(next.warnings, [], 'the next session warned about the cache');
  assert.is(next.rendered, 0, 'the next session rendered pages the last one had left as they are');
});

test('a dev session between two builds leaves the second build nothing to render', async () => {
  const root = await copyFixture('basic');
  await build(root);
  // What `sitegen dev` builds first: its own folder, drafts shown, every page kept.
  const session = await quietDev(root);
  await session.close();
  const warm = await build(root);
  assert.is(warm.rendered, 0, 'the dev session replaced the build\'s cache of its pages');
});

test('an edited page is the only one rendered; the others are carried over', async () => {
  const root = await copyFixture('basic');
  await build(root);
  const aboutBefore = await inode(root, 'about.html');
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: Welcome again');
  const warm = await build(root);
  assert.is(warm.rendered, 1);
  assert.match(await readFile(path.join(root, 'dist/index.html'), 'utf8'), '<h1>Welcome again</h1>');
  assert.is(await inode(root, 'about.html'), aboutBefore, 'about.html should be the same file, linked into the new build');
});

test('one post changed: its file is read once and its page rendered once; of the rest, only the lists that show it and their feeds are made again', async () => {
  const root = await copyNewsStarter('sitegen-count-');
  // A counting hook on the public API: every page the build renders passes through it once.
  await writeFile(path.join(root, 'sitegen.config.ts'), `import { defineConfig, feeds, sitemap } from 'sitegen/config';
const rendered = ((globalThis as Record<string, unknown>).__rendered ??= []) as string[];
export default defineConfig({ integrations: [feeds(), sitemap(), { name: 'count', page: (page) => { rendered.push(page.route); } }] });
`);
  const rendered = ((globalThis as Record<string, unknown>).__rendered ??= []) as string[];
  const now = new Date('2026-11-20T12:00:00Z');
  await buildSite({ root, parallel: false, now });
  assert.ok(rendered.length > 10, `the cold build rendered ${rendered.length} pages`);
  const feedBefore = await readFile(path.join(root, 'dist/news/feed.atom'), 'utf8');
  const aboutBefore = await inode(root, 'news/a-picture.html');
  const listsBefore = await Promise.all(['news.html', 'tags/photos.html', 'de/news.html'].map((file) => inode(root, file)));
  await edit(root, 'content/pages/news/hello-world.md', 'title: Hello, world', 'title: Hello again, world');
  rendered.length = 0;
  const reads: string[] = [];
  // Every read of a content file, through the fs functions the loader uses (node's ESM bindings follow the patch).
  const { readFileSync } = fs;
  fs.readFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    if (typeof file === 'string' && file.includes(`${path.sep}content${path.sep}pages${path.sep}`)) reads.push(path.relative(root, file));
    return (readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync;
  syncBuiltinESMExports();
  try {
    await buildSite({ root, parallel: false, now });
  } finally {
    fs.readFileSync = readFileSync;
    syncBuiltinESMExports();
  }
  // The post once (its stamp moved: the hash that shows its content did too is the load's, not a second read). Besides
  // it, only the lists' own files, to learn what they list now, and the draft, which no build records: nothing else.
  // (The home pages are lists too: each shows its language's newest posts.)
  assert.equal([...reads].sort(), [
    'content/pages/de/index.md', 'content/pages/de/news/index.md', 'content/pages/de/tags/index.md', 'content/pages/index.md',
    'content/pages/news/coming-soon.md', 'content/pages/news/hello-world.md', 'content/pages/news/index.md', 'content/pages/tags/index.md',
  ], 'content files read');
  // The post, the home page and the news page that show it (page 2 of 2) and its tag's page, each once. Not /news
  // (page 1 shows another post), /tags (its terms did not change), /tags/photos, nor the German lists, which list
  // German posts.
  assert.equal([...rendered].sort(), ['/', '/news/2', '/news/hello-world', '/tags/announcements'], 'pages rendered');
  assert.match(await readFile(path.join(root, 'dist/news/hello-world.html'), 'utf8'), '<h1>Hello again, world</h1>');
  assert.match(await readFile(path.join(root, 'dist/news/2.html'), 'utf8'), 'Hello again, world');
  const feed = await readFile(path.join(root, 'dist/news/feed.atom'), 'utf8');
  assert.not.equal(feed, feedBefore, 'the feed was not made again');
  assert.match(feed, 'Hello again, world');
  assert.is(await inode(root, 'news/a-picture.html'), aboutBefore, 'an unchanged post should be linked into the new build, not written again');
  assert.equal(await Promise.all(['news.html', 'tags/photos.html', 'de/news.html'].map((file) => inode(root, file))), listsBefore, 'list pages that do not show the post are linked, not written again');
  // And a third build, with nothing changed, renders nothing: what the second recorded of its lists holds.
  rendered.length = 0;
  await buildSite({ root, parallel: false, now });
  assert.equal(rendered, [], 'an unchanged build after it');
});

test('a touched file with the same content is not rendered again', async () => {
  const root = await copyFixture('basic');
  await build(root);
  const later = new Date(Date.now() + 5000);
  await utimes(path.join(root, 'content/pages/about.yaml'), later, later);
  assert.is((await build(root)).rendered, 0);
});

test('a page that copies another is rendered again when the original changes', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/pages/mirror.yaml'), 'copyOf: /about\n');
  await build(root);
  await edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: About, again');
  const warm = await build(root);
  assert.is(warm.rendered, 2, 'about and its copy');
  assert.match(await readFile(path.join(root, 'dist/mirror.html'), 'utf8'), '<h1>About, again</h1>');
});

test('a change every page depends on renders every page', async () => {
  const root = await copyFixture('basic');
  await build(root);
  await edit(root, 'content/site.yaml', 'label: About', 'label: About us');
  const warm = await build(root);
  assert.is(warm.rendered, 5);
  assert.match(await readFile(path.join(root, 'dist/docs/guide.html'), 'utf8'), '>About us</a>');
  await edit(root, 'templates/layout.tsx', '<main id="main">', '<main id="main" className="changed">');
  assert.is((await build(root)).rendered, 5, 'a layout edit');
  await edit(root, 'templates/styles/site.css', 'sans-serif', 'serif');
  const restyled = await build(root);
  assert.is(restyled.rendered, 5, 'a stylesheet edit changes the hashed file every page links to');
  assert.match(await readFile(path.join(root, 'dist/about.html'), 'utf8'), restyled.bundle.assets.css.href);
});

test('a new page renders the site again (its route is new to every link check); a removed one disappears', async () => {
  const root = await copyFixture('basic');
  await build(root);
  await writeFile(path.join(root, 'content/pages/new.md'), '---\ntitle: New\ndescription: A new page.\n---\n\nHello.\n');
  const withNew = await build(root);
  assert.is(withNew.pages.length, 6);
  assert.match(await readFile(path.join(root, 'dist/sitemap.xml'), 'utf8'), '/new</loc>');
  await unlink(path.join(root, 'content/pages/new.md'));
  await build(root);
  await stat(path.join(root, 'dist/new.html')).then(() => assert.unreachable('new.html is still there'), () => undefined);
});

test('a changed public file is copied even when no page changed', async () => {
  const root = await copyFixture('basic');
  await build(root);
  await writeFile(path.join(root, 'public/img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await build(root);
  assert.is(await readFile(path.join(root, 'dist/img/logo.svg'), 'utf8'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

test('a copied site root does not trust the cache it was copied with', async () => {
  const original = await copyFixture('basic');
  await build(original);
  const copy = path.join(path.dirname(original), 'copy');
  await cp(original, copy, { recursive: true });
  await edit(copy, 'templates/styles/site.css', 'sans-serif', 'serif');
  const built = await build(copy);
  assert.is(built.rendered, 5);
  assert.match(await readFile(path.join(copy, 'dist', built.bundle.assets.css.href), 'utf8'), 'font-family:serif');
});

test('a dist/ changed by hand is rebuilt whole', async () => {
  const root = await copyFixture('basic');
  await build(root);
  await unlink(path.join(root, 'dist/about.html'));
  const warm = await build(root);
  assert.is(warm.rendered, 5);
  await stat(path.join(root, 'dist/about.html'));
});

test('templates compiled by another sitegen (its shared React and zod elsewhere) are compiled again, not imported', async () => {
  const root = await copyFixture('basic');
  await build(root);
  const cacheFile = path.join(root, '.sitegen', 'cache', 'build.json');
  const cache = await readCacheJson(cacheFile);
  const current = cache.templates.value.vendor;
  assert.ok(current.zod && current.react, 'the cache records where the bundle finds React and zod');
  // As an older or newer sitegen would have left it: the bundle it compiled imports modules that may be gone now.
  cache.templates.value.vendor = { ...current, zod: 'file:///an/older/sitegen/zod.js' };
  await writeCacheJson(cacheFile, cache);
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: Welcome again');
  const warm = await build(root);
  assert.is(warm.rendered, 1);
  assert.match(await readFile(path.join(root, 'dist/index.html'), 'utf8'), '<h1>Welcome again</h1>');
  const after = await readCacheJson(cacheFile);
  assert.equal(after.templates.value.vendor, current, 'compiled again against this sitegen\'s modules');
});

test.run();
