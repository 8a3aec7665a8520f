import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { SiteErrors } from '../../src/errors.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';

test('a whole build passes the check', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const report = await checkSite(root, outDir);
  assert.equal(report.problems, []);
  assert.is(report.pages, 6, 'five pages and 404.html');
  assert.ok(report.references > 20, `only ${report.references} references checked`);
});

test('a broken link, a missing image and a missing script are each reported with the page', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const about = path.join(outDir, 'about.html');
  const html = await readFile(about, 'utf8');
  await writeFile(about, html.replace('</main>', '<a href="/gone#x">x</a><img src="/img/none.png" alt=""></main>'));
  await rm(path.join(outDir, 'img/logo.svg'));
  const runtime = html.match(/<script type="module" src="([^"]+)"/)![1];
  await rm(path.join(outDir, runtime));
  const { problems } = await checkSite(root, outDir);
  const joined = problems.join('\n');
  assert.match(joined, 'about.html: href="/gone#x" does not resolve');
  assert.match(joined, 'about.html: src="/img/none.png" does not resolve');
  assert.match(joined, 'index.html: src="/img/logo.svg" does not resolve');
  assert.match(joined, `about.html: src="${runtime}" does not resolve`);
});

test('a link to a place a page does not have (/about#nope, #missing) is reported; one to a heading\'s id, #top or a text fragment is not', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const about = path.join(outDir, 'about.html');
  const html = await readFile(about, 'utf8');
  const id = /<h1 id="([^"]+)"/.exec(html)?.[1] ?? /\sid="([^"]+)"/.exec(html)![1];
  await writeFile(about, html.replace('</main>', `<a href="/about#${id}">a</a><a href="#${id}">b</a><a href="#top">c</a><a href="/#:~:text=Welcome">d</a><a href="/about#nope">e</a><a href="#missing">f</a><a href="/#caf%C3%A9">g</a></main>`));
  const { problems } = await checkSite(root, outDir);
  assert.equal(problems.sort(), [
    'about.html: href="#missing" leads to no place on this page: it has no id "missing"',
    'about.html: href="/#caf%C3%A9" leads to no place on index.html: it has no id "café"',
    'about.html: href="/about#nope" leads to no place on this page: it has no id "nope"',
  ]);
});

test('llms.txt and the discovery manifest: a link to no file, a missing H1 and a malformed entry are each reported', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  assert.equal((await checkSite(root, outDir)).problems, [], 'as built, both are whole');
  const llms = path.join(outDir, 'llms.txt');
  await writeFile(llms, (await readFile(llms, 'utf8')).replace(/^# /, 'Title: ').replace('about.md)', 'gone.md)'));
  const manifest = path.join(outDir, '.well-known', 'ard.json');
  await writeFile(manifest, JSON.stringify({ specVersion: '1.0', entries: [{ identifier: 'contact', displayName: 'Contact', type: 'text/markdown', url: 'https://fixture.example/nope.md' }] }));
  const joined = (await checkSite(root, outDir)).problems.join('\n');
  assert.match(joined, 'llms.txt: does not open with an H1');
  assert.match(joined, 'llms.txt: https://fixture.example/gone.md does not resolve to a file in the build');
  assert.match(joined, '.well-known/ard.json: entries[0]: identifier "contact" is not a urn:air:<publisher>:<namespace>:<name>');
  assert.match(joined, '.well-known/ard.json: https://fixture.example/nope.md does not resolve to a file in the build');
});

test('the check validates the content too', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  await edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: 5');
  await checkSite(root, outDir).then(() => assert.unreachable('invalid content passed'), (error) => {
    assert.instance(error, SiteErrors);
    assert.is((error as SiteErrors).errors[0].field, 'heading');
  });
});

test.run();
