/**
 * Inputs that used to stop the build as "a bug of sitegen": each is the
 * editor's or the site's, and is told at its source (or, for a date git
 * accepts and JavaScript cannot hold, passed over), never as an internal
 * error.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { copyNewsStarter } from '../helpers/starter.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { REPO_ROOT } from '../helpers/site.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

async function errorsOf(root: string): Promise<[string | undefined, number | undefined, string | undefined, string][]> {
  try {
    await buildSite({ root, now: NOW });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors.map((item) => [item.location?.file, item.location?.line, item.field, item.message]);
    throw error;
  }
  throw new Error('the build succeeded');
}

for (const [name, char] of [['NUL', '\u0000'], ['ESC', '\u001b'], ['backspace', '\u0008'], ['U+FFFF', '\uffff']] as const) {
  test(`a page title holding ${name}, on a site with social cards, is an error at the title's line`, async () => {
    const root = await copyNewsStarter('sitegen-control-');
    const post = path.join(root, 'content', 'pages', 'news', 'hello-world.md');
    const source = await readFile(post, 'utf8');
    const escaped = JSON.stringify(`Hello${char}world`);
    await writeFile(post, source.replace(/^title: .*$/m, `title: ${escaped}`));
    const line = source.split('\n').findIndex((text) => text.startsWith('title:')) + 1;
    const errors = await errorsOf(root);
    const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    assert.equal(errors, [['content/pages/news/hello-world.md', line, 'title', `holds the character U+${code}, which no page can show: delete it (it often comes with pasted text)`]]);
  });
}

test('a card font that is no font, or a damaged one, is an error at cards.font, not an internal error', async () => {
  const root = await copyNewsStarter('sitegen-bad-font-');
  await mkdir(path.join(root, 'public', 'fonts'), { recursive: true });
  const site = path.join(root, 'content', 'site.yaml');
  const source = await readFile(site, 'utf8');
  await writeFile(site, source.replace('accent: *accent-dark', 'accent: *accent-dark\n  font: public/fonts/brand.woff'));
  const line = source.split('\n').findIndex((text) => text.includes('accent: *accent-dark')) + 2;
  // Not a font at all; then a real font's first kilobytes, whose tables end early.
  const real = await readFile(path.join(path.dirname(new URL(import.meta.resolve('@fontsource/plus-jakarta-sans/package.json')).pathname), 'files', 'plus-jakarta-sans-latin-700-normal.woff'));
  for (const bytes of [Buffer.from('definitely not a font'), real.subarray(0, 1024)]) {
    await writeFile(path.join(root, 'public', 'fonts', 'brand.woff'), bytes);
    const errors = await errorsOf(root);
    assert.is(errors.length, 1, JSON.stringify(errors));
    const [file, at, field, message] = errors[0];
    assert.equal([file, at, field], ['content/site.yaml', line, 'cards.font']);
    assert.match(message, 'public/fonts/brand.woff is not a font the cards can be drawn with: ');
  }
});

test('a commit date git accepts but JavaScript cannot hold passes over that commit: the build works and lastmod is the file\'s next date', async () => {
  const root = await copyFixture('basic');
  const git = (args: string[], date: string) => execFileSync('git', args, {
    cwd: root, stdio: 'ignore',
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
  });
  git(['init', '-q'], '2023-01-02T03:04:05+00:00');
  git(['add', '.'], '2023-01-02T03:04:05+00:00');
  git(['commit', '-qm', 'first'], '2023-01-02T03:04:05+00:00');
  const about = path.join(root, 'content', 'pages', 'about.yaml');
  await writeFile(about, (await readFile(about, 'utf8')).replace('About the fixture', 'About us'));
  git(['commit', '-qam', 'far future'], '@99999999999999 +0000');
  const { outDir } = await buildSite({ root, cache: false });
  const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  assert.match(sitemap, /\/about<\/loc><lastmod>2023-01-02T03:04:05\+00:00<\/lastmod>/);
  assert.match(await readFile(path.join(outDir, 'about.html'), 'utf8'), 'About us');
});

/** `sitegen ARGS` as a user runs it: its exit code and all it printed, as bytes read as Latin-1 (so no byte is hidden). */
async function cli(args: string[]): Promise<{ code: number; output: string }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), ...args], { env: { ...process.env, NO_COLOR: '1' } });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  const code = await new Promise<number>((resolve) => child.on('exit', (exit) => resolve(exit ?? -1)));
  return { code, output: Buffer.concat(chunks).toString('latin1') };
}

test('a page with 100,000 footnotes is an error at the first one past a thousand, at once', async () => {
  const root = await copyFixture('basic');
  const count = 100_000;
  const refs = Array.from({ length: count }, (_, index) => `word[^${index}]`).join(' ');
  const defs = Array.from({ length: count }, (_, index) => `[^${index}]: Note ${index}.`).join('\n');
  const front = '---\ntitle: Notes\ndescription: Many notes.\n---\n\n';
  await writeFile(path.join(root, 'content', 'pages', 'notes.md'), `${front}${refs}\n\n${defs}\n`);
  const started = Date.now();
  const errors = await errorsOf(root);
  assert.ok(Date.now() - started < 30_000, `told in ${Date.now() - started} ms`);
  assert.equal(errors, [['content/pages/notes.md', 8 + 1000, undefined, 'holds more than 1000 footnotes']]);
});

test('a binary content file is said to be binary, at its path, and no byte of it reaches the terminal', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content', 'pages', 'photo.md'), Buffer.from([0x1b, 0x5b, 0x32, 0x4a, 0x00, 0x01, 0x07, 0x1b, 0x5d, 0x30, 0x3b, 0x70, 0x77, 0x6e, 0x07, 0xff, 0xfe]));
  await writeFile(path.join(root, 'content', 'pages', 'latin.yaml'), Buffer.from('title: Caf\xe9\n', 'latin1'));
  const { code, output } = await cli(['build', '--root', root]);
  assert.is.not(code, 0);
  assert.match(output, 'content/pages/photo.md: is a binary file, not text');
  assert.match(output, 'content/pages/latin.yaml: is a binary file, not text');
  assert.not.match(output, /[\u0000-\u0008\u000b-\u001f\u007f]/, 'no control byte printed');
  assert.not.match(output, 'internal error');
});

test('two page files whose names differ only in Unicode normalisation are one route, named by both', async () => {
  const root = await copyFixture('basic');
  // café.md is there as one code point for é; this one is e and a combining accent.
  await writeFile(path.join(root, 'content', 'pages', 'cafe\u0301.md'), '---\ntitle: Café\ndescription: The other café.\n---\n\nText.\n');
  const errors = await errorsOf(root);
  assert.is(errors.length, 1, JSON.stringify(errors));
  assert.match(errors[0][3], /^\/café comes from 2 files: content\/pages\/caf/);
  assert.match(errors[0][3].normalize('NFC'), 'content/pages/café.md, content/pages/café.md');
});

test('serve on a port another program holds says so and how to choose another, not an internal error', async () => {
  const { createServer } = await import('node:net');
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as import('node:net').AddressInfo).port;
  try {
    const root = await copyFixture('basic');
    await buildSite({ root });
    const { code, output } = await cli(['serve', '--root', root, '--port', String(port), '--host', '127.0.0.1', '--no-api']);
    assert.is.not(code, 0);
    assert.match(output, `port ${port} on 127.0.0.1 is taken by another program`);
    assert.match(output, `--port ${port + 1}`);
    assert.not.match(output, 'internal error');
  } finally {
    holder.close();
  }
});

test.run();
