import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors, type SiteError } from '../../src/errors.ts';
import { copyFixture, edit, hashTree } from '../helpers/fixture.ts';
import { REPO_ROOT } from '../helpers/site.ts';

const run = promisify(execFile);

/** Builds a fixture copy after `breakIt` and returns the errors it reported. */
async function errorsAfter(breakIt: (root: string) => Promise<void>): Promise<SiteError[]> {
  const root = await copyFixture('basic');
  await breakIt(root);
  try {
    await buildSite({ root });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    throw error;
  }
  throw new Error('the build succeeded on broken content');
}

function only(errors: SiteError[]): SiteError {
  assert.is(errors.length, 1, `expected one error, got: ${errors.map((error) => error.message).join('; ')}`);
  return errors[0];
}

test('a YAML syntax error names the file, line and column', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: About: the fixture')));
  assert.is(error.code, 'yaml-syntax');
  assert.equal(error.location, { file: 'content/pages/about.yaml', line: 4, column: 15 });
});

test('a missing required field names the field and what was expected', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/about.yaml', /heading: .*\n/, '')));
  assert.is(error.field, 'heading');
  assert.match(error.message, 'is required but missing (expected text)');
  assert.is(error.location?.file, 'content/pages/about.yaml');
  assert.is(error.location?.line, 1, 'points at the mapping that lacks it');
});

test('a wrong type names the field path, the line and what it got', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/index.yaml', '{ label: About us, href: /about }', '{ label: 42, href: /about }')));
  assert.is(error.field, 'links[0].label');
  assert.is(error.message, 'expected text, got number 42');
  assert.equal(error.location, { file: 'content/pages/index.yaml', line: 6, column: 14 });
});

test('the same mistake on the 1st and the 80th page of a template is told in the same words', async () => {
  // zod compiles a schema after its first parses (src/validate/issues.ts): the pages checked before and after are told alike.
  const errors = await errorsAfter(async (root) => {
    const page = (index: number) => `template: page\ntitle: About ${index}\ndescription: One of many.\nheading: 42\nlinks: [{ label: About, href: /about }]\nextra: typo\n`;
    await Promise.all(Array.from({ length: 80 }, (_, index) => writeFile(path.join(root, 'content', 'pages', `many-${String(index).padStart(2, '0')}.yaml`), page(index))));
  });
  const told = new Map<string, string[]>();
  for (const error of errors) {
    const file = error.location?.file ?? '';
    if (file.startsWith('content/pages/many-')) told.set(file, [...told.get(file) ?? [], `${error.field} ${error.location?.line}:${error.location?.column} ${error.message}`].sort());
  }
  assert.is(told.size, 80, `each page's mistakes are told: ${[...told.keys()].join(', ')}`);
  const expected = ['extra 6:1 unknown key "extra"', 'heading 4:10 expected text, got number 42'];
  for (const [file, lines] of told) assert.equal(lines, expected, file);
});

test('an unknown key is reported at the key, with a hint', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/about.yaml', 'links: []', 'links: []\nheadline: typo')));
  assert.is(error.field, 'headline');
  assert.match(error.message, 'unknown key "headline"');
  assert.equal(error.location, { file: 'content/pages/about.yaml', line: 6, column: 1 });
  assert.ok(error.hint);
});

test('a link to a route that does not exist', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/site.yaml', 'href: /about', 'href: /abuot')));
  assert.is(error.field, 'nav[1].href');
  assert.match(error.message, 'links to /abuot, which is neither a route nor a file in public/');
  assert.equal(error.location, { file: 'content/site.yaml', line: 6, column: 27 });
});

test('a missing public asset', async () => {
  const error = only(await errorsAfter((root) => rm(path.join(root, 'public/img/logo.svg'))));
  assert.is(error.field, 'logo');
  assert.match(error.message, 'public/img/logo.svg does not exist');
  assert.is(error.location?.line, 9);
});

test('a template name that does not exist lists the ones that do', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/about.yaml', 'template: page', 'template: pgae')));
  assert.match(error.message, 'no template named "pgae"');
  assert.match(error.hint ?? '', 'markdown, page');
});

test('a Markdown front matter error counts lines from the top of the file', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/docs/guide.md', 'description: A nested Markdown page.', 'description: [unclosed')));
  assert.is(error.code, 'yaml-syntax');
  assert.is(error.location?.file, 'content/pages/docs/guide.md');
  assert.ok((error.location?.line ?? 0) >= 3, `line ${error.location?.line} should be in the front matter`);
});

test('all errors of one build are reported together, across files', async () => {
  const errors = await errorsAfter(async (root) => {
    await edit(root, 'content/pages/about.yaml', 'links: []', 'links: []\nextra: 1');
    await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: 7');
    await writeFile(path.join(root, 'content/pages/broken.yaml'), 'title: [\n');
  });
  const files = errors.map((error) => error.location?.file).sort();
  assert.equal(files, ['content/pages/about.yaml', 'content/pages/broken.yaml', 'content/pages/index.yaml']);
});

test('a failed build leaves dist/ exactly as it was', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const before = await hashTree(outDir);
  await edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: [');
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: Changed');
  await buildSite({ root }).then(() => assert.unreachable('the build should fail'), () => undefined);
  assert.is(await hashTree(outDir), before, 'dist/ changed after a failed build');
});

test('the CLI prints every error with file:line:column and a code frame, and exits non-zero', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/pages/about.yaml', 'links: []', 'links: []\nextra: 1');
  await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: 7');
  const result = await run(process.execPath, [path.join(REPO_ROOT, 'bin/sitegen.js'), 'build', '--root', root], { env: { ...process.env, NO_COLOR: '1' } })
    .then((): { code: number; stderr: string } => assert.unreachable('exit code 0') as never, (error: { code: number; stderr: string }) => error);
  assert.is(result.code, 1);
  assert.match(result.stderr, 'content/pages/about.yaml:6:1: extra: unknown key "extra"');
  assert.match(result.stderr, 'content/pages/index.yaml:4:10: heading: expected text, got number 7');
  assert.match(result.stderr, '> 6 | extra: 1', 'a code frame around the line');
  assert.match(result.stderr, '2 errors in the content; nothing was written.');
  assert.not.match(result.stderr, '    at ', 'no stack trace for a user error');
});

test.run();
