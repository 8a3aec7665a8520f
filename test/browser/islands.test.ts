import { cp, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { openPage, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { FIXTURES, REPO_ROOT, serveBuild, tempDir } from '../helpers/site.ts';
import { buildSiteCopy } from '../helpers/island-site.ts';
import { framesDrawn, hydrateEveryIsland } from '../helpers/browser.ts';
import { waitUntil } from '../helpers/wait-until.ts';

interface Context extends BrowsedSite<Awaited<ReturnType<typeof buildSiteCopy>>> {
  outDir: string;
  chunks: Record<string, { src: string }>;
  files: Map<string, Uint8Array>;
  runtime: string;
}

const islands = suite<Context>('islands');

islands.before(async (context) => {
  Object.assign(context, await browseBuild(buildSiteCopy()));
  const site = context.build;
  context.outDir = site.outDir;
  context.chunks = site.bundle.assets.islands;
  context.files = site.bundle.files;
  // The home page has islands: it loads the runtime with their machinery.
  context.runtime = site.bundle.assets.runtimeIslands!.src;
});

islands.after(async ({ close }) => {
  await close?.();
});

/** Opens a page and waits until every island on it that hydrates on load, or when visible and in view, has hydrated. */
async function open(context: Context, route: string, options: { width?: number; height?: number; clock?: boolean } = {}) {
  const opened = await openPage(context.browser, options);
  if (options.clock) {
    // Time stands still from the start: the carousel moves only when a test runs the clock.
    await opened.page.clock.install({ time: 0 });
    await opened.page.clock.pauseAt(1000);
  }
  await opened.page.goto(context.server.url + route);
  await opened.page.waitForFunction(() => [...document.querySelectorAll('sitegen-island:not([hydrated])')].every((island) => {
    const moment = island.getAttribute('hydrate');
    const box = island.getBoundingClientRect();
    return moment !== null && !(moment === 'visible' && box.top < innerHeight && box.bottom > 0);
  }));
  return opened;
}

islands('the home page hydrates every island with no console error or hydration warning', async (context) => {
  const { page, errors } = await open(context, '/');
  const names = await page.$$eval('sitegen-island', (elements) => elements.map((element) => element.getAttribute('name')));
  assert.equal(names.sort(), ['carousel', 'video'], 'the islands of the home page (the mobile menu is the runtime\'s, not an island)');
  await hydrateEveryIsland(page);
  // React reports a hydration mismatch while it hydrates; two frames after the last island, any report is in.
  await framesDrawn(page);
  assert.equal(errors, [], 'console errors or warnings on the home page');
  await page.close();
});

islands('the mobile menu opens and closes with the toggle, and closes when a product is chosen', async (context) => {
  const { page, errors } = await open(context, '/', { width: 400, height: 800 });
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#site-menu');
  assert.is(await toggle.getAttribute('aria-controls'), 'site-menu', 'the toggle names the menu it controls');
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  assert.not.ok(await menu.isVisible(), 'the menu is open before the toggle was pressed');
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'true');
  assert.ok(await menu.isVisible(), 'the menu did not open');
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  assert.not.ok(await menu.isVisible(), 'the menu did not close');

  await toggle.click();
  await page.locator('#site-menu summary').click();
  const product = page.locator('#site-menu .navbar__submenu a').first();
  // Keep the page here, so that the test sees what the click did to the menu rather than a new page.
  await product.evaluate((link) => link.addEventListener('click', (event) => event.preventDefault()));
  await product.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'false', 'choosing a product left the menu open');
  assert.not.ok(await menu.isVisible(), 'choosing a product left the menu visible');
  assert.not.ok(await page.locator('#site-menu details').evaluate((details) => (details as HTMLDetailsElement).open), 'the Products dropdown stayed open');
  assert.equal(errors, []);
  await page.close();
});

islands('Escape closes the mobile menu and puts focus back on the toggle', async (context) => {
  const { page } = await open(context, '/', { width: 400, height: 800 });
  await page.locator('.navbar__toggle').click();
  await page.locator('#site-menu a[href="/solutions"]').focus();
  await page.keyboard.press('Escape');
  assert.is(await page.locator('.navbar__toggle').getAttribute('aria-expanded'), 'false');
  assert.not.ok(await page.locator('#site-menu').isVisible(), 'Escape left the menu visible');
  assert.ok(await page.locator('.navbar__toggle').evaluate((toggle) => toggle === document.activeElement), 'focus is not on the toggle');
  await page.close();
});

