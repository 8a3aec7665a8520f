import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { access, cp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDev, type DevSession } from '../../src/dev/dev.ts';
import { buildSite } from '../../src/pipeline.ts';
import { copyFixture, edit, hashTree } from '../helpers/fixture.ts';
import { waitUntil } from '../helpers/wait-until.ts';

let root: string;
let session: DevSession;
// dev builds into its own folder (ROOT/.sitegen/dev), never dist/.
const output = (file: string) => readFile(path.join(session.outDir, file), 'utf8');
const mtime = async (file: string) => (await stat(path.join(session.outDir, file))).mtimeMs;
const exists = (file: string) => access(file).then(() => true, () => false);
const quietly = async <T>(work: () => Promise<T>): Promise<T> => {
  const log = console.log;
  console.log = () => undefined;
  try {
    return await work();
  } finally {
    console.log = log;
  }
};

/** Waits until `check` passes (file events arrive asynchronously). */
const eventually = (check: () => Promise<boolean>, what: string) => waitUntil(check, what, { timeoutMs: 5000 });

test.before(async () => {
  root = await copyFixture('basic');
  const log = console.log;
  console.log = () => undefined;
  session = await startDev({ root, port: 0, host: '127.0.0.1' });
  console.log = log;
});

test.after(async () => {
  await session.close();
});

test('a content edit rebuilds that page, and only that page', async () => {
  const aboutBefore = await mtime('about.html');
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: Welcome back');
  await eventually(async () => (await output('index.html')).includes('<h1>Welcome back</h1>'), 'index.html to change');
  await session.idle();
  assert.is(await mtime('about.html'), aboutBefore, 'about.html was rewritten although nothing it shows changed');
});

test('every page carries the live-reload client in dev', async () => {
  assert.match(await output('about.html'), '<script type="module" src="/__sitegen/reload.js">');
});

test('broken content keeps the last good build; fixing it recovers', async () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args.join(' '));
  try {
    await edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: [');
    await eventually(async () => errors.some((line) => line.includes('content/pages/about.yaml')), 'the error to be printed');
    assert.ok(errors.some((line) => line.includes('| heading: [')), `the error shows the broken line:\n${errors.join('\n')}`);
    assert.match(await output('about.html'), '<h1>About the fixture</h1>', 'the last good page is still there');
    await edit(root, 'content/pages/about.yaml', 'heading: [', 'heading: About, fixed');
    await eventually(async () => (await output('about.html')).includes('<h1>About, fixed</h1>'), 'the fixed page');
  } finally {
    console.error = original;
  }
});

test('a template edit rebuilds the routes that use it and no other', async () => {
  const markdownBefore = await mtime('docs/guide.html');
  await edit(root, 'templates/heading.tsx', '<h1>{text}</h1>', '<h1 className="big">{text}</h1>');
  await eventually(async () => (await output('about.html')).includes('<h1 class="big">'), 'about.html to use the new template');
  await session.idle();
  assert.is(await mtime('docs/guide.html'), markdownBefore, 'a Markdown page, which does not import heading.tsx, was rewritten');
});

test('a new page appears and joins the sitemap', async () => {
  await edit(root, 'content/pages/hidden.yaml', 'noindex: true\n', '');
  await eventually(async () => (await output('sitemap.xml')).includes('/hidden</loc>'), 'the sitemap to list /hidden');
});

test('a page that copies another is rebuilt when the original changes', async () => {
  await writeFile(path.join(root, 'content/pages/mirror.yaml'), 'copyOf: /docs/guide\n');
  await eventually(async () => (await output('mirror.html').catch(() => '')).includes('<h1>Guide</h1>'), 'mirror.html to appear');
  await edit(root, 'content/pages/docs/guide.md', 'title: Guide', 'title: Guide, revised');
  await eventually(async () => (await output('mirror.html')).includes('<h1>Guide, revised</h1>'), 'the copy to follow its original');
});

test('a file in content/pages/ that is no YAML or Markdown is ignored by dev, as by build', async () => {
  await writeFile(path.join(root, 'content/pages/notes.txt'), 'title: not a page\n');
  await writeFile(path.join(root, 'content/pages/.about.yaml.swp'), 'binary: swap\n');
  await edit(root, 'content/pages/about.yaml', /$/, '\n');
  await session.idle();
  assert.not.ok(await exists(path.join(session.outDir, 'notes.html')), 'notes.txt became a page in dev');
  assert.not.ok((await output('sitemap.xml')).includes('/notes<'), 'the sitemap lists /notes');
  const built = await buildSite({ root, outDir: path.join(root, 'build-check') });
  assert.not.ok(built.pages.some((page) => /notes|swp/.test(page.file)), `build took a non-page: ${built.pages.map((page) => page.file)}`);
});

