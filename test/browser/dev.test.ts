import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import type { DevSession } from '../../src/dev/dev.ts';
import { quietDev } from '../helpers/dev-session.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';

let browser: Browser;
let session: DevSession;
let root: string;

test.before(async () => {
  root = await copyFixture('basic');
  session = await quietDev(root);
  browser = await launchBrowser();
});

test.after(async () => {
  await browser?.close();
  await session?.close();
});

test('an open tab reloads by itself when a content file is saved', async () => {
  const { page, errors } = await openPage(browser);
  await page.goto(session.server.url + '/about');
  assert.is(await page.locator('h1').innerText(), 'About the fixture');
  // The reload client connects over an event stream; wait until it is connected before saving.
  await page.locator('html[data-sitegen-dev="connected"]').waitFor({ state: 'attached' });
  const log = console.log;
  console.log = () => undefined;
  try {
    await Promise.all([
      page.waitForEvent('load', { timeout: 10_000 }),
      edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: About, live'),
    ]);
  } finally {
    console.log = log;
  }
  assert.is(await page.locator('h1').innerText(), 'About, live');
  assert.equal(errors, [], 'console errors');
});

test('a saved stylesheet is swapped in place: the new style shows, and the page is not reloaded', async () => {
  const { page, errors } = await openPage(browser);
  await page.goto(session.server.url + '/about');
  await page.locator('html[data-sitegen-dev="connected"]').waitFor({ state: 'attached' });
  // What a reload would lose: a value the page holds.
  await page.evaluate(() => { (window as unknown as { kept: string }).kept = 'still here'; });
  let reloaded = false;
  page.on('load', () => { reloaded = true; });
  const log = console.log;
  console.log = () => undefined;
  try {
    const { appendFile } = await import('node:fs/promises');
    const path = await import('node:path');
    await appendFile(path.join(root, 'templates', 'styles', 'site.css'), '\nh1 { color: rgb(1, 2, 3); }\n');
    await page.locator('html[data-sitegen-styles="1"]').waitFor({ state: 'attached', timeout: 10_000 });
  } finally {
    console.log = log;
  }
  assert.is(await page.locator('h1').evaluate((heading) => getComputedStyle(heading).color), 'rgb(1, 2, 3)');
  assert.is(await page.evaluate(() => (window as unknown as { kept?: string }).kept), 'still here', 'the page kept what it held');
  assert.not.ok(reloaded, 'no reload');
  assert.is(await page.locator('link[rel="stylesheet"]').count(), 1, 'the old stylesheet went');
  assert.equal(errors, [], 'console errors');
});

test.run();