islands('on a wide screen the Products dropdown opens, closes on Escape with focus on its summary, and closes on a choice', async (context) => {
  const { page, errors } = await open(context, '/', { width: 1280, height: 800 });
  const summary = page.locator('#site-menu summary');
  const dropdownOpen = () => page.locator('#site-menu details').evaluate((details) => (details as HTMLDetailsElement).open);
  assert.not.ok(await page.locator('.navbar__toggle').isVisible(), 'the toggle shows on a wide screen');
  await summary.click();
  assert.ok(await page.locator('#site-menu .navbar__submenu a').first().isVisible(), 'the dropdown did not open');
  await page.keyboard.press('Escape');
  assert.not.ok(await dropdownOpen(), 'Escape left the dropdown open');
  assert.ok(await summary.evaluate((element) => element === document.activeElement), 'focus is not on the summary');
  await summary.click();
  const product = page.locator('#site-menu .navbar__submenu a').first();
  await product.evaluate((link) => link.addEventListener('click', (event) => event.preventDefault()));
  await product.click();
  assert.not.ok(await dropdownOpen(), 'choosing a product left the dropdown open');
  assert.equal(errors, []);
  await page.close();
});

islands('each product in the dropdown is a link named by the product, described by its line, and the whole row opens it', async (context) => {
  const { page, errors } = await open(context, '/', { width: 1280, height: 800 });
  await page.locator('#site-menu summary').click();
  const products = page.locator('#site-menu .navbar__product');
  assert.is(await products.count(), 2);
  const adaptive = page.getByRole('link', { name: 'adapID AI', exact: true });
  assert.is(await adaptive.getAttribute('href'), '/adaptive');
  const described = await adaptive.evaluate((link) => document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent);
  assert.is(described, 'Adaptive authentication from behaviour', 'the line under the name is the link\'s description');
  assert.is(await products.first().locator('svg[aria-hidden="true"]').count(), 1, 'an icon, hidden from the accessibility tree');
  const line = await page.locator('#site-menu .navbar__product-line').nth(1).boundingBox();
  assert.ok(line, 'the second product\'s line is shown');
  await page.mouse.click(line.x + line.width / 2, line.y + line.height / 2);
  await page.waitForURL(/\/botshieldai$/);
  assert.equal(errors, []);
  await page.close();
});

islands('without JavaScript the menu shows open and the toggle, which could not work, is hidden', async (context) => {
  const browserContext = await context.browser.newContext({ javaScriptEnabled: false, viewport: { width: 400, height: 800 } });
  try {
    const page = await browserContext.newPage();
    await page.goto(context.server.url + '/privacy-policy');
    assert.not.ok(await page.locator('.navbar__toggle').isVisible(), 'the toggle shows without JavaScript');
    assert.ok(await page.locator('#site-menu a[href="/solutions"]').isVisible(), 'the menu links are hidden without JavaScript');
  } finally {
    await browserContext.close();
  }
});

islands('in gate mode islands the menu works at once, while the islands still wait for a check that never answers', async (context) => {
  const site = await buildSiteCopy({
    siteYaml: 'gate: { script: /gate/gate.js, tenantId: t, function: FixtureGate.check, mode: islands }',
    publicFiles: { 'gate/gate.js': path.join(FIXTURES, 'gate', 'silent.js') },
  });
  const server = await serveBuild(site.outDir, { root: site.root });
  try {
    const { page, errors } = await openPage(context.browser, { width: 400, height: 800 });
    await page.goto(server.url + '/');
    await page.waitForFunction(() => (window as unknown as { __gateCalls?: unknown[] }).__gateCalls?.length);
    await page.locator('.navbar__toggle').click();
    assert.is(await page.locator('.navbar__toggle').getAttribute('aria-expanded'), 'true', 'the menu waited for the gate');
    assert.ok(await page.locator('#site-menu').isVisible(), 'the menu did not open');
    // The video waits to be seen; seen, it still waits for the gate.
    await page.locator('sitegen-island[name="video"]').scrollIntoViewIfNeeded();
    assert.is(await page.locator('sitegen-island[hydrated]').count(), 0, 'islands hydrated without the gate\'s success');
    assert.equal(errors, []);
    await page.close();
  } finally {
    await server.close();
  }
});