test('a page or a public file removed leaves the served folder, and a public file replaced is served new', async () => {
  await writeFile(path.join(root, 'public/img/extra.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(root, 'content/pages/gone.yaml'), await readFile(path.join(root, 'content/pages/about.yaml'), 'utf8'));
  await eventually(async () => await exists(path.join(session.outDir, 'gone.html')) && await exists(path.join(session.outDir, 'img/extra.svg')), 'the new page and image');
  await writeFile(path.join(root, 'public/img/extra.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
  await eventually(async () => (await output('img/extra.svg')).includes('width="2"'), 'the replaced image');
  // The image's removal reaches the watcher first (it holds an unlink for a moment) and renders every page (the
  // public files are in the site key): that rebuild must not report the page whose removal it has not heard of yet.
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args.join(' '));
  try {
    await rm(path.join(root, 'public/img/extra.svg'));
    await rm(path.join(root, 'content/pages/gone.yaml'));
    await eventually(async () => !await exists(path.join(session.outDir, 'gone.html')) && !await exists(path.join(session.outDir, 'img/extra.svg')), 'both to leave');
    await session.idle();
  } finally {
    console.error = original;
  }
  assert.equal(errors, [], 'a rebuild reported the removed page as an error');
  assert.not.ok((await output('sitemap.xml')).includes('/gone<'), 'the sitemap still lists the removed page');
});

test('a folder of pages renamed, then a page added to it: the old routes leave, the new ones are served', async () => {
  // dev takes the last build's list of page files while nothing comes or goes: a rename and an add must each end it.
  await cp(path.join(root, 'content/pages/docs'), path.join(root, 'content/pages/guide'), { recursive: true });
  await eventually(async () => await exists(path.join(session.outDir, 'guide/guide.html')), 'the copied folder to be served');
  await rename(path.join(root, 'content/pages/guide'), path.join(root, 'content/pages/manual'));
  await eventually(async () => await exists(path.join(session.outDir, 'manual/guide.html')) && !await exists(path.join(session.outDir, 'guide/guide.html')), 'the renamed folder to be served in place of the old');
  await session.idle();
  await writeFile(path.join(root, 'content/pages/manual/later.yaml'), await readFile(path.join(root, 'content/pages/about.yaml'), 'utf8'));
  await eventually(async () => await exists(path.join(session.outDir, 'manual/later.html')), 'the page added to the renamed folder');
  // The page is served before the site-wide files are made: the sitemap follows within the same rebuild.
  await session.idle();
  assert.ok((await output('sitemap.xml')).includes('/manual/later<'), 'the sitemap does not list the added page');
  assert.not.ok((await output('sitemap.xml')).includes('/guide/guide<'), 'the sitemap still lists the renamed folder\'s old route');
  await rm(path.join(root, 'content/pages/manual'), { recursive: true });
  await eventually(async () => !await exists(path.join(session.outDir, 'manual/guide.html')) && !await exists(path.join(session.outDir, 'manual/later.html')), 'the removed folder to leave');
});

test('a dev session never creates dist/', async () => {
  assert.not.ok(await exists(path.join(root, 'dist')), 'dist/ appeared during a dev session');
});

test('a dev session with edits leaves an existing dist/ exactly as it was', async () => {
  const local = await copyFixture('basic');
  await buildSite({ root: local });
  const before = await hashTree(path.join(local, 'dist'));
  const dev = await quietly(() => startDev({ root: local, port: 0, host: '127.0.0.1' }));
  try {
    await edit(local, 'content/pages/about.yaml', 'About the fixture', 'About the fixture, edited in dev');
    await edit(local, 'templates/pages/page.tsx', '<ul className="links">', '<ul className="links" data-edited="">');
    await writeFile(path.join(local, 'content/pages/added.yaml'), await readFile(path.join(local, 'content/pages/about.yaml'), 'utf8'));
    await eventually(async () => (await readFile(path.join(dev.outDir, 'added.html'), 'utf8').catch(() => '')).includes('edited in dev'), 'the dev build to follow');
    await dev.idle();
  } finally {
    await quietly(() => dev.close());
  }
  assert.is(await hashTree(path.join(local, 'dist')), before, 'dist/ changed during the dev session');
  assert.not.ok((await readFile(path.join(local, 'dist/about.html'), 'utf8')).includes('__sitegen/reload.js'), 'dist/ carries the live-reload client');
});

test.run();
