/**
 * The converter behind a template page's Markdown (src/markdown/html-markdown.ts), on the HTML sitegen renders:
 * each construct a reader meets, written as Markdown that reads the same.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { htmlToMarkdown } from '../../src/markdown/html-markdown.ts';
import { pageMarkdownOf } from '../../src/markdown/page-markdown.ts';

test('headings, paragraphs, emphasis, code, links and images', () => {
  assert.is(
    htmlToMarkdown('<h2 id="a">A <em>good</em> start</h2><p>Some <strong>bold</strong> and <code>code</code>, a <a href="https://x.example/b">link</a> and <img src="https://x.example/i.png" alt="a cat"/>.</p><p>Two<br/>lines</p>'),
    '## A _good_ start\n\nSome **bold** and `code`, a [link](https://x.example/b) and ![a cat](https://x.example/i.png).\n\nTwo  \nlines',
  );
});

test('text that would be Markdown of its own reads back as the words: strikethrough tildes, an entity, a list or heading start', () => {
  // Through the one Markdown escaper (src/escape.ts): the twins escaped * _ ` [ ] < \\ on their own before, not ~ or &.
  assert.is(
    htmlToMarkdown('<p>~~not struck~~ and &amp;copy; and 5 * 3</p><p>1. not a list</p><p># not a heading</p>'),
    '\\~\\~not struck\\~\\~ and \\&copy; and 5 \\* 3\n\n1\\. not a list\n\n\\# not a heading',
  );
});

test('code keeps its text: highlighted tokens side by side stay joined, and inline code is verbatim, fenced past its backticks', () => {
  const highlighted = '<pre><code class="language-ts"><span class="token keyword">const</span> client <span class="token operator">=</span> <span class="token keyword">new</span> <span class="token class-name">Client</span><span class="token punctuation">(</span><span class="token punctuation">{</span> retries<span class="token operator">:</span> <span class="token number">3</span> <span class="token punctuation">}</span><span class="token punctuation">)</span><span class="token punctuation">;</span>\n<span class="token keyword">use</span> acme<span class="token punctuation">::</span><span class="token class-name">Client</span><span class="token punctuation">;</span></code></pre>';
  assert.is(htmlToMarkdown(highlighted), '```ts\nconst client = new Client({ retries: 3 });\nuse acme::Client;\n```');
  assert.is(
    htmlToMarkdown('<p>Put <code>&lt;!--more--&gt;</code> after the summary, set <code><span>template</span><span>:</span> post</code>, or write <code>a`b</code> and <code>`x`</code>.</p>'),
    'Put `<!--more-->` after the summary, set `template: post`, or write ``a`b`` and `` `x` ``.',
  );
});

test('lists, nested and numbered from where they start', () => {
  assert.is(
    htmlToMarkdown('<ul><li>One</li><li>Two<ul><li>Two and a half</li></ul></li></ul><ol start="3"><li><p>Third</p></li><li>Fourth</li></ol>'),
    '- One\n- Two\n   - Two and a half\n\n3. Third\n4. Fourth',
  );
});

test('code blocks keep their text and language; quotes, tables and rules', () => {
  const code = '<pre><code class="language-ts"><span class="token keyword">const</span> a <span class="token operator">=</span> 1 &lt; 2;\n<mark class="line">b();</mark>\n</code></pre>';
  assert.is(htmlToMarkdown(code), '```ts\nconst a = 1 < 2;\nb();\n```');
  assert.is(htmlToMarkdown('<blockquote><p>Quoted</p><p>twice</p></blockquote>'), '> Quoted\n>\n> twice');
  assert.is(
    htmlToMarkdown('<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Basic | lite</td><td>1</td></tr></tbody></table><hr/>'),
    '| Plan | Price |\n| --- | --- |\n| Basic \\| lite | 1 |\n\n---',
  );
});

test('text that would be Markdown is escaped; entities are decoded; words side by side stay apart', () => {
  assert.is(htmlToMarkdown('<p>2 * 3 = 6, a_b, [x] &amp; &lt;tag&gt; &#x27;q&#x27;</p>'), "2 \\* 3 = 6, a\\_b, \\[x\\] & \\<tag> 'q'");
  assert.is(htmlToMarkdown('<p># not a heading</p><p>1. not a list</p>'), '\\# not a heading\n\n1\\. not a list');
  assert.is(htmlToMarkdown('<li><strong>Hyderabad</strong><span>Sample Tower</span><span>India</span></li>'), '**Hyderabad** Sample Tower India');
});

const SITE = { url: 'https://x.example', basePath: '', trailingSlash: 'never' as const };

test('a template page\'s Markdown holds the page\'s main content only: no navigation, form, button or script, its links absolute, its title first', () => {
  const page = '<html><body><nav><a href="/">Home</a></nav><main><h2><a class="heading-anchor" href="#x">Section</a></h2>'
    + '<nav class="contents"><ol><li><a href="#x">Section</a></li></ol></nav><p>See <a href="../about?q=1&amp;r=2">about</a>.</p>'
    + '<form><label>Name <input name="n"/></label><button>Send</button></form><script>alert(1)</script></main><footer>Foot</footer></body></html>';
  assert.is(pageMarkdownOf({ html: page, url: 'https://x.example/docs/page', title: 'The page' }, SITE), '# The page\n\n## Section\n\nSee [about](https://x.example/about?q=1&r=2).\n');
});

test.run();