islands('a site\'s integration runs browser code through the client hook: the islands wait for a before-islands script, an idle one runs meanwhile, one with no settings never loads', async (context) => {
  const site = await buildSiteCopy({
    files: {
      'sitegen.config.ts': [
        "import { defineConfig, defineIntegration } from 'sitegen/config';",
        "const consent = defineIntegration({ name: 'consent', setup: () => ({ client: { module: './integrations/consent.client.ts', timing: 'before-islands', settings: (site) => ({ site: site.name }) } }) });",
        "const beacon = defineIntegration({ name: 'beacon', setup: () => ({ client: { module: './integrations/beacon.client.ts', timing: 'idle', settings: () => ({ note: 'idle ran' }) } }) });",
        "const dormant = defineIntegration({ name: 'dormant', setup: () => ({ client: { module: './integrations/dormant.client.ts', timing: 'idle', settings: () => undefined } }) });",
        'export default defineConfig({ integrations: [consent(), beacon(), dormant()] });',
      ].join('\n'),
      // The islands wait until the visitor answers the consent; the test answers for them.
      'integrations/consent.client.ts': 'export default (settings: { site: string }) => new Promise<void>((resolve) => { Object.assign(window, { __consent: { site: settings.site, accept: resolve } }); });\n',
      'integrations/beacon.client.ts': 'export default (settings: { note: string }) => { Object.assign(window, { __beacon: settings.note }); };\n',
      'integrations/dormant.client.ts': 'export default () => { Object.assign(window, { __dormant: true }); };\n',
    },
  });
  const chunks = site.assets.page.clients!;
  const server = await serveBuild(site.outDir, { root: site.root });
  try {
    const { page, errors } = await openPage(context.browser);
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(server.url + '/');
    await page.waitForFunction(() => (window as unknown as { __consent?: unknown }).__consent !== undefined);
    assert.is(await page.evaluate(() => (window as unknown as { __consent: { site: string } }).__consent.site), 'Kavach Cognitive Labs', 'its settings, made from the site');
    await page.waitForFunction(() => (window as unknown as { __beacon?: string }).__beacon === 'idle ran');
    // Everything the page asked for has come and gone quiet: ungated, the carousel (in view at 1280) would have
    // fetched its chunk and hydrated by now. It waits for the consent.
    await page.waitForLoadState('networkidle');
    assert.not.ok(scripts.includes(context.chunks.carousel.src), 'the carousel\'s chunk was fetched before the before-islands script resolved');
    assert.is(await page.locator('sitegen-island[hydrated]').count(), 0, 'islands hydrated before the before-islands script resolved');
    await page.evaluate(() => (window as unknown as { __consent: { accept(): void } }).__consent.accept());
    await page.waitForSelector('sitegen-island[name="carousel"][hydrated]');
    assert.ok(scripts.includes(chunks.consent.src) && scripts.includes(chunks.beacon.src));
    assert.not.ok(scripts.includes(chunks.dormant.src), 'the chunk of a script with no settings was fetched');
    assert.is(await page.evaluate(() => (window as unknown as { __dormant?: boolean }).__dormant), undefined);
    assert.equal(errors, [], 'the site\'s policy let every chunk load');
    await page.close();
  } finally {
    await server.close();
  }
});

/** The slides wholly inside the carousel's window, by their labels ('clone' for a clone). */
function slidesInView(page: Page): Promise<string[]> {
  return page.$eval('.carousel__viewport', (viewport) => {
    const frame = viewport.getBoundingClientRect();
    return [...viewport.querySelectorAll('.carousel__slide')].filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.left >= frame.left - 1 && box.right <= frame.right + 1;
    }).map((slide) => slide.getAttribute('aria-label') ?? 'clone');
  });
}

/**
 * After a move: wait until the track stands where its position puts it. The
 * page's clock is paused in these tests (the carousel moves only when they
 * run it), which holds requestAnimationFrame and the page's own timers, but
 * the compositor still moves the slide in real time: the track's computed
 * transform is read until it has reached its target, and `until` (the state
 * the move leads to) holds too.
 */
async function settled(page: Page, until: () => Promise<boolean> = async () => true): Promise<void> {
  await waitUntil(async () => (await trackAtRest(page)) && (await until()), 'the carousel came to rest where expected', { everyMs: 25 });
}

