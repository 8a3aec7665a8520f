/**
 * Every route in Chromium at phone, tablet, laptop and desktop widths: no
 * horizontal scrolling and no broken image. A route with a problem at a
 * width is photographed whole into test-results/layout/ for a human to look
 * at; `npm run shots` photographs every route on demand.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { openPage, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { buildRealSite, REPO_ROOT } from '../helpers/site.ts';
import type { RunningServer } from '../../src/serve/serve.ts';

const ROUTES = [
  '/', '/about', '/contact', '/solutions', '/adaptive', '/passwordless', '/botshieldai', '/continuous', '/ztna',
  '/biometrics', '/password', '/socialengineering', '/productivity', '/sso', '/demo', '/customerlogin',
  '/privacy-policy', '/cookie-policy', '/terms', '/license',
];
const WIDTHS = [375, 768, 1024, 1440];
/** Where a route that has a problem at a width is photographed whole, to see it (`npm run shots` takes every route). */
const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'layout');

let browser: Browser;
let server: RunningServer;
let site: BrowsedSite<unknown> | undefined;
let origin: string;

test.before(async () => {
  site = await browseBuild(buildRealSite());
  ({ server, browser } = site);
  origin = server.url.replace(/\/$/, '');
  await mkdir(SCREENSHOTS, { recursive: true });
});

test.after(async () => {
  await site?.close();
});

/** Loads every image now (lazy ones included) and reports those that failed. */
async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    await Promise.all(images.map((img) => (img.complete ? null : new Promise((done) => {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    }))));
    return images.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src);
  });
}

/** Opens a route and waits until it stays put: /license sends anonymous visitors to / from the page itself. */
async function visit(page: Page, route: string): Promise<void> {
  await page.goto(origin + route, { waitUntil: 'load' });
  if (route === '/license') await page.waitForURL(`${origin}/`, { timeout: 5000 }).catch(() => undefined);
}

/** One width: every route in turn in one tab; returns what is wrong. */
async function checkWidth(width: number): Promise<string[]> {
  const { page } = await openPage(browser, { width, height: 900 });
  // Reduced motion stills the banner and animations through the site's own CSS, so screenshots are
  // steady without playwright's slower animations: 'disabled'.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const problems: string[] = [];
  for (const route of ROUTES) {
    const before = problems.length;
    await visit(page, route);
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (scrollWidth > innerWidth) problems.push(`${route} at ${width} px: scrolls sideways (${scrollWidth} px wide)`);
    for (const src of await brokenImages(page)) problems.push(`${route} at ${width} px: broken image ${src}`);
    // The certification marks read as one set: one row at every width, none shrunk past legibility.
    const badges = await page.$$eval('.footer__certifications img', (images) => images.map((image) => {
      const box = image.getBoundingClientRect();
      return { top: Math.round(box.top + window.scrollY), width: Math.round(box.width), alt: image.getAttribute('alt') };
    }));
    if (new Set(badges.map((badge) => badge.top)).size > 1) problems.push(`${route} at ${width} px: the certification badges wrap (${badges.map((badge) => `${badge.alt} at ${badge.top}`).join(', ')})`);
    for (const badge of badges.filter((each) => each.width < 88)) problems.push(`${route} at ${width} px: ${badge.alt} is ${badge.width} px wide`);
    if (problems.length > before) {
      const name = `${route === '/' ? 'home' : route.slice(1)}-${width}.jpg`;
      // JPEG: a tall page encodes several times faster than as PNG.
      await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true, type: 'jpeg', quality: 80 });
      problems.push(`${route} at ${width} px: photographed in test-results/layout/${name}`);
    }
  }
  await page.close();
  return problems;
}

// The widths run side by side in tabs of one browser, to keep the file well under a minute.
test(`every route fits ${WIDTHS.join(', ')} px without sideways scrolling and shows every image`, async () => {
  const problems = (await Promise.all(WIDTHS.map(checkWidth))).flat();
  assert.equal(problems, [], problems.join('\n'));
});

/** The product and solution pages, each with a still of the product beside its "What is …?" block (/ztna copies /botshieldai). */
const STILL_ROUTES = ['/adaptive', '/passwordless', '/botshieldai', '/continuous', '/biometrics', '/password', '/socialengineering', '/productivity', '/sso'];

