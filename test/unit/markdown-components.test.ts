/**
 * Components in Markdown: a `::: Name` block with YAML props renders a
 * component that templates/markdown.ts allows, where the block stands; an
 * island block hydrates as it says; every mistake is an error at the .md
 * file's line, and the build then writes nothing. On the news starter, whose
 * templates/markdown.ts allows a Callout and the Search island.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteError, type SiteErrors } from '../../src/errors.ts';
import { initStarter } from '../helpers/starter.ts';
import { hashTree } from '../helpers/fixture.ts';
import { quietDev } from '../helpers/dev-session.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const POST = path.join('content', 'pages', 'news', 'hello-world.md');

/** The news starter with `body` written as the whole body of its hello-world post. */
async function newsSite(body: string): Promise<string> {
  const root = await initStarter('news', 'sitegen-md-components-');
  const post = path.join(root, POST);
  const source = await readFile(post, 'utf8');
  await writeFile(post, source.slice(0, source.indexOf('---', 3) + 4) + '\n' + body);
  return root;
}

const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

const components = suite('components in Markdown');

components('a block renders its component where it stands, and an island block hydrates as it says', async () => {
  const root = await newsSite([
    'Before the box.',
    '',
    '::: Callout',
    'text: Looking for an older post?',
    'link: /search',
    'label: Search the site',
    ':::',
    'After the box, and a search that wakes when the browser is idle:',
    '::: Search',
    'hydrate: idle',
    'label: Find a post',
    ':::',
    '',
  ].join('\n'));
  const result = await buildSite({ root, now: NOW });
  const main = mainOf(await readFile(path.join(root, 'dist', 'news', 'hello-world.html'), 'utf8'));
  const before = main.indexOf('<p>Before the box.</p>');
  const callout = main.indexOf('<div class="callout"><p>Looking for an older post?</p><a href="/search">Search the site</a></div>');
  const after = main.indexOf('After the box');
  assert.ok(before >= 0 && callout > before && after > callout, `the callout stands between the paragraphs:\n${main}`);
  assert.match(main, /<sitegen-island name="search" src="\/assets\/search-[\w-]+\.js" props="{&quot;label&quot;:&quot;Find a post&quot;,&quot;lang&quot;:&quot;en&quot;,&quot;index&quot;:&quot;\/pagefind\/pagefind.js&quot;}" hydrate="idle">/);
  assert.match(main, '<label for=', 'the island\'s server HTML is in the page');
  assert.not.match(main, 'sitegen-md', 'no placeholder is left');
  assert.equal(result.pages.find((page) => page.route === '/news/hello-world')?.islands, ['search'], 'the page loads the island\'s chunk');
  const search = await readFile(path.join(root, 'dist', 'search.html'), 'utf8');
  assert.match(search, /<sitegen-island name="search"[^>]* hydrate="interaction">/, 'without hydrate:, the moment templates/markdown.ts gives');
});

components('a body with raw HTML (sanitised) keeps its blocks, and a placeholder typed in the HTML renders nothing', async () => {
  const root = await newsSite([
    '<details><summary>More</summary>Hidden text.</details>',
    '',
    '<sitegen-md n="3"></sitegen-md>',
    '',
    '::: Callout',
    'text: Boxed.',
    'link: /news',
    'label: All the news',
    ':::',
    '',
  ].join('\n'));
  await buildSite({ root, now: NOW });
  const main = mainOf(await readFile(path.join(root, 'dist', 'news', 'hello-world.html'), 'utf8'));
  assert.match(main, '<details><summary>More</summary>');
  assert.match(main, '<div class="callout"><p>Boxed.</p><a href="/news">All the news</a></div>');
  assert.not.match(main, 'sitegen-md');
  assert.is(main.split('class="callout"').length, 2, 'one callout, for the one block');
});