function trackAtRest(page: Page): Promise<boolean> {
  return page.$eval('.carousel__track', (track) => {
    const style = getComputedStyle(track);
    // The layout width, fractions kept (offsetWidth rounds, and at 1 slide a view the rounding is multiplied by the position).
    const target = -(Number(style.getPropertyValue('--position')) * track.getBoundingClientRect().width) / Number(style.getPropertyValue('--visible'));
    return Math.abs(new DOMMatrix(style.transform).m41 - target) < 1;
  });
}

islands('on a phone the carousel, just under the fold, waits to be seen: the first view loads no React; scrolled to, it starts', async (context) => {
  // Lighthouse's phone: the carousel's top is about 200 px under the fold, within the margin other visible islands load at.
  const { page, errors } = await open(context, '/', { width: 412, height: 823 });
  // Every file the page fetched since it started loading, by path.
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  const carousel = page.locator('sitegen-island[name="carousel"]');
  assert.ok((await carousel.boundingBox())!.y > 823, 'the carousel is in view as the page loads: this test shows nothing');
  await page.waitForLoadState('networkidle');
  await framesDrawn(page);
  assert.is(await carousel.getAttribute('hydrated'), null, 'the carousel hydrated out of view');
  assert.not.ok((await fetched()).includes(context.chunks.carousel.src), 'its chunk was fetched out of view');
  assert.ok((await fetched()).includes(context.runtime), 'the runtime is on the list: the list holds the page\'s scripts');
  await carousel.scrollIntoViewIfNeeded();
  await page.waitForSelector('sitegen-island[name="carousel"][hydrated]', { timeout: 5000 });
  assert.ok((await fetched()).includes(context.chunks.carousel.src), 'scrolled to, its chunk came');
  assert.equal(errors, []);
  await page.close();
});

islands('the carousel shows 1, 2, 3 and 4 slides at 480, 768, 1024 and 1280 px, following resizes', async (context) => {
  const { page, errors } = await open(context, '/', { width: 1280, height: 900, clock: true });
  for (const [width, visible] of [[480, 1], [768, 2], [1024, 3], [1280, 4]]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page, async () => (await slidesInView(page)).length === visible);
    const inView = await slidesInView(page);
    assert.is(inView.length, visible, `at ${width} px: ${inView.join(', ')}`);
  }
  assert.equal(errors, []);
  await page.close();
});

islands('the carousel advances one slide after 3 s and pauses while hovered', async (context) => {
  const { page } = await open(context, '/', { width: 1280, height: 900, clock: true });
  await page.locator('.carousel').scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  const first = (await slidesInView(page))[0];
  await page.clock.runFor(3000);
  await settled(page, async () => (await slidesInView(page))[0] !== first);
  const second = (await slidesInView(page))[0];
  assert.is.not(second, first, 'did not advance after 3 s');
  assert.is(Number(second.split(' ')[0]), Number(first.split(' ')[0]) % 14 + 1, `moved from ${first} to ${second}`);
  assert.is(await page.locator('.carousel__track').getAttribute('aria-live'), 'off', 'aria-live while rotating');

  await page.locator('.carousel__viewport').hover();
  await page.clock.runFor(9000);
  await settled(page);
  assert.is((await slidesInView(page))[0], second, 'advanced while hovered');
  assert.is(await page.locator('.carousel__track').getAttribute('aria-live'), 'polite', 'aria-live while paused');

  await page.mouse.move(0, 0);
  await page.clock.runFor(3000);
  await settled(page, async () => (await slidesInView(page))[0] !== second);
  assert.is.not((await slidesInView(page))[0], second, 'did not resume after the pointer left');
  await page.close();
});

islands('the carousel loops from the last slide to the first through a clone', async (context) => {
  const { page } = await open(context, '/', { width: 1280, height: 900, clock: true });
  const previous = page.getByRole('button', { name: 'Previous slide' });
  await previous.click();
  await page.clock.runFor(500);
  await settled(page, async () => (await slidesInView(page))[0] === '14 of 14');
  const front = (await slidesInView(page))[0];
  assert.is(front, '14 of 14', 'previous from the first slide shows the last');
  assert.equal(await page.locator('.carousel__slide--clone').evaluateAll((clones) => clones.every((clone) => clone.getAttribute('aria-hidden') === 'true' && clone.hasAttribute('inert'))), true);
  const rotation = page.locator('.carousel button').first();
  assert.match(await rotation.getAttribute('aria-label') ?? '', /automatic slide show/, 'the rotation button is first in the carousel');
  await page.close();
});

