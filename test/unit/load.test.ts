import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentFile } from '../../src/load/parse.ts';
import { routeOf } from '../../src/load/content-files.ts';
import { SiteError } from '../../src/errors.ts';

test('routes come from file names', () => {
  assert.is(routeOf('index.yaml'), '/');
  assert.is(routeOf('about.yaml'), '/about');
  assert.is(routeOf('legal/index.md'), '/legal');
  assert.is(routeOf('docs/guide.markdown'), '/docs/guide');
  assert.is(routeOf('café.md'), '/café');
});

const FRONT_MATTER_CASES: [string, string, unknown, string][] = [
  ['LF', '---\ntitle: A\n---\n\nBody\n', { title: 'A' }, '\nBody\n'],
  ['CRLF', '---\r\ntitle: B\r\n---\r\nBody', { title: 'B' }, 'Body'],
  ['empty front matter', '---\n---\nJust body', {}, 'Just body'],
  ['byte-order mark', '\uFEFF---\ntitle: C\n---\n', { title: 'C' }, ''],
  ['no front matter (a later --- is body)', 'No front matter\n---\nx: 1\n---\n', {}, 'No front matter\n---\nx: 1\n---\n'],
  ['--- inside a value and the body', '---\ntitle: D\ntext: "a --- b"\n---\nrest --- here', { title: 'D', text: 'a --- b' }, 'rest --- here'],
];

for (const [name, source, data, body] of FRONT_MATTER_CASES) {
  test(`Markdown front matter: ${name}`, () => {
    const doc = parseContentFile('content/pages/x.md', source);
    assert.equal(doc.data, data);
    assert.is(doc.body, body);
  });
}

test('YAML follows the 1.2 core schema: dates and yes/no stay text', () => {
  const doc = parseContentFile('content/pages/x.yaml', 'updated: 2025-03-01\nanswer: yes\ncount: 3\n');
  assert.equal(doc.data, { updated: '2025-03-01', answer: 'yes', count: 3 });
});

test('a duplicate key is a syntax error with its line', () => {
  try {
    parseContentFile('content/pages/x.yaml', 'title: A\ntitle: B\n');
    assert.unreachable('parsed');
  } catch (error) {
    assert.instance(error, SiteError);
    assert.is((error as SiteError).location?.line, 2);
  }
});

test('locate finds nested fields, list items and keys', () => {
  const doc = parseContentFile('content/pages/x.yaml', 'hero:\n  title: A\nitems:\n  - name: one\n  - name: two\n');
  assert.equal(doc.locate(['hero', 'title']), { line: 2, column: 10 });
  assert.equal(doc.locate(['items', 1, 'name']), { line: 5, column: 11 });
  assert.equal(doc.locate(['hero'], 'title'), { line: 2, column: 3 });
  assert.equal(doc.locate(['missing', 'deeper']), { line: 1, column: 1 }, 'a missing path points at the deepest node that exists');
});

test.run();
