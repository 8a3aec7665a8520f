import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../../src/serve/serve.ts';
import { openPage, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { buildRealSite } from '../helpers/site.ts';

let browser: Browser;
let server: RunningServer;
let site: BrowsedSite<unknown> | undefined;

test.before(async () => {
  site = await browseBuild(buildRealSite());
  ({ server, browser } = site);
});

test.after(async () => {
  await site?.close();
});

test('the home page has the frame and every section of the specification', async () => {
  const { page, errors } = await openPage(browser);
  await page.goto(server.url + '/');
  assert.match(await page.locator('.banner').innerText(), /seed funding/i, 'the seed-funding banner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.ok(await nav.getByRole('link', { name: /home/i }).first().isVisible(), 'the logo links home');
  for (const name of ['Solutions', 'About Us', 'Contact', 'Request Demo']) {
    assert.is(await nav.getByRole('link', { name, exact: true }).count(), 1, `navbar link ${name}`);
  }
  assert.is(await page.locator('.hero__tagline').innerText().then((text) => text.toLowerCase()), 'unified, secured, trusted.');
  for (const heading of ['Trusted by', 'Our Offerings', 'Secure Every Customer. Every Session. Every Time.']) {
    assert.ok(await page.getByRole('heading', { name: heading }).isVisible(), `missing: heading ${heading}`);
  }
  assert.is(await page.locator('.trusted img').count() >= 14, true, '14 logos');
  // The made-up client logos say they are samples, as every sample person and quote of the site does.
  assert.ok(await page.locator('.trusted').getByText('Client logos (sample)', { exact: true }).isVisible(), 'the logo strip is marked as samples');
  assert.is(await page.locator('video').count(), 1, 'the intro video');
  const showMore = page.getByRole('link', { name: /Show More/ });
  assert.equal(await showMore.evaluateAll((links) => links.map((link) => link.getAttribute('href'))), ['/adaptive', '/botshieldai']);
  assert.is(await page.getByRole('link', { name: 'Book a Demo' }).getAttribute('href'), '/demo');
  const footer = page.getByRole('contentinfo');
  for (const city of ['Hyderabad', 'Bangalore', 'Maryland']) assert.match(await footer.innerText(), city, `office ${city}`);
  for (const name of ['Privacy Policy', 'Cookie Policy', 'Terms & Conditions']) {
    assert.is(await footer.getByRole('link', { name }).count(), 1, `footer link ${name}`);
  }
  assert.match(await footer.innerText(), `© ${new Date().getFullYear()}`, 'copyright with the current year');
  assert.equal(errors, [], 'console errors');
  await page.close();
});

test('a policy page has its sections, and a navbar link leads to its route', async () => {
  const { page } = await openPage(browser);
  await page.goto(server.url + '/privacy-policy');
  assert.is(await page.getByRole('heading', { level: 1 }).innerText(), 'Privacy Policy');
  assert.is(await page.locator('.policy h2').count(), 8, 'eight sections');
  assert.ok(await page.locator('.banner').isVisible(), 'the frame is on every page');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await page.waitForURL(server.url + '/about');
  assert.is(await page.getByRole('link', { name: 'About Us' }).first().getAttribute('aria-current'), 'page');
  await page.close();
});

test('an unknown path lands on /', async () => {
  const { page } = await openPage(browser);
  const response = await page.goto(server.url + '/no/such/page');
  assert.is(new URL(page.url()).pathname, '/');
  assert.is(response?.status(), 200);
  await page.close();
});

test('on a tablet the Request Demo button stays in the bar beside the menu button; open, the menu holds the links and the button; on a phone the button waits in the menu', async () => {
  const { page, errors } = await openPage(browser, { width: 768, height: 900 });
  try {
    await page.goto(server.url + '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Menu' });
    const demo = nav.getByRole('link', { name: 'Request Demo', exact: true });
    await page.locator('html.js').waitFor({ state: 'attached' });
    assert.ok(await demo.isVisible(), 'the call to action is in the bar at 768 px');
    assert.not.ok(await nav.getByRole('link', { name: 'Solutions', exact: true }).isVisible(), 'the links wait in the shut menu');
    const [button, link] = await Promise.all([toggle.boundingBox(), demo.boundingBox()]);
    assert.ok(button && link && Math.abs((button.y + button.height / 2) - (link.y + link.height / 2)) < 4 && link.x > button.x, 'beside the menu button, in its row');
    await toggle.click();
    assert.is(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(await nav.getByRole('link', { name: 'Solutions', exact: true }).isVisible(), 'open, the menu shows its links');
    assert.ok(await demo.isVisible(), 'and the call to action');
    await toggle.click();
    await page.setViewportSize({ width: 375, height: 800 });
    assert.not.ok(await demo.isVisible(), 'on a phone the call to action is in the shut menu');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

test.run();
