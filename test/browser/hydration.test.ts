/**
 * Islands hydrate at the moment they ask for (`hydrate` on <Island>): on
 * load, when the browser is idle, or when scrolled into view; the chunk and
 * React are fetched only then. test/fixtures/hydration has one island of
 * each strategy at the top of `/` and a visible one far down, and `/far`
 * whose only island is far down.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { framesDrawn, openPage, browseBuild, slowScripts, type BrowsedSite } from '../helpers/browser.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { buildSite, type BuildResult } from '../../src/pipeline.ts';

type Context = BrowsedSite<BuildResult>;

const hydration = suite<Context>('hydration');

hydration.before(async (context) => {
  const root = await copyFixture('hydration');
  Object.assign(context, await browseBuild(buildSite({ root, outDir: path.join(root, 'dist') })));
});

hydration.after(async ({ close }) => {
  await close?.();
});

/** Opens a route, recording the path of every script it requests. */
async function visit(context: Context, route: string) {
  const { page, errors } = await openPage(context.browser, { width: 1280, height: 800 });
  const scripts: string[] = [];
  page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
  await page.goto(context.server.url + route, { waitUntil: 'networkidle' });
  return { page, errors, scripts };
}

const probe = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}: `) });
const isHydrated = (page: Page, label: string) => probe(page, label).evaluate((button) => button.closest('sitegen-island')!.hasAttribute('hydrated'));

/** The probe counts a click only once hydrated. */
async function assertLive(page: Page, label: string) {
  await page.waitForFunction((text) => [...document.querySelectorAll('sitegen-island[hydrated] button')].some((button) => button.textContent!.startsWith(text)), label);
  await probe(page, label).click();
  assert.is(await probe(page, label).textContent(), `${label}: 1`, `${label} did not count the click`);
}

hydration('load, idle and visible islands in view hydrate without a scroll; one far down waits until scrolled to', async (context) => {
  const { page, errors } = await visit(context, '/');
  for (const label of ['top load', 'top idle', 'top visible']) await assertLive(page, label);
  assert.not.ok(await isHydrated(page, 'bottom visible'), 'the island far down hydrated before it was scrolled to');
  await probe(page, 'bottom visible').scrollIntoViewIfNeeded();
  await assertLive(page, 'bottom visible');
  assert.equal(errors, [], 'console errors');
  await page.close();
});

hydration('a page whose only island is far down fetches neither its chunk nor React until it is scrolled to', async (context) => {
  const { page, errors, scripts } = await visit(context, '/far');
  // The runtime of a page with islands: with their machinery (when each hydrates, how its chunk loads), one file.
  const runtime = context.build.bundle.assets.runtimeIslands!.src;
  const chunk = context.build.bundle.assets.islands.probe.src;
  assert.equal(scripts, [runtime], 'scripts fetched before the island came into view');
  assert.is(await page.locator('link[rel="modulepreload"]').count(), 0, 'the head preloads an island that waits');
  await probe(page, 'bottom visible').scrollIntoViewIfNeeded();
  await assertLive(page, 'bottom visible');
  assert.ok(scripts.includes(chunk), `the island's chunk was not fetched: ${scripts.join(', ')}`);
  // With one island React is in its chunk; with several, in a chunk the island imports.
  const islandCode = [chunk, ...context.build.bundle.imports.probe];
  assert.ok(islandCode.every((url) => scripts.includes(url)), `a chunk of the island was not fetched: ${scripts.join(', ')}`);
  const code = islandCode.map((url) => Buffer.from(context.build.bundle.files.get(url)!).toString()).join('');
  assert.match(code, /react\.element/, 'React is not in what the island fetched');
  assert.equal(errors, [], 'console errors');
  await page.close();
});

hydration('the head preloads the chunk of an island hydrated on load, and only that', async (context) => {
  const html = (route: string) => fetch(context.server.url + route).then((response) => response.text());
  const chunk = context.build.bundle.assets.islands.probe.src;
  assert.ok((await html('/')).includes(`rel="modulepreload" href="${chunk}"`), '/ does not preload the chunk of its load island');
  assert.not.ok((await html('/far')).includes('modulepreload'), '/far preloads a chunk');
});

hydration('the click or key that wakes an interaction island reaches it: one click 1, Enter 1, a double click 2, on a slow phone', async (context) => {
  const ways: [string, (page: Page) => Promise<void>, number][] = [
    ['one click', (page) => probe(page, 'top interaction').click(), 1],
    ['Enter on the focused button', async (page) => { await probe(page, 'top interaction').focus(); await page.keyboard.press('Enter'); }, 1],
    ['a tap', (page) => probe(page, 'top interaction').tap(), 1],
    ['a double click', (page) => probe(page, 'top interaction').dblclick(), 2],
  ];
  for (const [way, act, expected] of ways) {
    const touch = await context.browser.newContext({ hasTouch: way === 'a tap', viewport: { width: 400, height: 800 } });
    const { page, errors } = await openPage(touch);
    try {
      // A slow phone: a 4× slower CPU, and each script 400 ms late.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await slowScripts(page, 400);
      await page.goto(context.server.url + '/interaction');
      assert.not.ok(await isHydrated(page, 'top interaction'), 'hydrated before it was reached into');
      await act(page);
      await page.waitForSelector('sitegen-island[hydrated]');
      await framesDrawn(page);
      assert.is(await probe(page, 'top interaction').textContent(), `top interaction: ${expected}`, way);
      assert.equal(errors, [], 'console errors');
    } finally {
      await touch.close();
    }
  }
});

hydration.run();
