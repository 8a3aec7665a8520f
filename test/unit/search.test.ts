/**
 * `search: true`: the build indexes the pages the sitemap lists with
 * Pagefind, in build and in dev alike, and the policy allows WebAssembly
 * for it and for nothing else; the headers stay A+. (The search itself, in
 * Chromium, is test/browser/search.test.ts.)
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { initStarter } from '../helpers/starter.ts';
import { serveBuild } from '../helpers/site.ts';
import { edit } from '../helpers/fixture.ts';
import { quietDev } from '../helpers/dev-session.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { observatoryGrade } from '../helpers/observatory.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

/** Pagefind's count of the pages it indexed, from the entry file its browser code reads first. */
async function indexedPages(outDir: string): Promise<number> {
  const entry = JSON.parse(await readFile(path.join(outDir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
  return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
}

const sitemapPages = async (outDir: string) => (await readFile(path.join(outDir, 'sitemap.xml'), 'utf8')).split('<loc>').length - 1;

test('the news starter\'s build indexes exactly the pages its sitemap lists, and its policy allows WebAssembly', async () => {
  const root = await initStarter('news');
  const { outDir } = await buildSite({ root, now: NOW });
  const listed = await sitemapPages(outDir);
  assert.ok(listed >= 5, `only ${listed} pages in the sitemap`);
  assert.is(await indexedPages(outDir), listed, 'the 404 page, the redirect pages or a draft were indexed, or a page was left out');
  assert.match(await readFile(path.join(outDir, 'pagefind', 'pagefind.js'), 'utf8'), 'export', 'no browser module');
  const headers = await readFile(path.join(outDir, '_headers'), 'utf8');
  assert.match(headers, /script-src [^;\n]*'wasm-unsafe-eval'/);
  assert.not.match(headers, /'unsafe-eval'|'unsafe-inline'/, 'only WebAssembly is allowed, never eval or inline scripts');

  const server = await serveBuild(outDir);
  try {
    const page = await fetch(server.url + '/search');
    const grade = observatoryGrade({ headers: Object.fromEntries(page.headers), html: await page.text(), https: true });
    assert.is(grade.grade, 'A+', `${grade.score}: ${grade.modifiers.filter((item) => item.modifier).map((item) => `${item.result} ${item.modifier}`).join(', ')}`);
  } finally {
    await server.close();
  }
});

test('a site\'s own not-found page is left out of the index, as it is out of the sitemap', async () => {
  const root = await initStarter('news');
  // The starter answers an unknown address with its not-found page (fallback: not-found): here one of the site's own.
  await writeFile(path.join(root, 'content', 'pages', '404.md'), '---\ntitle: Page not found\ndescription: Nothing lives at this address.\n---\n\nTry the search.\n');
  const { outDir } = await buildSite({ root, now: NOW });
  assert.match(await readFile(path.join(outDir, '404.html'), 'utf8'), 'Try the search.');
  assert.is(await indexedPages(outDir), await sitemapPages(outDir), 'the not-found page was indexed');
});

test('a site without search writes no index and allows no WebAssembly', async () => {
  const root = await initStarter('news');
  await edit(root, 'content/site.yaml', 'search: true', 'search: false');
  const { outDir } = await buildSite({ root, now: NOW });
  assert.not.match(await readFile(path.join(outDir, '_headers'), 'utf8'), 'wasm-unsafe-eval');
  await readFile(path.join(outDir, 'pagefind', 'pagefind-entry.json')).then(() => assert.unreachable('an index was written'), () => undefined);
});

test('in dev, a new page joins the index at once, though the rebuild rendered it alone', async () => {
  const root = await initStarter('news');
  const session = await quietDev(root);
  try {
    const before = await indexedPages(session.outDir);
    await writeFile(path.join(root, 'content', 'pages', 'findme.md'), '---\ntitle: Find me\ndescription: A page to find.\n---\n\nA quokka walks into the newsroom.\n');
    await waitUntil(async () => (await indexedPages(session.outDir).catch(() => before)) === before + 1, 'the index to count the new page', { timeoutMs: 10_000 });
  } finally {
    await session.close();
  }
});

test.run();
