/**
 * The news starter's search in Chromium: Pagefind's index, loaded on the
 * first query under the site's strict policy (WebAssembly allowed, nothing
 * else added), finds a post by a word of its text and links to it.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openPage, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { initStarter } from '../helpers/starter.ts';
import { buildSite, type BuildResult } from '../../src/pipeline.ts';

type Context = BrowsedSite<BuildResult>;

const search = suite<Context>('search');

search.before(async (context) => {
  const root = await initStarter('news');
  Object.assign(context, await browseBuild(buildSite({ root, outDir: path.join(root, 'dist'), now: new Date('2026-11-20T12:00:00Z') })));
});

search.after(async ({ close }) => {
  await close?.();
});

search('a word from a post\'s text finds it, marked in the excerpt, and its link opens it; no policy is broken', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    const indexRequests: string[] = [];
    page.on('request', (request) => { if (new URL(request.url()).pathname.startsWith('/pagefind/')) indexRequests.push(request.url()); });
    await page.goto(context.server.url + '/search');
    assert.equal(indexRequests, [], 'the index was fetched before the first search');
    const field = page.getByRole('searchbox', { name: 'Search this site' });
    await field.fill('newsroom');
    await field.press('Enter');
    const results = page.getByRole('status').getByRole('listitem');
    await results.first().waitFor({ timeout: 10_000 });
    const first = results.first().getByRole('link');
    assert.is(await first.textContent(), 'A picture from the newsroom');
    assert.match((await results.first().locator('mark').allTextContents()).join(' ').toLowerCase(), 'newsroom');
    await first.click();
    await page.waitForURL(`${context.server.url}/news/a-picture`);
    assert.equal(errors, [], 'the console reported errors (a policy violation among them?)');
  } finally {
    await page.close();
  }
});

search('an excerpt holds the page\'s words and code, not its buttons\' words: no "Copy" beside a code block', async (context) => {
  const { page } = await openPage(context.browser);
  try {
    await page.goto(context.server.url + '/search');
    const field = page.getByRole('searchbox', { name: 'Search this site' });
    // A word of the hello-world post's code block, whose copy button reads "Copy".
    await field.fill('template');
    await field.press('Enter');
    const result = page.getByRole('status').getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Hello, world' }) });
    await result.first().waitFor({ timeout: 10_000 });
    const excerpt = (await result.first().textContent()) ?? '';
    assert.match(excerpt.toLowerCase(), 'template', 'the excerpt shows the code\'s words');
    assert.not.match(excerpt, /\bCopy\b/, `the excerpt holds a button's word: ${excerpt}`);
  } finally {
    await page.close();
  }
});

search('the German search page searches the German pages, in German words; the switcher leads between the two', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    await page.goto(context.server.url + '/search');
    await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${context.server.url}/de/search`);
    assert.is(await page.locator('html').getAttribute('lang'), 'de');
    const field = page.getByRole('searchbox', { name: 'Diese Website durchsuchen' });
    await field.fill('Redaktion');
    await page.getByRole('button', { name: 'Suchen' }).click();
    const results = page.getByRole('status').getByRole('listitem');
    await results.first().waitFor({ timeout: 10_000 });
    const links = await page.getByRole('status').getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    // The German pages: /de (the German home, which shows the newest German posts) and what is under it.
    assert.ok(links.length > 0 && links.every((href) => href === '/de' || href?.startsWith('/de/')), `only German pages found: ${links.join(', ')}`);
    assert.ok(links.includes('/de/news/a-picture'), 'the German post about the newsroom is found');
    await field.fill('picture');
    await field.press('Enter');
    await page.getByRole('status').getByText('Nichts gefunden für „picture“.').waitFor({ timeout: 10_000 });
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

search('a word found nowhere says so, in the live region a screen reader reads', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    await page.goto(context.server.url + '/search');
    const field = page.getByRole('searchbox', { name: 'Search this site' });
    await field.fill('xylophonist');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').getByText('Nothing found for “xylophonist”.').waitFor({ timeout: 10_000 });
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

search('an index that does not load says so, and the next search tries again', async (context) => {
  const { page } = await openPage(context.browser);
  try {
    let refuse = true;
    await page.route('**/pagefind/**', (route) => (refuse ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(context.server.url + '/search');
    const field = page.getByRole('searchbox', { name: 'Search this site' });
    await field.fill('newsroom');
    await field.press('Enter');
    await page.getByRole('status').getByText('The search could not load. Check your connection and try again.').waitFor({ timeout: 10_000 });
    refuse = false;
    await field.press('Enter');
    await page.getByRole('status').getByRole('link', { name: 'A picture from the newsroom' }).waitFor({ timeout: 10_000 });
    assert.is(await page.getByRole('status').getByText('The search could not load').count(), 0, 'the failure stays shown after a search that worked');
  } finally {
    await page.close();
  }
});

search.run();
