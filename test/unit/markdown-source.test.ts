/**
 * A Markdown body kept as written for the page's Markdown (src/markdown/markdown-source.ts): what must change is
 * found where the editor wrote it, in lists, quotes and tables too, and a body that cannot be kept says so.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { convertMarkdown } from '../../src/markdown/markdown.ts';

const partsOf = (body: string) => convertMarkdown(body, '/docs/').markdown;

test('links in a wrapped list item, a quote and a table are resolved in place; code, inline or in a list, is left as written', () => {
  assert.equal(partsOf('- item [x](./a.md) wraps\n  onto [y](../b.md) here\n- two ![i](./p.png)\n'),
    ['- item [x](', { link: '/docs/a' }, ') wraps\n  onto [y](', { link: '/b' }, ') here\n- two ![i](', { image: '/docs/p.png' }, ')\n']);
  assert.equal(partsOf('> quoted [z](./c.md "Title")\n> and more [w](/d)\n'),
    ['> quoted [z](', { link: '/docs/c' }, ' "Title")\n> and more [w](', { link: '/d' }, ')\n']);
  assert.equal(partsOf('| a | b |\n|---|---|\n| [t](./e.md) | `[not](./x.md)` |\n'),
    ['| a | b |\n|---|---|\n| [t](', { link: '/docs/e' }, ') | `[not](./x.md)` |\n']);
  assert.equal(partsOf('1. one\n\n   ```js\n   code [q](./z.md)\n   ```\n'), ['1. one\n\n   ```js\n   code [q](./z.md)\n   ```\n']);
});

test('a link holding an image, a reference and its definition, and another site\'s link', () => {
  assert.equal(partsOf('[![logo](./l.png)](../home.md#top) [words][api] [out](https://x.example/a.md)\n\n[api]: ./api.md\n'), [
    '[![logo](', { image: '/docs/l.png' }, ')](', { link: '/home#top' }, ') [words][api] [out](https://x.example/a.md)\n\n[api]: ', { link: '/docs/api' }, '\n',
  ]);
});

test('a component block is rendered in its place; HTML comments go; a title leaves the code fence for the line before it', () => {
  assert.equal(partsOf('Before\n\n<!-- more -->\n\n::: Aside\ntype: note\n:::\n\n```ts title="a.ts" {1}\nconst a = 1;\n```\n'),
    ['Before\n\n\n\n', { block: 0 }, '\n\na.ts\n\n```ts\nconst a = 1;\n```\n']);
});

test('raw HTML and a component inside a list leave the body to be made from its HTML', () => {
  assert.is(partsOf('A <kbd>key</kbd>.\n'), undefined);
  assert.is(partsOf('<div>block</div>\n'), undefined);
  assert.is(partsOf('- item\n\n  ::: Aside\n  type: note\n  :::\n'), undefined);
});

test.run();