test('at 1280 px the "What is" block has the product beside its text, no half of its row empty; under 1100 px it stacks', async () => {
  const page = (await openPage(browser, { width: 1280, height: 900 })).page;
  const problems: string[] = [];
  try {
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      for (const route of STILL_ROUTES) {
        await page.goto(origin + route);
        // No function declared inside: the test runner's transform would name it with a helper the page lacks.
        const boxes = await page.locator('.with-still').first().evaluate((block) => {
          const [row, text, image] = [block, block.querySelector('.with-still__text'), block.querySelector('.with-still__image')].map((element) => element?.getBoundingClientRect());
          return row && text && image ? { row: row.width, textRight: text.right, textTop: text.top, textBottom: text.bottom, imageLeft: image.left, imageRight: image.right, imageTop: image.top, rowLeft: row.left } : undefined;
        });
        if (!boxes) { problems.push(`${route}: no still beside the block`); continue; }
        if (width === 1280) {
          if (boxes.imageLeft < boxes.textRight) problems.push(`${route} at 1280: the still is not beside the text`);
          const used = (boxes.imageRight - boxes.rowLeft) / boxes.row;
          if (used < 0.9) problems.push(`${route} at 1280: text and still fill ${Math.round(used * 100)}% of the row`);
        } else if (boxes.imageTop < boxes.textBottom) {
          problems.push(`${route} at ${width}: the still is not below the text`);
        }
      }
    }
  } finally {
    await page.close();
  }
  assert.equal(problems, [], problems.join('\n'));
});

test('/customerlogin: on a phone the form comes first, the panel after it; from 800 px the panel stands to the form\'s left', async () => {
  const page = (await openPage(browser, { width: 375, height: 667 })).page;
  try {
    await page.goto(origin + '/customerlogin');
    const username = await page.getByRole('textbox', { name: 'Username' }).boundingBox();
    const submit = await page.getByRole('button', { name: 'Submit' }).boundingBox();
    const panel = await page.locator('.portal__aside').boundingBox();
    assert.ok(username && submit && panel, 'the form and the panel are there');
    assert.ok(username.y + username.height < 400, `the Username field is in the first screen at 375 px (its bottom at ${Math.round(username.y + username.height)} px)`);
    assert.ok(panel.y >= submit.y + submit.height, 'the navy panel comes after the form');
    // The order a screen reader and the Tab key follow is the order seen: the form's first.
    const order = await page.locator('.portal > div').evaluateAll((parts) => parts.map((part) => part.className));
    assert.equal(order, ['portal__main', 'portal__aside']);
    await page.setViewportSize({ width: 1280, height: 900 });
    const [wideForm, widePanel] = await Promise.all([page.locator('.portal__main').boundingBox(), page.locator('.portal__aside').boundingBox()]);
    assert.ok(wideForm && widePanel && widePanel.x + widePanel.width <= wideForm.x + 1 && Math.abs(widePanel.y - wideForm.y) < 1, 'at 1280 px the panel is beside the form, on its left');
  } finally {
    await page.close();
  }
});

test('every section lines up on one content grid, from 375 to 1600 px; the closing panel has a band\'s space above it', async () => {
  const page = (await openPage(browser, { width: 1280, height: 900 })).page;
  const found: string[] = [];
  let measured = 0;
  try {
    for (const route of ['/', '/adaptive', '/continuous', '/about', '/solutions']) {
      for (const width of [375, 768, 1280, 1600]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(origin + route, { waitUntil: 'load' });
        // What a section's content lines up on: a container's content box (inside its padding), and the closing panel's own edges.
        // (No named functions inside: the test runner's transform would wrap them in a helper the page does not have.)
        const edges = await page.evaluate(() => [
          ...[...document.querySelectorAll('.navbar__inner, .hero__inner, .page-hero__inner, main .section:not(.trust):not(.closing), .page-section__inner, .trust__inner')]
            .map((element) => [element, element.getBoundingClientRect(), getComputedStyle(element)] as const)
            .map(([element, box, style]) => ({ name: element.className, left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) })),
          ...[...document.querySelectorAll('.closing')].map((element) => ({ name: 'closing', left: element.getBoundingClientRect().left, right: element.getBoundingClientRect().right })),
          ...[...document.querySelectorAll('.trust + .closing')].map((element) => ({
            name: 'space above the closing panel', left: element.getBoundingClientRect().top - element.previousElementSibling!.getBoundingClientRect().bottom, right: NaN,
          })),
        ]);
        const grid = edges.find((edge) => edge.name === 'navbar__inner')!;
        for (const edge of edges) {
          measured += 1;
          if (edge.name === 'space above the closing panel') {
            if (edge.left < 40) found.push(`${route} @${width}: the closing panel is ${Math.round(edge.left)} px below the trust band`);
          } else if (Math.abs(edge.left - grid.left) > 1 || Math.abs(edge.right - grid.right) > 1) {
            found.push(`${route} @${width}: ${edge.name} spans ${Math.round(edge.left)}–${Math.round(edge.right)}, the grid ${Math.round(grid.left)}–${Math.round(grid.right)}`);
          }
        }
      }
    }
  } finally {
    await page.close();
  }
  assert.ok(measured > 100, `only ${measured} edges measured`);
  assert.equal(found, [], found.join('\n'));
});