islands('the video plays when wholly in view and pauses when scrolled away; a visitor\'s pause sticks', async (context) => {
  const { page, errors } = await open(context, '/', { width: 1280, height: 900 });
  const video = page.locator('video.video').first();
  const paused = () => video.evaluate((element) => (element as HTMLVideoElement).paused);
  assert.ok(await paused(), 'playing before it was in view');
  await video.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForFunction(() => !(document.querySelector('video.video') as HTMLVideoElement).paused, undefined, { timeout: 5000 });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForFunction(() => (document.querySelector('video.video') as HTMLVideoElement).paused, undefined, { timeout: 5000 });

  await video.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForFunction(() => !(document.querySelector('video.video') as HTMLVideoElement).paused, undefined, { timeout: 5000 });
  await video.evaluate((element) => (element as HTMLVideoElement).pause());
  await page.evaluate(() => window.scrollBy({ top: 40, behavior: 'instant' }));
  // The scroll's IntersectionObserver answer is delivered with the next frames' rendering: after two, it has run.
  await framesDrawn(page);
  assert.ok(await paused(), 'a video the visitor paused started again');
  assert.equal(errors, []);
  await page.close();
});

islands('the video\'s own play/pause button is reached by the keyboard, says what it does, and its pause sticks', async (context) => {
  const { page, errors } = await open(context, '/', { width: 1280, height: 900 });
  const video = page.locator('video.video').first();
  const paused = () => video.evaluate((element) => (element as HTMLVideoElement).paused);
  await video.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForFunction(() => !(document.querySelector('video.video') as HTMLVideoElement).paused, undefined, { timeout: 5000 });
  const pause = page.getByRole('button', { name: 'Pause: Introduction to adapID AI' });
  await pause.focus();
  assert.ok(await pause.evaluate((button) => button === document.activeElement), 'the button takes focus');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (document.querySelector('video.video') as HTMLVideoElement).paused, undefined, { timeout: 5000 });
  // React renders the new name on the frame after the pause event: wait for it rather than race it.
  const play = page.getByRole('button', { name: 'Play: Introduction to adapID AI' });
  await play.waitFor({ timeout: 5000 });
  assert.ok(await play.isVisible(), 'the button now offers to play');
  await page.evaluate(() => window.scrollBy({ top: 40, behavior: 'instant' }));
  await framesDrawn(page);
  assert.ok(await paused(), 'the video started again after the visitor paused it');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => !(document.querySelector('video.video') as HTMLVideoElement).paused, undefined, { timeout: 5000 });
  // Once it has played, its poster (the first frame, a picture over it) is gone; the browser's control bar is never drawn.
  assert.ok(await page.locator('.video-player__poster').evaluate((picture) => (picture as HTMLElement).hidden), 'the poster still covers the playing video');
  assert.is(await video.getAttribute('controls'), null);
  assert.equal(errors, []);
  await page.close();
});

islands('each video has a narrow cut with its own poster, which a phone gets and a desktop does not', async (context) => {
  for (const [width, name, shape] of [[375, 'intro-narrow', 4 / 5], [1280, 'intro', 16 / 9]] as const) {
    const { page, errors } = await open(context, '/', { width, height: 900 });
    const video = page.locator('video.video').first();
    await video.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    // The poster, before the video plays: the picture's lazy image, as the browser chose it for this width.
    const poster = await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.video-player__poster img');
      return image?.complete && image.naturalWidth > 0 && image.currentSrc;
    }, undefined, { timeout: 5000 });
    assert.match(String(await poster.jsonValue()), new RegExp(`/img/video/${name}-poster\\.webp$`), `${width} px: the poster`);
    const box = (await video.boundingBox())!;
    assert.ok(Math.abs(box.width / box.height - shape) < 0.02, `${width} px: the player is ${box.width} × ${box.height}, not the cut's shape`);
    await page.waitForFunction(() => !(document.querySelector('video.video') as HTMLVideoElement).paused, undefined, { timeout: 5000 });
    assert.match(await video.evaluate((element) => (element as HTMLVideoElement).currentSrc), new RegExp(`/video/${name}\\.mp4$`), `${width} px: the file played`);
    assert.equal(errors, []);
    await page.close();
  }
});

