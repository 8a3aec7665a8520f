/**
 * What an editor's mistakes produce: two files for one route, a broken link
 * or image in a Markdown body, and a misspelt key, route or template, each
 * reported by `build` (and `check`) with the file, line, field and a hint.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSite } from '../../src/pipeline.ts';
import { startDev } from '../../src/dev/dev.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { SiteErrors, type SiteError } from '../../src/errors.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { REPO_ROOT } from '../helpers/site.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const run = promisify(execFile);

async function errorsOf(work: Promise<unknown>): Promise<SiteError[]> {
  try {
    await work;
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    throw error;
  }
  throw new Error('succeeded on broken content');
}

/** Builds a fixture copy after `breakIt` and returns the errors it reported. */
async function errorsAfter(breakIt: (root: string) => Promise<void>): Promise<SiteError[]> {
  const root = await copyFixture('basic');
  await breakIt(root);
  return errorsOf(buildSite({ root }));
}

function only(errors: SiteError[]): SiteError {
  assert.is(errors.length, 1, `expected one error, got: ${errors.map((error) => error.message).join('; ')}`);
  return errors[0];
}

async function addCareers(root: string): Promise<void> {
  const page = 'template: page\ntitle: Careers\ndescription: Jobs.\nheading: Careers\nlinks: []\n';
  await writeFile(path.join(root, 'content/pages/careers.yaml'), page);
  await writeFile(path.join(root, 'content/pages/careers.md'), '---\ntitle: Careers\ndescription: Jobs.\n---\nWork with us.\n');
  await mkdir(path.join(root, 'content/pages/careers'));
  await writeFile(path.join(root, 'content/pages/careers/index.yaml'), page);
}

test('two files for one route fail the build, naming every file that claims it', async () => {
  const root = await copyFixture('basic');
  await addCareers(root);
  const error = only(await errorsOf(buildSite({ root })));
  assert.is(error.code, 'duplicate-route');
  assert.match(error.message, '/careers comes from 3 files');
  for (const file of ['content/pages/careers.md', 'content/pages/careers.yaml', 'content/pages/careers/index.yaml']) {
    assert.match(error.message, file, `missing: ${file}`);
  }
  assert.not.ok(await access(path.join(root, 'dist')).then(() => true, () => false), 'a build with a duplicate route wrote dist/');
});

test('sitegen check reports a duplicate route too', async () => {
  const root = await copyFixture('basic');
  await buildSite({ root });
  await writeFile(path.join(root, 'content/pages/about.md'), '---\ntitle: About\ndescription: Again.\n---\nHi.\n');
  const errors = await errorsOf(checkSite(root, path.join(root, 'dist')));
  assert.ok(errors.some((error) => error.code === 'duplicate-route' && error.message.includes('content/pages/about.md, content/pages/about.yaml')),
    errors.map((error) => error.message).join('; '));
});

test('a broken link in a Markdown body fails the build at its line in the .md file', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/docs/guide.md', '[about us](/about)', '[about us](/abuot)')));
  assert.is(error.field, 'body');
  assert.match(error.message, 'links to /abuot, which is neither a route nor a file in public/');
  assert.equal(error.location, { file: 'content/pages/docs/guide.md', line: 8, column: 17 });
  assert.match(error.hint ?? '', 'did you mean /about?');
});

test('a missing image in a Markdown body fails the build at its line', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/docs/guide.md', 'Done.', 'Done.\r\n\r\nSee ![the logo](/img/lgo.svg "Logo").')));
  assert.match(error.message, 'the image public/img/lgo.svg does not exist');
  assert.equal(error.location, { file: 'content/pages/docs/guide.md', line: 14, column: 17 });
  assert.match(error.hint ?? '', 'did you mean /img/logo.svg?');
});

test('relative links, anchors and other sites in a Markdown body are fine when they resolve', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/pages/docs/guide.md', 'Done.', 'See [home](../), [about](../about#team), [here](#first), [mail](mailto:a@b.example), [web](https://example.com/x) and ![logo](../img/logo.svg).');
  await buildSite({ root });
  await edit(root, 'content/pages/docs/guide.md', '[about](../about#team)', '[about](about)');
  const error = only(await errorsOf(buildSite({ root })));
  assert.match(error.message, 'links to /docs/about, which is neither');
});