test('/demo: from 900 px the form and the customer\'s words beside the panel end where the panel ends; on a phone the form comes first', async () => {
  const page = (await openPage(browser, { width: 1280, height: 900 })).page;
  try {
    await page.goto(origin + '/demo');
    const [form, quote, panel] = await Promise.all(['.form-card', '.demo-panel__quote', '.demo-panel'].map((selector) => page.locator(selector).boundingBox()));
    assert.ok(form && quote && panel, 'the form, the quote and the panel');
    assert.ok(quote.y > form.y + form.height && quote.x < panel.x, 'the quote is under the form, in its column');
    assert.ok(Math.abs(quote.y + quote.height - (panel.y + panel.height)) <= 2, `the columns end together (left at ${Math.round(quote.y + quote.height)} px, right at ${Math.round(panel.y + panel.height)} px)`);
    await page.setViewportSize({ width: 375, height: 667 });
    const order = await page.locator('.form-page--demo > *').evaluateAll((parts) => parts.map((part) => part.getBoundingClientRect().top));
    assert.equal([...order].sort((a, b) => a - b), order, 'on a phone: the form, the panel, then the quote, top to bottom');
  } finally {
    await page.close();
  }
});

test('the product stills read on a phone and a tablet: their narrow cut under 640 px, its words 11 px or more at 375 px; at 768 px the hero still as wide as the text', async () => {
  const page = (await openPage(browser, { width: 375, height: 800 })).page;
  // The narrow stage is 320 px wide and its smallest words 10.5 px (a table's heading, design/stills/stage.html).
  const NARROW_STAGE = 320;
  const SMALLEST = 10.5;
  const found: string[] = [];
  try {
    for (const route of ['/', '/adaptive', '/passwordless', '/sso']) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(origin + route, { waitUntil: 'load' });
      const stills = await page.locator('.hero__image, .page-hero__image, .with-still__image').evaluateAll(async (images) => {
        for (const image of images as HTMLImageElement[]) image.loading = 'eager';
        await Promise.all((images as HTMLImageElement[]).map((image) => (image.complete ? null : new Promise((done) => image.addEventListener('load', done, { once: true })))));
        return (images as HTMLImageElement[]).map((image) => ({ src: image.currentSrc, width: image.getBoundingClientRect().width }));
      });
      assert.ok(stills.length >= (route === '/' ? 1 : 2), `${route}: its stills`);
      for (const still of stills) {
        if (!/-narrow-/.test(still.src)) found.push(`${route} @375: ${still.src} is not a narrow cut`);
        const words = SMALLEST * still.width / NARROW_STAGE;
        if (words < 11) found.push(`${route} @375: the still's smallest words show at ${words.toFixed(1)} px`);
      }
      await page.setViewportSize({ width: 768, height: 900 });
      const [image, text] = await Promise.all([page.locator('.hero__image, .page-hero__image').first().boundingBox(), page.locator('.hero__text, .page-hero__text').first().boundingBox()]);
      if (!image || !text || image.width < text.width - 1) found.push(`${route} @768: the hero still is ${Math.round(image?.width ?? 0)} px wide, the text ${Math.round(text?.width ?? 0)} px`);
      const wide = await page.locator('.hero__image, .page-hero__image').first().evaluate((element) => (element as HTMLImageElement).currentSrc);
      if (/-narrow-/.test(wide)) found.push(`${route} @768: the narrow cut shows at 768 px`);
    }
  } finally {
    await page.close();
  }
  assert.equal(found, [], found.join('\n'));
});

test.run();
