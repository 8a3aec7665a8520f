import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { REPO_ROOT } from '../helpers/site.ts';

interface Run { code: number; stdout: string; stderr: string }

/** The real CLI, its output piped (as in CI): exit code, stdout and stderr. */
function sitegen(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO_ROOT, 'bin/sitegen.js'), ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

test('build --json prints one JSON document with the routes, files, sizes, warnings and timings, and nothing else', async () => {
  const root = await copyFixture('basic');
  // A page with an embed the sanitiser removes: one warning, at its line.
  await writeFile(path.join(root, 'content/pages/embed.md'), '---\ntitle: Embed\ndescription: A video.\n---\n\n<iframe src="https://example.com/v"></iframe>\n');
  const result = await sitegen(['build', '--root', root, '--json']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stderr, '', 'nothing on stderr: the warnings are in the document');
  const doc = JSON.parse(result.stdout);
  assert.is(doc.ok, true);
  assert.is(doc.pages, 6);
  const about = doc.routes.find((route: { route: string }) => route.route === '/about');
  assert.ok(about, 'missing: /about');
  assert.equal({ ...about, bytes: undefined }, { route: '/about', source: 'content/pages/about.yaml', file: 'about.html', bytes: undefined, islands: [], sitemap: true });
  assert.is(about.bytes, (await stat(path.join(root, 'dist', 'about.html'))).size, 'the size of about.html on disk');
  const files = doc.files.map((entry: { file: string }) => entry.file);
  for (const file of ['index.html', 'docs/guide.html', 'sitemap.xml', '404.html']) assert.ok(files.includes(file), `missing file: ${file}`);
  assert.ok(files.some((file: string) => /^assets\/runtime-\w+\.js$/.test(file)), 'missing: the hashed runtime');
  assert.is(doc.bytes, doc.files.reduce((sum: number, entry: { bytes: number }) => sum + entry.bytes, 0));
  assert.equal(doc.warnings.map((warning: string) => warning.split(' was removed')[0]), ['content/pages/embed.md:6: <iframe>'], 'the sanitiser\'s warning, and no other');
  for (const stage of ['load', 'validate', 'pages', 'emit', 'total']) assert.type(doc.timings[stage], 'number', `timing of ${stage}`);
});

test('build --json reports a content error as JSON on stdout with a non-zero exit, and writes nothing', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/pages/about.yaml', 'links: []', 'links: []\nheadline: typo');
  const result = await sitegen(['build', '--root', root, '--json']);
  assert.is(result.code, 1);
  assert.is(result.stderr, '');
  const doc = JSON.parse(result.stdout);
  assert.is(doc.ok, false);
  assert.is(doc.summary, '1 error in the content; nothing was written.');
  assert.equal(doc.errors, [{
    code: 'content', origin: 'content', message: 'unknown key "headline"', file: 'content/pages/about.yaml', line: 6, column: 1, field: 'headline',
    hint: 'check its spelling and indentation; remove it if it does not belong here',
  }]);
  assert.not.ok(await stat(path.join(root, 'dist')).catch(() => undefined), 'dist/ was written');
});

test('a piped build shows no progress line, however long it runs', async () => {
  const root = await copyFixture('basic');
  // Progress would show at once on a terminal with this; piped, it must not show at all.
  const result = await sitegen(['build', '--root', root], { SITEGEN_PROGRESS_AFTER_MS: '0' });
  assert.is(result.code, 0, result.stderr);
  assert.not.match(result.stderr, /\r|\u001b\[/, `progress or colour on a pipe: ${JSON.stringify(result.stderr)}`);
  assert.not.match(result.stderr, 'building');
  assert.match(result.stdout, /^built 5 pages into /);
});

test.run();
