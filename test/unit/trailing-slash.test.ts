/**
 * `trailingSlash: always`: every page is a folder's index.html, served at
 * /about/ by hosts that know folders only (an S3 bucket), and every link,
 * canonical and sitemap entry says /about/. The default (`never`) is covered
 * by the rest of the suite: about.html at /about.
 */
import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import type { RunningServer } from '../../src/serve/serve.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { serveBuild } from '../helpers/site.ts';

let root: string;
let outDir: string;
let server: RunningServer;

test.before(async () => {
  root = await copyFixture('basic');
  await appendFile(path.join(root, 'content', 'site.yaml'), 'trailingSlash: always\nbasePath: /docs\n');
  // Relative links and images, as an editor writes them beside the page's file.
  await writeFile(path.join(root, 'content', 'pages', 'docs', 'intro.md'), [
    '---', 'title: Intro', 'description: Where to start.', '---', '',
    '![The logo](../img/logo.svg)', '', 'Read [the guide](./guide) or [its setup](guide#setup), then go [home](../).', '',
  ].join('\n'));
  // The place intro.md links to (guide#setup): check follows a fragment into its page.
  await appendFile(path.join(root, 'content', 'pages', 'docs', 'guide.md'), '\n## Setup\n\nInstall it.\n');
  ({ outDir } = await buildSite({ root }));
  server = await serveBuild(outDir, { root, api: false });
});

test.after(() => server.close());

const read = (file: string) => readFile(path.join(outDir, file), 'utf8');

test('pages are folders with an index.html, and links to pages end with a slash; files keep theirs', async () => {
  for (const file of ['index.html', 'about/index.html', 'docs/guide/index.html', 'café/index.html']) {
    assert.ok(existsSync(path.join(outDir, file)), `missing: ${file}`);
  }
  assert.not.ok(existsSync(path.join(outDir, 'about.html')), 'about.html written too');
  const html = await read('index.html');
  assert.match(html, 'href="/docs/about/"');
  assert.match(html, 'href="/docs/docs/guide/"');
  assert.match(html, 'src="/docs/img/logo.svg"', 'a file got a slash');
  assert.match(await read('about/index.html'), '<link rel="canonical" href="https://fixture.example/docs/about/"/>');
  assert.match(await read('sitemap.xml'), '<loc>https://fixture.example/docs/about/</loc>');
  assert.match(await read('sitemap.xml'), '<loc>https://fixture.example/docs/</loc>');
});

test('sitegen serve answers /about/ and sends /about there with a permanent redirect', async () => {
  const page = await fetch(server.url + '/docs/about/');
  assert.is(page.status, 200);
  assert.match(await page.text(), 'About the fixture');
  const bare = await fetch(server.url + '/docs/about?x=1', { redirect: 'manual' });
  assert.is(bare.status, 301);
  assert.is(bare.headers.get('location'), '/docs/about/?x=1');
  assert.is((await fetch(server.url + '/docs/', { redirect: 'manual' })).status, 200, 'the home page');
});

test('relative links and images in Markdown resolve from the page\'s folder, and work where the page is served', async () => {
  const html = await read('docs/intro/index.html');
  for (const expected of ['src="/docs/img/logo.svg"', 'href="/docs/docs/guide/"', 'href="/docs/docs/guide/#setup"', 'href="/docs/"']) {
    assert.match(html, expected, `missing: ${expected}`);
  }
  for (const url of ['/docs/img/logo.svg', '/docs/docs/guide/']) {
    const answer = await fetch(server.url + url, { redirect: 'manual' });
    assert.is(answer.status, 200, `${url} from /docs/docs/intro/`);
  }
});

test('sitegen check finds every link, and reads a relative one as the browser does from where the page is served', async () => {
  const report = await checkSite(root, outDir);
  assert.equal(report.problems, []);
  // A template's relative link: from /docs/about/ the browser asks for /docs/about/img/logo.svg, which is no file.
  const about = path.join(outDir, 'about', 'index.html');
  const page = await readFile(about, 'utf8');
  await writeFile(about, page.replace('</main>', '<img src="img/logo.svg" alt="Logo"><a href="../img/logo.svg">logo</a></main>'));
  try {
    assert.equal((await checkSite(root, outDir)).problems, [
      'about/index.html: src="img/logo.svg" (/docs/about/img/logo.svg from /docs/about/) does not resolve to a file in the build',
    ]);
  } finally {
    await writeFile(about, page);
  }
});

test.run();
