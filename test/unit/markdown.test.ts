import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { markdownToHtml, POLICY } from '../../src/markdown/markdown.ts';
import { buildSite } from '../../src/pipeline.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { readFile } from 'node:fs/promises';

// The usual payloads (OWASP's XSS filter evasion list, in the forms Markdown lets them in).
const PAYLOADS: [string, string][] = [
  ['a refresh to another origin', '<meta http-equiv="refresh" content="0;url=https://evil.example/">'],
  ['a script block', '<script>alert(1)</script>'],
  ['an inline script', 'Hello <script>alert(1)</script> world'],
  ['an event handler', '<img src="/x.png" onerror="alert(1)">'],
  ['an SVG with onload', '<svg onload="alert(1)"></svg>'],
  ['an iframe', '<iframe src="https://evil.example/"></iframe>'],
  ['a javascript: link in HTML', '<a href="javascript:alert(1)">click</a>'],
  ['a javascript: link in Markdown', '[click](javascript:alert(1))'],
  ['a javascript: link with odd case and entities', '[click](JaVaScRiPt&#58;alert(1))'],
  ['a javascript: autolink', '<javascript:alert(1)>'],
  ['a data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['a vbscript: link', '[x](vbscript:msgbox(1))'],
  ['a style element', '<style>body{display:none}</style>'],
  ['a style attribute', '<p style="position:fixed;inset:0">x</p>'],
  ['a form', '<form action="https://evil.example/"><input name="password"></form>'],
  ['a base element', '<base href="https://evil.example/">'],
  ['an object', '<object data="https://evil.example/x.swf"></object>'],
  ['a link element', '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ['a protocol-relative link', '<a href="//evil.example/">x</a>'],
  ['a style attribute on a highlighted token', '```js\nx\n```\n\n<span class="token keyword" style="position:fixed">x</span>'],
  ['an event handler on a footnotes section', 'A note.[^1]\n\n[^1]: Here.\n\n<section class="footnotes" data-footnotes onmouseover="alert(1)">x</section>'],
];

/** An element that must not be there, or an attribute that runs code, styles the page or leads to another origin. */
const FORBIDDEN = /<(script|meta|iframe|svg|style|form|base|object|link|input(?![^>]*checkbox))\b|\s(on\w+|style)=|\s(href|src|action|data)="?\s*(javascript|vbscript|data):|="?(https?:)?\/\/evil\.example/i;

for (const [what, payload] of PAYLOADS) {
  test(`Markdown output drops ${what}`, () => {
    const html = markdownToHtml(`# Policy\n\n${payload}\n\nThe end.\n`);
    assert.not.match(html, FORBIDDEN, `left in: ${html}`);
    assert.match(html, '<h1 id="policy"><a class="heading-anchor" href="#policy">Policy</a></h1>', 'the rest of the page stays');
    assert.match(html, '<p>The end.</p>');
  });
}

/**
 * Every element and attribute of a body's HTML, as a browser's parser sees
 * them: each must be one the sanitiser's policy allows, and no id may take
 * one the runtime uses.
 */
function outsidePolicy(html: string): string[] {
  const found: string[] = [];
  const allowedTags = new Set(POLICY.allowedTags as string[]);
  const attributes = POLICY.allowedAttributes as Record<string, string[]>;
  const parser = new Parser({
    onopentag(tag, attribs) {
      if (!allowedTags.has(tag)) found.push(`<${tag}>`);
      for (const [name, value] of Object.entries(attribs)) {
        if (!(attributes['*'].includes(name) || (attributes[tag] ?? []).includes(name))) found.push(`<${tag} ${name}>`);
        if (name === 'id' && /^sitegen-/i.test(value)) found.push(`<${tag} id="${value}">`);
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  return found;
}

const HOSTILE = [
  'x" onmouseover="alert(1)',
  'x"><meta http-equiv="refresh" content="0;url=https://example.org/"><i x="',
  "x' onfocus='alert(1)",
  '<img src=x onerror=alert(1)>',
  '&#34; onmouseover=&#34;alert(1)',
  'sitegen-config',
];

// Each place a Markdown extension (or sitegen's own renderer) writes text of the source into the page.
const PLACES: [string, (text: string) => string][] = [
  ['a footnote label', (text) => `T[^${text}]\n\n[^${text}]: The note.\n`],
  ['a footnote label, referred to twice', (text) => `A[^${text}] and B[^${text}]\n\n[^${text}]: The note.\n`],
  ['a heading (its id and anchor)', (text) => `# ${text}\n\nText.\n`],
  ['a heading beside a code block', (text) => `## ${text}\n\n\`\`\`js\nconst a = 1;\n\`\`\`\n`],
  ['a code language', (text) => `\`\`\`${text}\ncode\n\`\`\`\n`],
  ['a code language that Prism knows, then more', (text) => `\`\`\`js ${text}\ncode\n\`\`\`\n`],
  ['component props', (text) => `::: Callout\ntitle: ${JSON.stringify(text)}\n:::\n`],
  ['an image title', (text) => `![A picture](/x.png ${JSON.stringify(text)})\n`],
  ['an image alt text', (text) => `![${text.replace(/[[\]]/g, '')}](/x.png)\n`],
  ['a link title', (text) => `[A link](/x ${JSON.stringify(text)})\n`],
  ['a table cell', (text) => `| a |\n| - |\n| ${text.replace(/\|/g, '')} |\n`],
];

for (const [place, write] of PLACES) {
  test(`hostile text in ${place} adds no element or attribute outside the policy`, () => {
    for (const text of HOSTILE) {
      const html = markdownToHtml(write(text));
      assert.equal(outsidePolicy(html), [], `from ${JSON.stringify(write(text))}:\n${html}`);
    }
  });
}

test('a code block takes the focus so that a keyboard can scroll it; an editor\'s <pre> cannot jump the tab order', () => {
  assert.match(markdownToHtml('```js\nconst a = 1;\n```\n'), '<figure class="code-block"><pre tabindex="0"><code class="language-js">');
  assert.match(markdownToHtml('<pre tabindex="3">x</pre>\n'), '<pre tabindex="0">x</pre>');
  assert.match(markdownToHtml('<pre tabindex="-1">x</pre>\n'), '<pre tabindex="-1">x</pre>');
  assert.match(markdownToHtml('<pre>x</pre>\n'), '<pre>x</pre>');
});

test('a footnote whose label closes its attribute still links both ways', () => {
  const html = markdownToHtml('T[^a"b]\n\n[^a"b]: The note.\n');
  const ref = /<a id="([^"]+)" href="#([^"]+)" data-footnote-ref/.exec(html);
  assert.ok(ref, html);
  assert.match(html, `<li id="${ref[2]}">`);
  assert.match(html, `href="#${ref[1]}" data-footnote-backref aria-label="Back to reference a&quot;b"`);
});

test('an id the runtime uses is not content\'s to take: heading or raw HTML', () => {
  assert.match(markdownToHtml('# Sitegen config\n'), '<h1 id="user-content-sitegen-config"><a class="heading-anchor" href="#user-content-sitegen-config">');
  assert.match(markdownToHtml('<p id="sitegen-config">x</p>\n'), '<p id="user-content-sitegen-config">');
  assert.match(markdownToHtml('# Pricing\n'), '<h1 id="pricing">', 'other ids are kept, so #pricing links work without a script');
});

test('what editors write survives: tables, code, links, images, lists, task lists', () => {
  const source = [
    '## Retention', '',
    '| Data | Kept for |', '| :-- | --: |', '| Logs | 30 days |', '',
    '```js', 'const a = 1 < 2;', '```', '',
    'See [the terms](/terms), [our site](https://example.com/a?b=1), [mail](mailto:privacy@example.com) and [call](tel:+911234).', '',
    '![Diagram of the flow](/img/flow.svg "The flow")', '',
    '1. first', '2. second', '',
    '- [x] done', '- [ ] open', '',
    '> A quote with **bold**, *emphasis*, ~~strike~~ and `code`.', '',
    'Raw <kbd>Ctrl</kbd>, <b>bold</b> and <sup>1</sup> are kept.',
  ].join('\n');
  const html = markdownToHtml(source);
  for (const expected of [
    '<h2 id="retention"><a class="heading-anchor" href="#retention">Retention</a></h2>', '<th align="left">Data</th>', '<td align="right">30 days</td>',
    '<code class="language-js"><span class="token keyword">const</span> a <span class="token operator">=</span> <span class="token number">1</span> <span class="token operator">&lt;</span> <span class="token number">2</span><span class="token punctuation">;</span>', '<a href="/terms">the terms</a>', '<a href="https://example.com/a?b=1">our site</a>',
    '<a href="mailto:privacy@example.com">mail</a>', '<a href="tel:+911234">call</a>',
    '<img src="/img/flow.svg" alt="Diagram of the flow" title="The flow"', '<ol>',
    '<blockquote>', '<strong>bold</strong>', '<del>strike</del>', '<kbd>Ctrl</kbd>', '<b>bold</b>', '<sup>1</sup>',
  ]) assert.match(html, expected, `missing: ${expected}`);
  assert.match(html, /<input checked(="")? disabled(="")? type="checkbox"/, 'a ticked task');
});

test('a policy page with a refresh in its body builds without it', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/pages/policy.md'), [
    '---', 'title: Policy', 'description: The policy.', '---', '',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">', '',
    'We keep **nothing**.', '<img src=x onerror=alert(1)>', '',
  ].join('\n'));
  const { outDir } = await buildSite({ root });
  const html = await readFile(path.join(outDir, 'policy.html'), 'utf8');
  assert.match(html, 'We keep <strong>nothing</strong>.');
  assert.not.match(html, 'evil.example');
  assert.not.match(html, 'onerror');
});

test('what the sanitiser removes is a warning at its line, with what to write instead; allowed HTML is not', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/pages/policy.md'), [
    '---', 'title: Policy', 'description: The policy.', '---', '',
    'Our video:', '',
    '<iframe src="https://www.youtube.com/embed/abc" title="Tour"></iframe>', '',
    'Press <kbd>Ctrl</kbd> and read <span style="color:red" onclick="go()">this</span>.', '',
    '[Run it](javascript:alert(1))', '',
  ].join('\n'));
  const { warnings } = await buildSite({ root });
  const ours = warnings.filter((warning) => warning.startsWith('content/pages/policy.md'));
  assert.equal(ours, [
    'content/pages/policy.md:8: <iframe> was removed from the body: an embed (a video, a map, a form of another site) needs a component: allow one in templates/markdown.ts and write it as a ::: block',
    'content/pages/policy.md:10: the style attribute of <span> was removed from the body: styles belong in the stylesheet (templates/styles/): give the element a class there',
    'content/pages/policy.md:10: the onclick attribute of <span> was removed from the body: no script runs from content: an interactive part is an island',
    'content/pages/policy.md:12: the link to "javascript:alert(1)" was removed from the body: links keep http(s), mailto: and tel: addresses, images http(s) ones',
  ]);
});

test.run();
