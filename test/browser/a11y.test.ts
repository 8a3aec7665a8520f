/**
 * Accessibility of the real build in Chromium: axe-core on every route at a
 * phone and a desktop width after hydration (and with the phone menu open),
 * then the keyboard: the skip link, the current page in the navbar, and a
 * focus ring that is visible and contrasts with what surrounds it.
 */
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../../src/serve/serve.ts';
import { framesDrawn, hydrateEveryIsland, launchBrowser } from '../helpers/browser.ts';
import { buildSite } from '../../src/pipeline.ts';
import { makeLoginKeys } from '../../server/keys.ts';
import { buildRealSite, copyRepoSite, serveBuild, tempDir } from '../helpers/site.ts';
import { axeViolations, withAxe } from '../helpers/axe.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

let browser: Browser;
/** One context per width, each with axe in its pages (withAxe). */
let contexts: Map<number, BrowserContext>;
let server: RunningServer;
let routes: string[];
/** Routes whose page sends the visitor on at once with a refresh (/license without a login). */
let refreshing: Set<string>;

test.before(async () => {
  const { outDir } = await buildRealSite();
  server = await serveBuild(outDir);
  browser = await launchBrowser();
  contexts = new Map();
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport });
    await withAxe(context);
    contexts.set(viewport.width, context);
  }
  const files = (await readdir(outDir)).filter((file) => file.endsWith('.html') && file !== '404.html').sort();
  routes = files.map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`));
  const html = await Promise.all(files.map((file) => readFile(path.join(outDir, file), 'utf8')));
  refreshing = new Set(routes.filter((_, index) => html[index].includes('http-equiv="refresh"')));
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a route and waits until every island has hydrated, so axe sees what a visitor sees. */
async function open(route: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await contexts.get(viewport.width)!.newPage();
  if (refreshing.has(route) || route === '/404.html') await holdRefresh(page);
  // Not 'load': the wait for hydration below is what matters, and images and video need not finish first.
  await page.goto(server.url + route, { waitUntil: 'domcontentloaded' });
  await hydrateEveryIsland(page);
  return page;
}

/**
 * Keeps a page that refreshes to / on screen, so that axe checks the page
 * itself: a 204 answer to a navigation leaves the document where it is.
 */
async function holdRefresh(page: Page): Promise<void> {
  await page.route(server.url + '/', (route) => (route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.fallback()));
}

/** One line per violation and element: what to fix, where. */
async function violations(page: Page, where: string, within?: string): Promise<string[]> {
  return (await axeViolations(page, within)).flatMap((violation) => violation.nodes.map((node) =>
    `${where}: ${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help}`));
}

async function openMenu(page: Page): Promise<void> {
  await page.click('.navbar__toggle');
  await page.waitForSelector('.navbar__toggle[aria-expanded="true"]');
  // The products dropdown too, so that its links are checked where they show.
  await page.click('.navbar__dropdown summary');
}

test('axe finds no violation on any route, at 375 px (menu shut and open) and 1280 px', async () => {
  const desktop = async (route: string) => {
    const page = await open(route, DESKTOP);
    const found = await violations(page, `${route} @1280`);
    await page.close();
    return found;
  };
  const phone = async (route: string) => {
    const page = await open(route, PHONE);
    const found = await violations(page, `${route} @375`);
    await openMenu(page);
    // Only the header changed: check it alone, which keeps this file well inside its time.
    found.push(...await violations(page, `${route} @375 menu open`, 'header.navbar'));
    await page.close();
    return found;
  };
  const found: string[] = [];
  // The two widths of a route side by side: axe works in the page's renderer, so two pages keep both cores busy.
  for (const route of routes) found.push(...(await Promise.all([desktop(route), phone(route)])).flat());
  assert.ok(found.length === 0, `axe violations:\n${found.join('\n')}`);
});

test('axe, as these checks run it, finds what it should: an image without alt text, a nameless button, a low contrast, in the page and in a frame', async () => {
  const page = await contexts.get(DESKTOP.width)!.newPage();
  try {
    const html = (body: string) => ({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>t</title><main>${body}</main></html>` });
    await page.route('http://axe.test/frame', (route) => route.fulfill(html('<button></button>')));
    await page.route('http://axe.test/', (route) => route.fulfill(html('<h1>A page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#eee;background:#fff">faint</p><iframe title="inner" src="/frame"></iframe>')));
    await page.goto('http://axe.test/');
    await page.frameLocator('iframe').locator('button').waitFor({ state: 'attached' });
    const found = await violations(page, 'test');
    for (const id of ['image-alt', 'color-contrast', 'button-name']) assert.ok(found.some((line) => line.startsWith(`test: ${id} `)), `${id} found:\n${found.join('\n')}`);
    assert.ok(found.some((line) => line.startsWith('test: button-name') && line.includes('iframe')), `the frame's button is found inside the frame:\n${found.join('\n')}`);
  } finally {
    await page.close();
  }
});

test('the 404 fallback has no violation (its refresh to / held back)', async () => {
  const found: string[] = [];
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await open('/404.html', viewport);
    await framesDrawn(page);
    assert.is(new URL(page.url()).pathname, '/404.html', 'the refresh was held back');
    found.push(...await violations(page, `/404.html @${viewport.width}`));
    await page.close();
  }
  assert.ok(found.length === 0, `axe violations:\n${found.join('\n')}`);
});