islands('the videos\' captions stay clear of the play/pause button at every width, and phones read their words at 14 px or more', async (context) => {
  // Where the button falls on each cut's stage (design/video/stage.html), at the widths a visitor may have.
  const stages = { wide: { width: 960, height: 540 }, narrow: { width: 400, height: 500 } };
  const corners: Record<'wide' | 'narrow', { x: number; y: number; right: number; bottom: number }[]> = { wide: [], narrow: [] };
  let narrowScale = 0;
  for (const width of [320, 375, 480, 639, 640, 768, 1024, 1280, 1600]) {
    const { page } = await open(context, '/', { width, height: 900 });
    const video = (await page.locator('video.video').first().boundingBox())!;
    const button = (await page.locator('.video-player__toggle').first().boundingBox())!;
    const cut = width < 640 ? 'narrow' : 'wide';
    const scale = stages[cut].width / video.width;
    if (width === 375) narrowScale = 1 / scale;
    corners[cut].push({ x: (button.x - video.x) * scale, y: (button.y - video.y) * scale, right: (button.x + button.width - video.x) * scale, bottom: (button.y + button.height - video.y) * scale });
    await page.close();
  }
  const stageUrl = pathToFileURL(path.join(REPO_ROOT, 'design', 'video', 'stage.html')).href;
  for (const cut of ['wide', 'narrow'] as const) {
    for (const name of ['intro', 'adaptive', 'passwordless']) {
      const { page, errors } = await openPage(context.browser, stages[cut]);
      await page.goto(`${stageUrl}?video=${name}&cut=${cut}`);
      await page.evaluate(() => document.fonts.ready);
      assert.equal(errors, [], `${name}, ${cut} cut`);
      // Every caption, drawn at a time it shows: its box is where its words are.
      const captions = await page.$$eval('.caption', (nodes) => nodes.map((node) => {
        const rect = node.getBoundingClientRect();
        return { text: node.textContent, x: rect.x, y: rect.y, right: rect.right, bottom: rect.bottom };
      }));
      assert.ok(captions.length >= 3, `${name}: its captions`);
      for (const caption of captions) {
        for (const corner of corners[cut]) {
          const overlaps = caption.x < corner.right && corner.x < caption.right && caption.y < corner.bottom && corner.y < caption.bottom;
          assert.not.ok(overlaps, `${name}, ${cut} cut: the button (${corner.x.toFixed(0)}–${corner.right.toFixed(0)}, ${corner.y.toFixed(0)}–${corner.bottom.toFixed(0)}) covers "${caption.text}"`);
        }
      }
      if (cut === 'narrow') {
        // The smallest words drawn at any moment, as a 375 px phone shows them.
        const sizes = await page.evaluate((duration) => {
          const found: number[] = [];
          for (let t = 0; t <= duration; t += 0.5) {
            (window as unknown as { VIDEO: { draw(t: number): void } }).VIDEO.draw(t);
            for (const node of document.querySelectorAll('body *')) {
              const own = [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent!.trim());
              if (own && getComputedStyle(node).visibility === 'visible' && Number(getComputedStyle(node).opacity) > 0) found.push(parseFloat(getComputedStyle(node).fontSize));
            }
          }
          return found;
        }, await page.evaluate(() => (window as unknown as { VIDEO: { duration: number } }).VIDEO.duration));
        const smallest = Math.min(...sizes) * narrowScale;
        assert.ok(smallest >= 14, `${name}, narrow cut: words at ${smallest.toFixed(1)} px on a 375 px phone`);
      }
      await page.close();
    }
  }
});

