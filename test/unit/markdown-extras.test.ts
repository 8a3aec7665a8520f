import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Window } from 'happy-dom';
import { markdownToHtml } from '../../src/markdown/markdown.ts';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { buildRealSite } from '../helpers/site.ts';

/** The body as a document, to read what a browser and a screen reader would. */
function parse(html: string): Document {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document as unknown as Document;
}

// Each body is converted as it is, and with raw HTML in it, which sends it through the sanitizer: both must keep the features.
const both = (source: string) => [['plain', markdownToHtml(source)], ['sanitized', markdownToHtml(`${source}\n\n<b>raw</b>\n`)]] as const;

test('headings get GitHub ids, unique in a page, and a link to themselves named by their text', () => {
  for (const [path, html] of both('# Data *we* keep\n\n## Same\n\n## Same\n\n## See [terms](/terms)\n')) {
    const doc = parse(html);
    assert.equal([...doc.querySelectorAll('h1, h2')].map((heading) => heading.id), ['data-we-keep', 'same', 'same-1', 'see-terms'], `${path}: ids`);
    const anchors = [...doc.querySelectorAll('a.heading-anchor')];
    assert.equal(anchors.map((anchor) => anchor.getAttribute('href')), ['#data-we-keep', '#same', '#same-1'], `${path}: each heading links to itself`);
    assert.is(anchors[0].textContent, 'Data we keep', `${path}: the link's name is the heading's text`);
    assert.is(doc.querySelector('#see-terms a')?.getAttribute('href'), '/terms', `${path}: a heading holding a link keeps it, unnested`);
  }
  assert.match(markdownToHtml('## Same'), 'id="same"', 'ids start again on each page');
});

test('footnotes link to their note and back, with names a screen reader can read', () => {
  for (const [path, html] of both('Data is kept for 30 days.[^retention]\n\n[^retention]: Logs are kept longer when the law requires it.\n')) {
    const doc = parse(html);
    const reference = doc.querySelector('sup a');
    assert.is(reference?.getAttribute('href'), '#footnote-retention', `${path}: the reference leads to the note`);
    assert.is(reference?.textContent, '1', `${path}: numbered`);
    const note = doc.querySelector('section.footnotes li#footnote-retention');
    assert.match(note?.textContent ?? '', 'Logs are kept longer', `${path}: the note is at the end`);
    const back = note?.querySelector('a[data-footnote-backref]');
    assert.is(back?.getAttribute('href'), `#${reference?.id}`, `${path}: and leads back`);
    assert.is(back?.getAttribute('aria-label'), 'Back to reference retention', `${path}: the back link has a name`);
    assert.is(doc.querySelector('section.footnotes h2')?.className, 'visually-hidden', `${path}: a heading for screen readers`);
  }
});

test('GFM tables and task lists', () => {
  for (const [path, html] of both('| Cookie | Kept for |\n| --- | --: |\n| session | the visit |\n\n- [x] read\n- [ ] signed\n')) {
    const doc = parse(html);
    assert.equal([...doc.querySelectorAll('th')].map((cell) => cell.textContent), ['Cookie', 'Kept for'], `${path}: a table`);
    assert.is(doc.querySelector('td[align="right"]')?.textContent, 'the visit', `${path}: with its alignment`);
    const boxes = [...doc.querySelectorAll('input[type="checkbox"]')] as HTMLInputElement[];
    assert.equal(boxes.map((box) => [box.checked, box.disabled]), [[true, true], [false, true]], `${path}: task list items`);
  }
});

test('code blocks are highlighted at build time with classes only (no style attribute for the CSP to refuse)', () => {
  for (const [path, html] of both('```ts\nconst key: string = "<script>";\n```\n\n```nosuchlanguage\n<b>as typed</b>\n```\n')) {
    assert.match(html, '<code class="language-ts"><span class="token keyword">const</span>', `${path}: TypeScript highlighted`);
    assert.is(parse(html).querySelector('.token.string')?.textContent, '"<script>"', `${path}: the code stays text`);
    assert.match(html, '&lt;b&gt;as typed&lt;/b&gt;', `${path}: an unknown language is shown as typed`);
    assert.not.match(html, /\sstyle=|<script/, `${path}: no style attribute, no script`);
  }
});