test('with fallback not-found, the site\'s designed not-found page answers an unknown address with 404, a way home and no violation', async () => {
  const root = await tempDir('sitegen-not-found-');
  await copyRepoSite(root);
  await makeLoginKeys(root);
  const siteYaml = path.join(root, 'content', 'site.yaml');
  await writeFile(siteYaml, (await readFile(siteYaml, 'utf8')).replace(/^fallback: redirect$/m, 'fallback: not-found'));
  const { outDir } = await buildSite({ root });
  const notFound = await serveBuild(outDir, { root, api: false });
  try {
    const response = await fetch(`${notFound.url}/no-such-page`);
    assert.is(response.status, 404);
    const found: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await contexts.get(viewport.width)!.newPage();
      await page.goto(`${notFound.url}/no-such-page`, { waitUntil: 'domcontentloaded' });
      assert.is(await page.getByRole('heading', { level: 1 }).textContent(), 'This Page Is Not Here');
      assert.is(await page.getByRole('main').getByRole('link', { name: 'Go to the Home Page' }).getAttribute('href'), '/');
      assert.ok(await page.getByRole('main').getByRole('link', { name: 'adapID AI' }).isVisible(), 'a way to the product');
      found.push(...await violations(page, `/no-such-page @${viewport.width}`));
      await page.close();
    }
    assert.ok(found.length === 0, `axe violations:\n${found.join('\n')}`);
  } finally {
    await notFound.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('the skip link is the first stop and moves focus to the main content', async () => {
  const page = await open('/about', DESKTOP);
  await page.keyboard.press('Tab');
  const skip = page.locator('.skip-link');
  assert.ok(await skip.evaluate((link) => link === document.activeElement), 'the first Tab focuses the skip link');
  const box = await skip.boundingBox();
  assert.ok(box && box.y >= 0 && box.height > 0, 'the focused skip link shows in the window');
  await page.keyboard.press('Enter');
  // The fragment navigation is the browser's, after the key press returns: wait for it rather than race it.
  await page.waitForURL((url) => url.hash === '#main', { timeout: 5000 }).catch(() => undefined);
  assert.is(new URL(page.url()).hash, '#main');
  assert.ok(await page.evaluate(() => document.activeElement?.id === 'main'), 'focus is on <main>');
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement)), 'the next Tab stays in the main content');
  assert.is(await page.locator('nav[aria-label="Main"] a[aria-current="page"]').first().getAttribute('href'), '/about', 'aria-current marks the page');
  await page.close();
});

/**
 * Describes each visible interactive element whose focus indicator is
 * missing or contrasts less than 3:1 (WCAG 1.4.11) with the background
 * around it. One Tab first puts Chromium in keyboard mode, so that focus()
 * from the script shows the ring that :focus-visible draws for keyboards.
 */
async function weakFocusRings(page: Page): Promise<string[]> {
  await page.keyboard.press('Tab');
  return page.evaluate(focusProblems);
}

/** Runs in the page: each focusable element's ring against the nearest painted background behind it. */
function focusProblems(): string[] {
  const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const channel = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a: number[], b: number[]) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  /** The ring sits outside the element (outline-offset), on its parent's background; for a gradient, each of its colours. */
  const backgroundsBehind = (element: Element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const stops = style.backgroundImage.match(/rgba?\([^)]*\)/g);
      if (stops) return stops.map(rgb);
      const color = rgb(style.backgroundColor);
      if (color.length >= 3 && (color[3] ?? 1) > 0) return [color];
    }
    return [[255, 255, 255]];
  };
  const selector = 'a[href], button, input, select, textarea, summary, video[controls], [tabindex]:not([tabindex="-1"])';
  const problems: string[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (!element.getClientRects().length || getComputedStyle(element).visibility === 'hidden') continue;
    element.focus();
    if (document.activeElement !== element) continue;
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
    const name = `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? '.' + element.className.split(' ')[0] : ''} "${label}"`;
    const style = getComputedStyle(element);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) {
      if (style.boxShadow === 'none') problems.push(`${name}: no visible focus indicator`);
      continue;
    }
    const worst = Math.min(...backgroundsBehind(element).map((background) => contrast(rgb(style.outlineColor), background)));
    if (worst < 3) problems.push(`${name}: focus ring ${style.outlineColor} contrasts ${worst.toFixed(2)}:1 with the background`);
  }
  return problems;
}

test('every interactive element shows a focus ring that contrasts 3:1 with its background', async () => {
  const problems: string[] = [];
  for (const route of ['/', '/about', '/adaptive', '/contact', '/customerlogin']) {
    const page = await open(route, DESKTOP);
    problems.push(...(await weakFocusRings(page)).map((problem) => `${route} @1280: ${problem}`));
    await page.close();
  }
  const phone = await open('/', PHONE);
  await openMenu(phone);
  problems.push(...(await weakFocusRings(phone)).map((problem) => `/ @375 menu open: ${problem}`));
  await phone.close();
  assert.ok(problems.length === 0, `weak focus indicators:\n${problems.join('\n')}`);
});

test.run();