test('a relative link to a content file links to its page, and a missing one fails at its line', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/pages/docs/guide.md', 'Done.', 'Read [about](../about.md#team), [home](../index.md?a=1) and [this](./guide.md).');
  const result = await buildSite({ root });
  const html = await readFile(path.join(result.outDir, 'docs', 'guide.html'), 'utf8');
  assert.match(html, '<a href="/about#team">about</a>');
  assert.match(html, '<a href="/?a=1">home</a>');
  assert.match(html, '<a href="/docs/guide">this</a>');
  await edit(root, 'content/pages/docs/guide.md', '[about](../about.md#team)', '[about](../abuot.md)');
  const error = only(await errorsOf(buildSite({ root })));
  assert.match(error.message, 'links to /abuot, which is neither');
  assert.match(error.hint ?? '', 'did you mean /about?');
});

test('the CLI shows the Markdown line of a broken link in its code frame', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/pages/docs/guide.md', '[about us](/about)', '[about us](/abuot)');
  const result = await run(process.execPath, [path.join(REPO_ROOT, 'bin/sitegen.js'), 'build', '--root', root], { env: { ...process.env, NO_COLOR: '1' } })
    .then((): { code: number; stderr: string } => assert.unreachable('exit code 0') as never, (error: { code: number; stderr: string }) => error);
  assert.match(result.stderr, 'content/pages/docs/guide.md:8:17: body: links to /abuot');
  assert.match(result.stderr, /^> +8 \| Read \[about us\]\(\/abuot\)\.$/m, 'a code frame around the Markdown line');
  assert.match(result.stderr, 'hint: did you mean /about?');
});

test('a misspelt page key is one error that names the key meant, not "description is required"', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/about.yaml', 'description:', 'desciption:')));
  assert.is(error.message, 'unknown key "desciption": did you mean "description"?');
  assert.equal(error.location, { file: 'content/pages/about.yaml', line: 3, column: 1 });
});

test('a misspelt template key and a misspelt nested key are matched too', async () => {
  const errors = await errorsAfter(async (root) => {
    await edit(root, 'content/pages/about.yaml', 'heading:', 'headng:');
    await edit(root, 'content/pages/index.yaml', '{ label: About us, href: /about }', '{ labl: About us, href: /about }');
  });
  const messages = errors.map((error) => `${error.location?.file} ${error.field}: ${error.message}`).sort();
  assert.equal(messages, [
    'content/pages/about.yaml headng: unknown key "headng": did you mean "heading"?',
    'content/pages/index.yaml links[0].labl: unknown key "labl": did you mean "label"?',
  ]);
});

test('a link to a misspelt route suggests the route', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/site.yaml', 'href: /about', 'href: /abotu')));
  assert.is(error.message, 'links to /abotu, which is neither a route nor a file in public/: did you mean /about?');
});

test('a misspelt template suggests the template', async () => {
  const error = only(await errorsAfter((root) => edit(root, 'content/pages/about.yaml', 'template: page', 'template: pgae')));
  assert.is(error.message, 'no template named "pgae": did you mean "page"?');
});

test('messages say "a list" and "text", not "array" and "string"', async () => {
  const errors = await errorsAfter(async (root) => {
    await edit(root, 'content/pages/about.yaml', 'links: []', 'links: none');
    await edit(root, 'content/pages/index.yaml', 'heading: Welcome', 'heading: [Welcome]');
  });
  const messages = errors.map((error) => `${error.field}: ${error.message}`).sort();
  assert.equal(messages, ['heading: expected text, got a list', 'links: expected a list, got the text "none"']);
});

test('dev reports a duplicate route and a broken Markdown link, and keeps the last good build', async () => {
  const root = await copyFixture('basic');
  const printed: string[] = [];
  const { log, warn, error } = console;
  console.log = console.warn = () => undefined;
  console.error = (...args: unknown[]) => void printed.push(args.join(' '));
  const session = await startDev({ root, port: 0, host: '127.0.0.1' });
  try {
    const waitFor = (text: string) => waitUntil(() => printed.some((line) => line.includes(text)), `dev prints: ${text}`, { timeoutMs: 5000 });
    await writeFile(path.join(root, 'content/pages/about.md'), '---\ntitle: About\ndescription: Again.\n---\nHi.\n');
    await waitFor('/about comes from 2 files: content/pages/about.md, content/pages/about.yaml');
    await session.idle();
    await rm(path.join(root, 'content/pages/about.md'));
    await edit(root, 'content/pages/docs/guide.md', '[about us](/about)', '[about us](/abuot)');
    await waitFor('content/pages/docs/guide.md:8:17: body: links to /abuot');
    await session.idle();
    assert.match(await readFile(path.join(session.outDir, 'docs/guide.html'), 'utf8'), 'href="/about"', 'the last good page is still served');
  } finally {
    await session.close();
    Object.assign(console, { log, warn, error });
  }
});

test.run();
