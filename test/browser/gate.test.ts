import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { openPage } from '../helpers/browser.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { FIXTURES, serveBuild } from '../helpers/site.ts';
import { buildSiteCopy } from '../helpers/island-site.ts';
import { hydrateEveryIsland, launchBrowser } from '../helpers/browser.ts';
import type { RunningServer } from '../../src/serve/serve.ts';

type Mode = 'page' | 'islands';
type Behaviour = 'succeed' | 'fail' | 'silent';

interface Context {
  browser: Browser;
  sites: Record<Mode, { server: RunningServer; outDir: string }>;
}

const GATE_FIXTURES = path.join(FIXTURES, 'gate');
const TENANT = 'tenant-fixture-42';

const gate = suite<Context>('gate');

/**
 * One build per mode, with the gate script at /gate/gate.js; each test puts
 * the fixture it needs (succeed, fail or silent) there in the served dist.
 */
gate.before(async (context) => {
  const build = async (mode: Mode) => {
    const site = await buildSiteCopy({
      siteYaml: `gate: { script: /gate/gate.js, tenantId: ${TENANT}, function: FixtureGate.check, mode: ${mode} }`,
      publicFiles: { 'gate/gate.js': path.join(GATE_FIXTURES, 'succeed.js') },
    });
    return { server: await serveBuild(site.outDir, { root: site.root }), outDir: site.outDir };
  };
  // uvu reports a failing hook as 0 tests run and no reason: print it.
  try {
    const [page, islands] = await Promise.all([build('page'), build('islands')]);
    context.sites = { page, islands };
    context.browser = await launchBrowser();
  } catch (error) {
    console.error(error);
    throw error;
  }
});

gate.after(async ({ browser, sites }) => {
  await browser?.close();
  for (const site of Object.values(sites ?? {})) await site.server.close();
});

async function visit(context: Context, mode: Mode, behaviour: Behaviour) {
  const site = context.sites[mode];
  await copyFile(path.join(GATE_FIXTURES, `${behaviour}.js`), path.join(site.outDir, 'gate', 'gate.js'));
  const { page, errors } = await openPage(context.browser);
  // The page's clock runs as real time does; a test of "nothing happens" runs it ahead rather than sleep.
  await page.clock.install();
  // What the body looked like on the first frame the browser could paint (the body parsed, the stylesheets
  // loaded: before that getComputedStyle answers without them, and nothing is painted), if that came before
  // the gate answered (on a loaded machine it may come later): there must be no flash before the check.
  // (A string: a named function compiled by the test's loader would call a helper the page lacks.)
  await page.addInitScript(`(() => {
    const look = () => {
      const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')];
      if (!document.body || sheets.length === 0 || sheets.some((link) => !link.sheet)) {
        if (window.__gateAnswered) window.firstFrame = 'after the answer';
        else requestAnimationFrame(look);
        return;
      }
      window.firstFrame = window.__gateAnswered ? 'after the answer' : getComputedStyle(document.body).visibility;
    };
    requestAnimationFrame(look);
  })();`);
  await page.goto(site.server.url + '/');
  await page.waitForFunction(() => (window as unknown as { __gateCalls?: unknown[] }).__gateCalls?.length);
  return { page, errors };
}

const state = (page: Page) => page.evaluate(() => ({
  hidden: getComputedStyle(document.body).visibility === 'hidden',
  firstFrame: (window as unknown as { firstFrame?: string }).firstFrame,
  gateSeen: (window as unknown as { __gateSeen?: string[] }).__gateSeen,
  hydrated: document.querySelectorAll('sitegen-island[hydrated]').length,
  islands: document.querySelectorAll('sitegen-island').length,
  calls: (window as unknown as { __gateCalls: { tenantId: string }[] }).__gateCalls,
}));

gate('page mode, success: hidden on the first frame, then shown and hydrated; the check got the tenant id', async (context) => {
  const { page, errors } = await visit(context, 'page', 'succeed');
  await hydrateEveryIsland(page);
  assert.is(await page.locator('sitegen-island[hydrated]').count(), 2, 'islands hydrated');
  const seen = await state(page);
  assert.equal(seen.gateSeen, ['hidden', 'hidden'], 'the page showed while the check ran');
  assert.ok(seen.firstFrame === 'hidden' || seen.firstFrame === 'after the answer', `the first frame showed the page before the check: ${seen.firstFrame}`);
  assert.not.ok(seen.hidden, 'still hidden after success');
  assert.equal(seen.calls, [{ tenantId: TENANT, hasFailure: true, self: true }]);
  assert.equal(errors, [], 'console errors (a CSP refusal of the inline script would show here)');
  await page.close();
});

gate('page mode, failure: the page stays hidden, islands static, and the failure is only logged', async (context) => {
  const { page, errors } = await visit(context, 'page', 'fail');
  await waitUntil(() => errors.some((line) => line.includes('fixture: looks like a bot')), 'the gate logs the failure');
  await page.clock.runFor(5000);
  const seen = await state(page);
  assert.ok(seen.hidden, 'the page showed after a failed check');
  assert.is(seen.hydrated, 0, 'islands hydrated after a failed check');
  assert.equal(errors.filter((line) => !line.startsWith('warning: sitegen gate')), [], 'errors besides the gate\'s log');
  assert.ok(errors.some((line) => line.includes('fixture: looks like a bot')), `the failure was not logged: ${errors.join('\n')}`);
  await page.close();
});

gate('page mode, no answer: the page stays hidden', async (context) => {
  const { page, errors } = await visit(context, 'page', 'silent');
  await page.clock.runFor(10_000);
  const seen = await state(page);
  assert.ok(seen.hidden);
  assert.is(seen.hydrated, 0);
  assert.equal(errors, []);
  await page.close();
});

gate('page mode without JavaScript: the page is visible', async (context) => {
  const browserContext = await context.browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await browserContext.newPage();
    await page.goto(context.sites.page.server.url + '/');
    assert.is(await page.evaluate(() => document.documentElement.className), '', 'a class on <html> without JavaScript');
    assert.ok(await page.locator('h1').isVisible(), 'the heading is not visible');
  } finally {
    await browserContext.close();
  }
});

gate('islands mode, success: the page shows at once and islands hydrate', async (context) => {
  const { page, errors } = await visit(context, 'islands', 'succeed');
  await hydrateEveryIsland(page);
  assert.is(await page.locator('sitegen-island[hydrated]').count(), 2, 'islands hydrated');
  const seen = await state(page);
  assert.is(seen.firstFrame, 'visible');
  assert.not.ok(seen.hidden);
  assert.equal(errors, []);
  await page.close();
});

gate('islands mode, failure: the page shows, the islands stay static, the failure is logged', async (context) => {
  const { page, errors } = await visit(context, 'islands', 'fail');
  await waitUntil(() => errors.some((line) => line.startsWith('warning: sitegen gate')), 'the gate logs the failure');
  await page.clock.runFor(5000);
  const seen = await state(page);
  assert.not.ok(seen.hidden);
  assert.is(seen.hydrated, 0);
  assert.is(seen.islands, 2);
  assert.ok(errors.some((line) => line.startsWith('warning: sitegen gate')), errors.join('\n'));
  await page.close();
});

gate('islands mode, no answer: the page shows and the islands stay static', async (context) => {
  const { page, errors } = await visit(context, 'islands', 'silent');
  await page.clock.runFor(10_000);
  const seen = await state(page);
  assert.not.ok(seen.hidden);
  assert.is(seen.hydrated, 0);
  assert.equal(errors, []);
  await page.close();
});

gate.run();
