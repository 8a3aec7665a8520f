/**
 * Responsive images as Chromium takes them: from the fixture's <picture>,
 * it loads the AVIF variant that fits the width the template's `sizes`
 * gives, decodes it at that width, and keeps the layout box the intrinsic
 * size reserves; the SVG loads as it is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../../src/serve/serve.ts';
import { buildSite } from '../../src/pipeline.ts';
import { browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { copyFixture } from '../helpers/fixture.ts';

let browser: Browser;
let server: RunningServer;
let site: BrowsedSite<unknown> | undefined;

test.before(async () => {
  const root = await copyFixture('images');
  site = await browseBuild(buildSite({ root }), { api: false, root });
  ({ server, browser } = site);
});

test.after(async () => {
  await site?.close();
});

test('a phone loads the smallest AVIF that covers the width the template gives, and the box keeps its ratio', async () => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 2 });
  await page.goto(`${server.url}/`);
  const photo = page.locator('img[src="/img/photo.jpg"]');
  // "(min-width: 50em) 50vw, 100vw" at 320 CSS px and 2 device pixels per px: 640 pixels.
  await page.waitForFunction(() => (document.querySelector('img[src="/img/photo.jpg"]') as HTMLImageElement).complete);
  const seen = await photo.evaluate((img: HTMLImageElement) => ({ current: img.currentSrc, natural: img.naturalWidth, ratio: img.clientWidth / img.clientHeight }));
  assert.match(seen.current, /\/assets\/img\/photo-[0-9a-f]+-640\.avif$/, `loaded ${seen.current}`);
  assert.is(seen.natural * 2, 640, 'decoded: 640 pixels, shown at 2 device pixels per CSS pixel');
  assert.ok(Math.abs(seen.ratio - 800 / 500) < 0.02, `the box keeps the file's ratio, got ${seen.ratio}`);
  const drawing = await page.locator('img[src="/img/drawing.svg"]').evaluate((img: HTMLImageElement) => img.currentSrc);
  assert.match(drawing, /\/img\/drawing\.svg$/, 'the SVG is the file itself');
  await page.close();
});

test.run();
