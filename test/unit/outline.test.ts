/**
 * What a template gets about a Markdown page beside its body: its headings
 * as a tree with the ids the page uses (a table of contents), its reading
 * time, and its summary (the text before `<!--more-->`, else the
 * description); and the news starter showing them, in each language.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { unescapeHtml } from '../../src/escape.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { initStarter } from '../helpers/starter.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

/** The outline a template gets (page.headings, readingTime, summary, description), written into the page as JSON text. */
const OUTLINE = '<pre data-outline="">{JSON.stringify({ headings: page.headings, readingTime: page.readingTime, summary: page.summary, description: page.description })}</pre>';

/** The basic fixture's templates, each showing what it gets of the page's outline. */
async function showOutline(root: string): Promise<void> {
  const markdown = path.join(root, 'templates', 'pages', 'markdown.tsx');
  await writeFile(markdown, (await readFile(markdown, 'utf8')).replace('</article>', `${OUTLINE}</article>`));
  const page = path.join(root, 'templates', 'pages', 'page.tsx');
  await writeFile(page, (await readFile(page, 'utf8')).replace('({ data }: PageProps', '({ data, page }: PageProps').replace(/<\/>\s*\);/, `${OUTLINE}</>);`));
}

/** The outline a page shows. */
function outlineOf(html: string): { headings: unknown[]; readingTime: number; summary: string; description: string } {
  const shown = /<pre data-outline="">(.*?)<\/pre>/s.exec(html);
  assert.ok(shown, 'the page shows its outline');
  return JSON.parse(unescapeHtml(shown[1]));
}

test('headings as a tree with the page\'s ids, reading time without code, and the summary before <!--more-->', async () => {
  const root = await copyFixture('basic');
  const prose = Array.from({ length: 120 }, () => 'Ten words of prose that a reader reads at a pace.').join(' ');
  const code = ['```js', ...Array.from({ length: 300 }, (_, index) => `const value${index} = compute(${index});`), '```'].join('\n');
  await writeFile(path.join(root, 'content/pages/long.md'), [
    '---', 'title: Long', 'description: A long page.', '---', '',
    'The **first** part, with `code` and a [link](/about).[^1]', '', '<!--more-->', '',
    '## Setup', '', prose, '', '### Install', '', code, '', '### Sitegen config', '', 'Text.', '', '## Use', '', 'Text.', '', '[^1]: A note on the first part.', '',
  ].join('\n'));
  await writeFile(path.join(root, 'content/pages/short.md'), '---\ntitle: Short\ndescription: A short page.\n---\n\nOne line.\n');
  // What a template gets, as it gets it: the fixture's two templates write it into each page they render.
  await showOutline(root);
  const result = await buildSite({ root });
  const info = (route: string) => outlineOf(readFileSync(path.join(result.outDir, `${route.slice(1) || 'index'}.html`), 'utf8'));
  const long = info('/long');
  assert.equal(long.headings, [
    { depth: 2, text: 'Setup', id: 'setup', children: [
      { depth: 3, text: 'Install', id: 'install', children: [] },
      { depth: 3, text: 'Sitegen config', id: 'user-content-sitegen-config', children: [] },
    ] },
    { depth: 2, text: 'Use', id: 'use', children: [] },
  ]);
  const html = await readFile(path.join(result.outDir, 'long.html'), 'utf8');
  for (const id of ['setup', 'install', 'user-content-sitegen-config', 'use']) assert.match(html, ` id="${id}"`, `the page has the id ${id}`);
  assert.is(long.readingTime, 7, '1,200 words and a few more at 200 a minute; the 300 lines of code do not count');
  assert.is(long.summary, 'The first part, with code and a link.');
  const short = info('/short');
  assert.equal([short.readingTime, short.summary, short.headings], [1, 'A short page.', []], 'at least a minute; the description without the mark');
  assert.is(info('/about').summary, info('/about').description, 'a YAML page\'s summary is its description');
});

test('the news starter shows a table of contents on a long post, its reading time in its language, and summaries in its list', async () => {
  const root = await initStarter('news', 'sitegen-outline-');
  await buildSite({ root, now: NOW });
  const read = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');
  const post = await read('news/hello-world.html');
  const contents = /<nav class="contents" aria-labelledby="contents-heading"><h2 id="contents-heading">On this page<\/h2>(.*?)<\/nav>/.exec(post);
  assert.ok(contents, 'a table of contents');
  const links = [...contents[1].matchAll(/<a href="#([^"]+)">/g)].map((match) => match[1]);
  assert.equal(links, ['a-summary-for-the-list', 'contents-and-reading-time', 'code', 'components']);
  for (const id of links) assert.match(post, `<h2 id="${id}">`, `its link leads to the heading ${id}`);
  assert.match(post, '<time dateTime="2026-11-02">2026-11-02</time> · 1 minute read</p>');
  assert.match(await read('de/news/hello-world.html'), ' · 1 Minute Lesezeit</p>');
  assert.not.match(await read('news/a-picture.html'), 'class="contents"', 'a short post has none');
  const list = await read('news/2.html');
  assert.match(list, '<p class="card__summary">A post is a Markdown file with a date. The list at News sorts by it, and the feed dates each entry with it.</p>', 'the summary before <!--more-->');
  assert.match(await read('news.html'), '<p class="card__summary">A post whose picture sits beside it, in its own folder.</p>', 'a post without the mark shows its description');
});

test.run();