components('each mistake in a block is an error at its line of the .md file, and dist/ stays as it was', async () => {
  const root = await newsSite('A good body.\n');
  await buildSite({ root, now: NOW });
  const before = await hashTree(path.join(root, 'dist'));
  const body = [
    '::: Calout', // 1: a name not allowed, close to one that is
    'text: Hi.',
    ':::',
    '',
    '::: Callout', // 5
    'text: Go.',
    'link: /nowhere', // 7: a link to no route
    'labl: Go there', // 8: a misspelt key
    ':::',
    '',
    '::: Search', // 11
    'hydrate: soon', // 12: not a moment
    ':::',
    '',
    '::: Callout', // 15
    'text: One.',
    'text: Two.', // 17: YAML that says one key twice
    ':::',
    '',
    '::: Callout', // 20: never closed
    'text: Open.',
    '',
  ].join('\n');
  const source = await readFile(path.join(root, POST), 'utf8');
  await writeFile(path.join(root, POST), source.replace('A good body.\n', body));
  const bodyLine = (await readFile(path.join(root, POST), 'utf8')).split('\n').indexOf('::: Calout') + 1;
  const at = (line: number) => `content/pages/news/hello-world.md:${bodyLine + line - 1}`;
  const errors = await buildSite({ root, now: NOW }).then(() => assert.unreachable('built') as never, (error: SiteErrors) => error.errors);
  const reported = errors.map((error) => `${error.location?.file}:${error.location?.line} ${error.message}`).sort();
  const expect = (line: number, words: string) => assert.ok(
    reported.some((text) => text.startsWith(`${at(line)} `) && text.includes(words)), `no error at ${at(line)} saying "${words}" in:\n${reported.join('\n')}`);
  expect(1, 'no component named "Calout" may be used in Markdown: did you mean "Callout"?');
  expect(7, '/nowhere');
  expect(8, 'unknown key "labl": did you mean "label"?');
  expect(12, 'hydrate is "soon", which is not one of load, idle, visible, interaction');
  expect(17, 'YAML syntax error: duplicated mapping key');
  expect(20, 'the Callout block has no closing ::: line');
  assert.is(await hashTree(path.join(root, 'dist')), before, 'dist/ changed');
});

components('templates/markdown.ts that gives a component no schema is a template error naming the file', async () => {
  const root = await newsSite('Text.\n');
  await writeFile(path.join(root, 'templates', 'markdown.ts'), [
    `import Callout from './components/Callout.tsx';`,
    'export const markdown = { Callout: { component: Callout } };',
  ].join('\n'));
  const error = await buildSite({ root, now: NOW }).then(() => assert.unreachable('built') as never, (thrown: SiteError) => thrown);
  assert.ok(error instanceof SiteError, String(error));
  assert.equal([error].map(({ code, location, message }) => [code, location?.file, message]), [
    ['template-build', 'templates/markdown.ts', 'templates/markdown.ts gives markdown.Callout no zod schema of its props'],
  ]);
});

components('dev shows a changed prop at once, and a broken block as an error, like build', async () => {
  const root = await newsSite('::: Callout\ntext: First words.\nlink: /news\nlabel: All the news\n:::\n');
  const session = await quietDev(root);
  const { error, log } = console;
  const printed: string[] = [];
  console.error = (...args: unknown[]) => void printed.push(args.join(' '));
  console.log = () => undefined;
  try {
    const page = async () => (await fetch(`${session.server.url}/news/hello-world`)).text();
    assert.match(await page(), '<p>First words.</p>');
    const post = path.join(root, POST);
    await writeFile(post, (await readFile(post, 'utf8')).replace('First words.', 'Second words.'));
    await waitUntil(async () => (await page()).includes('<p>Second words.</p>'), 'dev to show the new prop');
    await writeFile(post, (await readFile(post, 'utf8')).replace('link: /news', 'link: /newz'));
    await waitUntil(() => printed.some((line) => line.includes('hello-world.md') && line.includes('/newz')), 'dev to report the broken link');
    assert.match(await page(), '<p>Second words.</p>', 'the last good page is still served');
  } finally {
    Object.assign(console, { error, log });
    await session.close();
  }
});