islands('a deleted chunk shows the error block on that island only; the others still work', async (context) => {
  const broken = path.join(await tempDir('sitegen-broken-'), 'dist');
  await cp(context.outDir, broken, { recursive: true });
  const videoChunk = context.chunks.video.src;
  await rm(path.join(broken, videoChunk));
  const server = await serveBuild(broken);
  try {
    const { page } = await openPage(context.browser, { width: 1280, height: 900 });
    await page.goto(server.url + '/');
    // The video's chunk is asked for only when it comes into view.
    await page.locator('sitegen-island[name="video"]').scrollIntoViewIfNeeded();
    const block = page.locator('sitegen-island[name="video"] .island-error');
    await block.waitFor();
    assert.is(await block.locator('h2').textContent(), 'Unexpected Application Error!');
    assert.is(await block.locator('pre').textContent(), `Loading chunk video failed.\n(missing: ${server.url}${videoChunk})`);
    await page.waitForSelector('sitegen-island[name="carousel"][hydrated]');
    assert.is(await page.locator('.island-error').count(), 1, 'other islands show the error block too');
    await page.setViewportSize({ width: 400, height: 800 });
    await page.locator('.navbar__toggle').click();
    assert.is(await page.locator('.navbar__toggle').getAttribute('aria-expanded'), 'true', 'the menu no longer works');
    await page.close();
  } finally {
    await server.close();
  }
});

islands('each runtime is one file of at most 2 KB gzip, free of React; a page loads one; no web-vitals code without analytics.vitalsUrl', async (context) => {
  const { runtime: plain, runtimeIslands } = context.build.bundle.assets;
  for (const src of [plain.src, runtimeIslands!.src]) {
    const code = context.files.get(src)!;
    const gzipped = gzipSync(code).length;
    assert.ok(gzipped <= 2048, `${src} is ${gzipped} bytes gzip`);
    assert.not.match(Buffer.from(code).toString(), /react/i, `${src} mentions React`);
    assert.not.match(Buffer.from(code).toString(), /\b(?:import|from)\s*"\.\//, `${src} imports a chunk at once: a second file on every page`);
  }
  assert.ok(gzipSync(context.files.get(plain.src)!).length < gzipSync(context.files.get(runtimeIslands!.src)!).length - 500, 'a page without islands skips their machinery');
  const { page } = await openPage(context.browser);
  const scripts: string[] = [];
  page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
  await page.goto(context.server.url + '/');
  await page.waitForSelector('sitegen-island[name="carousel"][hydrated]');
  const expected = new Set([context.runtime, ...Object.values(context.chunks).map((chunk) => chunk.src)]);
  const vitalsChunk = scripts.filter((url) => !expected.has(url) && /onINP|web-vitals|sendBeacon/.test(Buffer.from(context.files.get(url) ?? []).toString()));
  assert.equal(vitalsChunk, [], 'web-vitals code loaded with no vitalsUrl');
  await page.close();
});

islands('with analytics.vitalsUrl the page loads the vitals chunk and sends the metrics with sendBeacon', async (context) => {
  const site = await buildSiteCopy({ siteYaml: 'analytics: { vitalsUrl: /api/vitals }' });
  const server = await serveBuild(site.outDir, { root: site.root });
  try {
    const { page } = await openPage(context.browser);
    const beacons: { name: string; page: string }[] = [];
    await page.route('**/api/vitals', async (route) => {
      beacons.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.fulfill({ status: 204 });
    });
    await page.goto(server.url + '/');
    await hydrateEveryIsland(page);
    const names = () => new Set(beacons.map((beacon) => beacon.name));
    // FCP arrives once the vitals chunk has loaded and observes; only then can an input finalise LCP.
    await until(() => names().has('FCP'), () => `no FCP beacon: ${[...names()].join(', ')}`);
    // An input finalises LCP only once the browser has given a candidate (a paint later than FCP's, under load): a
    // click before it stops the observing with nothing to send, as it would for a visitor who clicked that early.
    await page.evaluate(() => new Promise<void>((resolve) => {
      new PerformanceObserver((_, observer) => {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(resolve, 50));
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }));
    await page.mouse.click(5, 300);
    await until(() => names().has('LCP'), () => `no LCP beacon after an input: ${[...names()].join(', ')}`);
    for (const metric of ['TTFB', 'FCP', 'LCP']) assert.ok(names().has(metric), `no ${metric} beacon: ${[...names()].join(', ')}`);
    assert.is(beacons[0].page, '/');
    await page.close();
  } finally {
    await server.close();
  }
});

/** Waits for a condition that a page's requests make true, failing with what was seen after 10 s. */
async function until(condition: () => boolean, seen: () => string): Promise<void> {
  await waitUntil(condition, 'a condition the page\'s requests make true').catch(() => assert.unreachable(seen()));
}

islands.run();