test('a body with a footnote and a code block gets both; a body with one gets that one', () => {
  const source = 'Kept 30 days.[^a]\n\n```js\nconst days = 30;\n```\n\n[^a]: Longer when the law requires it.\n';
  for (const [path, html] of both(source)) {
    const doc = parse(html);
    assert.is(doc.querySelector('code.language-js .token.keyword')?.textContent, 'const', `${path}: highlighted`);
    assert.is(doc.querySelector('sup a')?.getAttribute('href'), '#footnote-a', `${path}: the footnote reference`);
    assert.ok(doc.querySelector('section.footnotes li#footnote-a'), `${path}: the note`);
  }
  const codeOnly = parse(markdownToHtml('Kept 30 days.\n\n```js\nconst days = 30;\n```\n'));
  assert.ok(codeOnly.querySelector('code.language-js .token.keyword'), 'code alone is highlighted');
  const footnoteOnly = markdownToHtml('Kept 30 days.[^a]\n\n    const days = 30;\n\n[^a]: Longer.\n');
  assert.match(footnoteOnly, 'section class="footnotes"', 'a footnote alone is a footnote');
  assert.match(footnoteOnly, '<pre><code>const days = 30;', 'and an indented block stays plain code');
});

test('a code block\'s title is its figure\'s caption, and its marked lines hold whole elements, in both paths', () => {
  // A JavaScript comment over lines 2–3 is one Prism token: each marked line must still open and close its own spans.
  const source = '```js title="src/retention.js" {2-3,5}\nconst days = 30;\n/* kept for\n   a month */\nexport default days;\nconst hours = days * 24;\n```\n';
  for (const [path, html] of both(source)) {
    const doc = parse(html);
    const figure = doc.querySelector('figure.code-block');
    assert.is(figure?.querySelector('figcaption.code-title')?.textContent, 'src/retention.js', `${path}: the title`);
    const marks = [...doc.querySelectorAll('pre code mark.line')];
    assert.equal(marks.map((mark) => mark.textContent), ['/* kept for', '   a month */', 'const hours = days * 24;'], `${path}: lines 2, 3 and 5`);
    assert.equal(marks.slice(0, 2).map((mark) => mark.querySelector('.token.comment')?.textContent), ['/* kept for', '   a month */'], `${path}: the comment's colour on each line`);
    assert.is(doc.querySelector('pre code')?.textContent, 'const days = 30;\n/* kept for\n   a month */\nexport default days;\nconst hours = days * 24;\n', `${path}: the code as written`);
  }
  const hostile = markdownToHtml('```js title="<img src=x onerror=alert(1)>" {1}\nx\n```\n');
  assert.match(hostile, '<figcaption class="code-title">&lt;img src=x onerror=alert(1)&gt;</figcaption>', 'the title is text');
  assert.not.match(markdownToHtml('```js {1-99999999}\nx\n```\n'), /<mark[^>]*>\s*<\/mark>/, 'a wide range marks only the lines there are');
});

test('GFM text: bare addresses become links, and text without them keeps its emphasis and line breaks', () => {
  // The second paragraph goes through the faster plain-text rule (src/markdown/markdown-extensions.ts), the first cannot.
  const html = markdownToHtml('Mail privacy@example.com or see www.example.com and https://example.com/a.\n\nIn snake_case_names, __bold__, _em_ and a line break  \nstay as GFM has them.');
  assert.is(html, [
    '<p>Mail <a href="mailto:privacy@example.com">privacy@example.com</a> or see <a href="http://www.example.com">www.example.com</a> and <a href="https://example.com/a">https://example.com/a</a>.</p>',
    '<p>In snake_case_names, <strong>bold</strong>, <em>em</em> and a line break<br>stay as GFM has them.</p>',
    '',
  ].join('\n'));
});

test('links after a footnote are still reported each at its own line', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/pages/notes.md'), [
    '---', 'title: Notes', 'description: Notes.', '---', '',
    'A claim.[^1]', '', '[^1]: A source.', '', '[the page](/abuot) once,', '', '[the page](/abuot) twice.', '',
  ].join('\n'));
  try {
    await buildSite({ root });
    assert.unreachable('the build succeeded with a broken link');
  } catch (error) {
    if (!(error instanceof SiteErrors)) throw error;
    assert.equal(error.errors.map((broken) => `${broken.location?.file}:${broken.location?.line}`), ['content/pages/notes.md:10', 'content/pages/notes.md:12'], 'each link at its own line');
  }
});

test('the policy pages have linkable sections, styled by the site\'s stylesheet', async () => {
  const { outDir } = await buildRealSite();
  const html = await readFile(path.join(outDir, 'privacy-policy.html'), 'utf8');
  assert.match(html, '<h2 id="1-introduction"><a class="heading-anchor" href="#1-introduction">1. Introduction</a></h2>');
  const css = (await readdir(path.join(outDir, 'assets'))).find((file) => file.endsWith('.css'))!;
  const stylesheet = await readFile(path.join(outDir, 'assets', css), 'utf8');
  for (const rule of ['.heading-anchor', '.token.keyword', '.footnotes']) assert.match(stylesheet, rule, `missing from the stylesheet: ${rule}`);
});

test.run();
