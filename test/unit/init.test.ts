import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';

const run = promisify(execFile);
const SITEGEN = path.join(REPO_ROOT, 'bin', 'sitegen.js');
const { FORCE_COLOR: _color, ...PLAIN_ENV }: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };

async function failure(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [SITEGEN, ...args], { env: PLAIN_ENV });
  } catch (error) {
    return error as { code: number; stderr: string };
  }
  throw new Error(`sitegen ${args.join(' ')} succeeded where it should have refused`);
}

test('`sitegen init DIR` writes the starter: layout, a page template, a Markdown page, site.yaml, a stylesheet, a favicon, the copy button of code blocks, the video embed', async () => {
  const dir = path.join(await tempDir('sitegen-init-'), 'new site');
  const { stdout } = await run(process.execPath, [SITEGEN, 'init', dir], { env: PLAIN_ENV });
  assert.match(stdout, `wrote a starter site in ${dir}`);
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))).sort();
  assert.equal(files, ['.gitignore', 'content/pages/404.md', 'content/pages/index.md', 'content/site.yaml', 'package.json', 'public/favicon.svg', 'templates/embed.ts', 'templates/islands/copy-code.tsx', 'templates/islands/video-embed.tsx', 'templates/layout.tsx', 'templates/markdown.ts', 'templates/pages/markdown.tsx', 'templates/styles/embeds.css', 'templates/styles/site.css', 'templates/words.ts', 'tsconfig.json']);
  const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
  assert.equal(pkg, {
    name: 'new-site', private: true, type: 'module',
    scripts: { dev: 'sitegen dev', build: 'sitegen build', start: 'sitegen start', check: 'sitegen check' },
    engines: { node: '>=24' },
  }, 'the npm scripts, and the Node sitegen needs');
  assert.match(stdout, 'next: `cd "');
  assert.match(await readFile(path.join(dir, 'templates', 'layout.tsx'), 'utf8'), "from 'sitegen'", 'templates import sitegen as the real site does');
  assert.match(await readFile(path.join(dir, '.gitignore'), 'utf8'), '.sitegen/', 'what sitegen makes stays out of git');
});

test('`sitegen init --starter news` leaves out the basic starter\'s islands it draws without one; the docs starter keeps them', async () => {
  const islands = async (starter: string) => {
    const dir = path.join(await tempDir('sitegen-init-'), starter);
    await run(process.execPath, [SITEGEN, 'init', '--starter', starter, dir], { env: PLAIN_ENV });
    return (await readdir(path.join(dir, 'templates', 'islands'))).sort();
  };
  assert.equal(await islands('news'), ['search.tsx'], 'the copy button and the video are the page script\'s: no island file for either');
  assert.equal(await islands('docs'), ['copy-code.tsx', 'search.tsx', 'tabs.tsx', 'video-embed.tsx']);
});

test('`sitegen init` refuses a folder that is not empty, names it, and writes nothing', async () => {
  const dir = await tempDir('sitegen-init-');
  await writeFile(path.join(dir, 'notes.txt'), 'mine');
  const result = await failure(['init', dir]);
  assert.is(result.code, 1);
  assert.match(result.stderr, `error ${dir} is not empty (it holds notes.txt); nothing was written [init-not-empty]`);
  assert.not.match(result.stderr, /^\s+at /m, 'no stack');
  assert.equal(await readdir(dir), ['notes.txt']);
});

test('`sitegen init` writes into an empty folder that exists (one made for it, or a fresh clone\'s)', async () => {
  const dir = await tempDir('sitegen-init-');
  const { stdout } = await run(process.execPath, [SITEGEN, 'init', '--starter', 'news', dir], { env: PLAIN_ENV });
  assert.match(stdout, `wrote a starter site in ${dir}`);
  assert.ok((await readdir(path.join(dir, 'content', 'pages'))).includes('news'), 'the news starter\'s pages');
});

test('`sitegen init` refuses a path that is a file', async () => {
  const file = path.join(await tempDir('sitegen-init-'), 'site');
  await writeFile(file, 'a file');
  const result = await failure(['init', file]);
  assert.match(result.stderr, `error ${file} is a file, not a folder`);
  assert.is(await readFile(file, 'utf8'), 'a file');
});

test.run();
