/**
 * A site under `basePath: /docs` works in the browser: the runtime and the
 * island chunks load from /docs/assets/ with their integrity (the import
 * map is keyed by those URLs) and islands hydrate, each at its moment.
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { serveBuild } from '../helpers/site.ts';
import { buildSite } from '../../src/pipeline.ts';
import type { RunningServer } from '../../src/serve/serve.ts';

let browser: Browser;
let server: RunningServer;

test.before(async () => {
  try {
    const root = await copyFixture('hydration');
    await appendFile(path.join(root, 'content', 'site.yaml'), 'basePath: /docs\n');
    const { outDir } = await buildSite({ root });
    server = await serveBuild(outDir);
    browser = await launchBrowser();
  } catch (error) {
    // uvu reports a failing hook as 0 tests run and no reason: print it.
    console.error(error);
    throw error;
  }
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

test('under /docs/ the islands load from /docs/assets/ and hydrate, with no console error', async () => {
  const { page, errors } = await openPage(browser, { width: 1280, height: 800 });
  const scripts: string[] = [];
  page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
  await page.goto(server.url + '/docs/');
  const button = page.getByRole('button', { name: /^top load: / });
  await page.waitForSelector('sitegen-island:not([hydrate])[hydrated]');
  await button.click();
  assert.is(await button.textContent(), 'top load: 1', 'the island hydrated on load does not count');
  await page.getByRole('button', { name: /^bottom visible: / }).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('sitegen-island')].every((island) => island.hasAttribute('hydrated')));
  assert.ok(scripts.length >= 2 && scripts.every((url) => url.startsWith('/docs/assets/')), `scripts: ${scripts.join(', ')}`);
  assert.equal(errors, [], 'console errors');
  await page.close();
});

test.run();