components('a block\'s Markdown body (after its --- line) is rendered as the page\'s own: formatting, a checked link, a code block, and a block nested in it', async () => {
  const root = await newsSite([
    'Before the box.',
    '',
    '::: Callout',
    'link: /search',
    'label: Search the site',
    '---',
    'Looking for **an older post**? Read [the other post](a-picture.md) first.',
    '',
    '```sh',
    'echo "::: not the end"',
    ':::',
    '```',
    '',
    '::: Callout',
    'link: /tags',
    'label: All tags',
    '---',
    'A box in a box, with `code`.',
    ':::',
    ':::',
    '',
    'After the box.',
    '',
  ].join('\n'));
  await buildSite({ root, now: NOW });
  const main = mainOf(await readFile(path.join(root, 'dist', 'news', 'hello-world.html'), 'utf8'));
  const outer = main.slice(main.indexOf('<div class="callout">'), main.lastIndexOf('<a href="/search">Search the site</a></div>'));
  assert.match(outer, '<p>Looking for <strong>an older post</strong>? Read <a href="/news/a-picture">the other post</a> first.</p>', 'formatted, its link resolved from the page\'s folder');
  assert.match(outer, '<span class="token string">"::: not the end"</span>\n:::\n</code></pre>', 'a ::: line inside a code block ends nothing');
  assert.match(outer, '<div class="callout"><p>A box in a box, with <code>code</code>.</p>\n<a href="/tags">All tags</a></div>', `the nested block, rendered inside the outer one:\n${outer}`);
  assert.ok(main.indexOf('Before the box.') < main.indexOf('<div class="callout">') && main.indexOf('After the box.') > main.lastIndexOf('Search the site'), 'the box stands where the block does');
  assert.not.match(main, /sitegen-(md|end|children)/, 'no marker is left');
});

components('a link in a block\'s body is checked as the page\'s own are; a body given to a component that takes none is an error at the block', async () => {
  const root = await newsSite([
    '::: Callout', // 1
    'link: /search',
    'label: Search the site',
    '---',
    'See [the missing post](gone.md).', // 5
    ':::',
    '',
    '::: Search', // 8: an island takes no body
    '---',
    'Find **anything**.',
    ':::',
    '',
  ].join('\n'));
  const bodyLine = (await readFile(path.join(root, POST), 'utf8')).split('\n').indexOf('::: Callout') + 1;
  const errors = await buildSite({ root, now: NOW }).then(() => assert.unreachable('built') as never, (error: SiteErrors) => error.errors);
  const reported = errors.map((error) => `${error.location?.line} ${error.message}`);
  assert.ok(reported.includes(`${bodyLine + 4} links to /news/gone, which is neither a route nor a file in public/ or beside the page`), `the broken link, at its own line:\n${reported.join('\n')}`);
  assert.ok(reported.includes(`${bodyLine + 7} the Search block has a Markdown body (after its --- line), which Search does not take`), reported.join('\n'));
});

components('a second paragraph written as the first was is a YAML error whose hint shows both ways to write one', async () => {
  const root = await newsSite(['::: Callout', 'text: First paragraph.', '', 'Second paragraph.', 'link: /search', 'label: Search the site', ':::', ''].join('\n'));
  const errors = await buildSite({ root, now: NOW }).then(() => assert.unreachable('built') as never, (error: SiteErrors) => error.errors);
  assert.is(errors.length, 1, errors.map((error) => error.message).join('\n'));
  assert.is(errors[0].code, 'yaml-syntax');
  assert.is(errors[0].hint, 'text of several paragraphs is written `text: |` with every line below it indented two spaces; or, since Callout takes Markdown, write the words after a --- line below its other props');
});

components.run();
