/**
 * One writer's record of the output (src/output-claims.ts): a file of
 * public/ at an address a page, a file made from a page, an image variant,
 * a social card or sitegen itself writes is an error naming both, and
 * nothing is published; before, the other writer silently replaced the
 * editor's file. A site that shows its own page for unknown addresses may
 * keep it as public/404.html.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteErrors } from '../../src/errors.ts';
import { buildSite } from '../../src/pipeline.ts';
import { copyFixture, edit, hashTree } from '../helpers/fixture.ts';

/** The basic fixture, built once so that dist/ exists. */
async function builtFixture(): Promise<string> {
  const root = await copyFixture('basic');
  await buildSite({ root });
  return root;
}

/** The build's errors, as [code, file, message] triples; fails when the build succeeds. */
async function errorsOf(root: string): Promise<[string, string | undefined, string][]> {
  try {
    await buildSite({ root });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors.map((item) => [item.code, item.location?.file, item.message]);
    throw error;
  }
  throw new Error('the build succeeded');
}

const CLASHES: { name: string; file: string; other: string }[] = [
  { name: 'a page', file: 'about.html', other: 'the page /about (content/pages/about.yaml)' },
  { name: 'the headers integration\'s file', file: '_headers', other: 'the integration headers' },
  { name: 'the robots integration\'s file', file: 'robots.txt', other: 'the integration robots' },
  { name: 'sitegen\'s redirects for static hosts', file: '_redirects', other: 'sitegen (the redirects for static hosts)' },
];

for (const clash of CLASHES) {
  test(`public/${clash.file} at the address of ${clash.name} fails the build naming both, and dist/ stays as it was`, async () => {
    const root = await builtFixture();
    const before = await hashTree(path.join(root, 'dist'));
    await writeFile(path.join(root, 'public', clash.file), 'the editor\'s own file\n');
    assert.equal(await errorsOf(root), [[
      'output-clash', `public/${clash.file}`,
      `/${clash.file} would be written by ${clash.other} and by public/${clash.file}: one would silently replace the other`,
    ]]);
    assert.is(await hashTree(path.join(root, 'dist')), before);
  });
}

test('a file of public/ at the address of a social card is an error naming both', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/site.yaml', /^fallback: .*$/m, 'fallback: redirect\ncards:\n  background: "#0b1f4d"\n  text: "#ffffff"\n  accent: "#7dd3fc"');
  const built = await buildSite({ root });
  const card = (await readFile(path.join(built.outDir, 'about.html'), 'utf8')).match(/og:image" content="[^"]*\/(assets\/cards\/[^"]+\.png)"/)?.[1];
  assert.ok(card, 'the page has a social card');
  await mkdir(path.dirname(path.join(root, 'public', card)), { recursive: true });
  await writeFile(path.join(root, 'public', card), 'not a card');
  const errors = await errorsOf(root);
  assert.equal(errors, [['output-clash', `public/${card}`, `/${card} would be written by the integration cards and by public/${card}: one would silently replace the other`]]);
});

test('with fallback: not-found, public/404.html is the page for unknown addresses; sitegen writes none of its own', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/site.yaml', /^fallback: .*$/m, 'fallback: not-found');
  await writeFile(path.join(root, 'public', '404.html'), '<!DOCTYPE html><title>Lost</title><p>Our own page.</p>\n');
  const { outDir } = await buildSite({ root });
  assert.is(await readFile(path.join(outDir, '404.html'), 'utf8'), '<!DOCTYPE html><title>Lost</title><p>Our own page.</p>\n');
});

test('with fallback: redirect, the /404 page\'s file is the redirect home, as site.yaml asks; public/404.html would be lost, and is an error', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content', 'pages', '404.md'), '---\ntitle: Not found\ndescription: Nothing here.\n---\n\nNothing here.\n');
  const { outDir } = await buildSite({ root });
  assert.match(await readFile(path.join(outDir, '404.html'), 'utf8'), 'http-equiv="refresh"');
  await writeFile(path.join(root, 'public', '404.html'), '<p>Our own page.</p>\n');
  const [[code, file, message]] = await errorsOf(root);
  assert.equal([code, file], ['output-clash', 'public/404.html']);
  assert.match(message, '/404.html would be written by the page /404 (content/pages/404.md) and by public/404.html');
});

test.run();
