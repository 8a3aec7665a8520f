/**
 * The news starter's theme in Chromium, as `sitegen init --starter news`
 * writes it: the masthead, the menu on a phone (folded behind its button,
 * the languages inside it, Escape closing it), the posts as cards whose
 * whole face is the link, the newsletter's labelled field, and light and
 * dark following the system.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openPage, browseBuild, recordThemeAtBody, themeAtBody, type BrowsedSite } from '../helpers/browser.ts';
import { initStarter } from '../helpers/starter.ts';
import { axeViolations, builtRoutes } from '../helpers/axe-routes.ts';
import { buildSite, type BuildResult } from '../../src/pipeline.ts';

type Context = BrowsedSite<BuildResult>;

const news = suite<Context>('news starter');

news.before(async (context) => {
  const root = await initStarter('news');
  Object.assign(context, await browseBuild(buildSite({ root, outDir: path.join(root, 'dist') })));
});

news.after(async ({ close }) => {
  await close?.();
});

news('the masthead names the site, and on the home page says what it is; the name leads home from every page', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    await page.goto(context.server.url + '/');
    const brand = page.getByRole('link', { name: 'My Site' });
    assert.is(await brand.getAttribute('aria-current'), 'page');
    assert.ok(await page.getByText('A site built with sitegen, with a news section.').isVisible(), 'the description under the name');
    await page.goto(context.server.url + '/news');
    assert.not.ok(await page.getByText('A site built with sitegen, with a news section.').isVisible(), 'only on the home page');
    await brand.click();
    await page.waitForURL(context.server.url + '/');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

news('the home page leads with the newest post large, then the ones before it as cards, in its own language', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    for (const [route, newest, earlier] of [['/', 'A picture from the newsroom', 'Hello, world'], ['/de', 'Ein Bild aus der Redaktion', 'Hallo, Welt']]) {
      await page.goto(context.server.url + route);
      const lead = page.locator('.lead');
      assert.is(await lead.getByRole('heading', { level: 2 }).textContent(), newest, `${route}: the newest post leads`);
      const leadSize = Number.parseFloat(await lead.getByRole('heading', { level: 2 }).evaluate((element) => getComputedStyle(element).fontSize));
      const card = page.locator('.cards .card').first();
      assert.is(await card.getByRole('heading', { level: 2 }).textContent(), earlier, `${route}: the one before it is a card`);
      const cardSize = Number.parseFloat(await card.getByRole('heading', { level: 2 }).evaluate((element) => getComputedStyle(element).fontSize));
      assert.ok(leadSize > cardSize * 1.4, `${route}: the lead's title is large (${leadSize} px against ${cardSize})`);
      // Each shows its post's cover as its feature image: the lead's, described, across the page with its words beside it
      // (the lead is the page's width at 1280 px); the card's beside a title that says it all.
      const leadPicture = lead.locator('.lead__picture');
      assert.match(await lead.getByRole('img').getAttribute('alt') ?? '', route === '/' ? /^The newsroom, drawn in blues/ : /^Die Redaktion/);
      const [pictureBox, leadBox, titleBox, mainBox] = await Promise.all([leadPicture, lead, lead.getByRole('heading', { level: 2 }), page.getByRole('main')].map((item) => item.boundingBox()));
      assert.ok(pictureBox && leadBox && titleBox && mainBox, `${route}: the lead is drawn`);
      assert.ok(leadBox.width >= mainBox.width - 2 * 20 - 2, `${route}: the lead spans the page (${leadBox.width} of ${mainBox.width})`);
      assert.ok(Math.abs(pictureBox.x - leadBox.x) <= 2 && pictureBox.width >= leadBox.width * 0.55 && pictureBox.height > 300, `${route}: the lead's picture is large, at its left (${pictureBox.width} × ${pictureBox.height})`);
      assert.ok(titleBox.x >= pictureBox.x + pictureBox.width && titleBox.y >= leadBox.y && titleBox.y + titleBox.height <= leadBox.y + leadBox.height, `${route}: the title beside the picture`);
      assert.ok(await leadPicture.evaluate((element) => { const img = element instanceof HTMLImageElement ? element : element.querySelector('img')!; return img.complete && img.naturalWidth >= 1280; }), `${route}: the lead's picture has loaded, sharp enough for its width`);
      assert.is(await card.locator('.card__picture').getAttribute('alt'), '', `${route}: the card's picture is decoration`);
    }
    await page.locator('.lead').click({ position: { x: 40, y: 40 } });
    await page.waitForURL(context.server.url + '/de/news/a-picture');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

news('a post opens as a magazine story: its section above the title, the standfirst, the date, and from 60rem a cover wider than the text', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    await page.goto(context.server.url + '/news/hello-world');
    const header = page.locator('.post__header');
    const section = header.getByRole('link', { name: 'announcements' });
    assert.is(await section.getAttribute('href'), '/tags/announcements', 'the first tag leads to its page');
    const [sectionBox, titleBox] = await Promise.all([section.boundingBox(), header.getByRole('heading', { level: 1, name: 'Hello, world' }).boundingBox()]);
    assert.ok(sectionBox && titleBox && sectionBox.y + sectionBox.height <= titleBox.y, 'the section above the title');
    assert.ok(await header.getByText('The first post of the new site.').isVisible(), 'the description as the standfirst');
    assert.is(await header.locator('time').getAttribute('datetime'), '2026-11-02');
    const [coverBox, bodyBox] = await Promise.all([page.locator('.post__cover').boundingBox(), page.locator('.post__body').boundingBox()]);
    assert.ok(coverBox && bodyBox && coverBox.width > bodyBox.width + 100 && Math.abs((coverBox.x + coverBox.width / 2) - (bodyBox.x + bodyBox.width / 2)) <= 2,
      `the cover (${coverBox?.width} px) wider than the text (${bodyBox?.width} px), both centred`);
    assert.ok(await page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: 'announcements' }).isVisible(), 'the tags after the text');
    await page.setViewportSize({ width: 375, height: 800 });
    assert.is(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'on a phone the cover is the text\'s width: no sideways scrolling');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

news('on a phone the menu folds behind its button, opens over the page with the languages in it, and Escape closes it', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 375, height: 740 });
  try {
    await page.goto(context.server.url + '/news');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const main = page.getByRole('navigation', { name: 'Main' });
    const languages = page.getByRole('navigation', { name: 'Languages' });
    assert.is(await toggle.getAttribute('aria-expanded'), 'false');
    assert.not.ok(await main.isVisible(), 'folded');
    const before = await page.getByRole('heading', { level: 1 }).boundingBox();
    await toggle.click();
    assert.is(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(await main.getByRole('link', { name: 'Search' }).isVisible());
    assert.ok(await languages.getByRole('link', { name: 'Deutsch' }).isVisible(), 'the language switch is inside the menu');
    const after = await page.getByRole('heading', { level: 1 }).boundingBox();
    assert.is(after!.y, before!.y, 'the menu opens over the page, which does not move');
    await page.keyboard.press('Escape');
    assert.is(await toggle.getAttribute('aria-expanded'), 'false');
    assert.not.ok(await main.isVisible());
    assert.ok(await toggle.evaluate((element) => element === document.activeElement), 'the focus is back on the button');
    // The header is one row: the name and the button.
    const header = await page.locator('.site-header').boundingBox();
    assert.ok(header!.height < 80, `the header is ${header!.height} px tall`);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

news('on a wide screen there is no menu button: the menu and the languages are in the bar', async (context) => {
  const { page } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    await page.goto(context.server.url + '/news');
    assert.not.ok(await page.getByRole('button', { name: 'Menu' }).isVisible());
    assert.ok(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).isVisible());
    assert.ok(await page.getByRole('navigation', { name: 'Languages' }).isVisible());
  } finally {
    await page.close();
  }
});

news('the posts are cards whose whole face leads to the post, each with its date; the tag pages show the same cards', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    for (const route of ['/news', '/tags/announcements']) {
      await page.goto(context.server.url + route);
      const cards = page.locator('.cards > li');
      assert.ok(await cards.count() >= 1, `${route}: cards`);
      const card = cards.first();
      const link = card.getByRole('heading', { level: 2 }).getByRole('link');
      const target = await link.getAttribute('href');
      assert.ok(await card.locator('time').isVisible(), `${route}: the card's date`);
      // A press on the card's summary, not its title, follows the card's link.
      const box = (await card.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height - 12);
      await page.waitForURL(context.server.url + target);
    }
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

news('the newsletter\'s field has its label above it and the note as its description', async (context) => {
  const { page } = await openPage(context.browser, { width: 375, height: 740 });
  try {
    await page.goto(context.server.url + '/news');
    const field = page.getByLabel('E-mail address');
    assert.is(await field.getAttribute('type'), 'email');
    assert.match(await field.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? ''), 'E-mail address');
    const label = (await page.locator('label[for="newsletter-email"]').boundingBox())!;
    const input = (await field.boundingBox())!;
    assert.ok(label.y + label.height <= input.y + 1, 'the label is above the field, not touching it');
    assert.match(await field.getAttribute('aria-describedby') ?? '', 'newsletter-note');
  } finally {
    await page.close();
  }
});

news('light and dark follow the system: the page, its cards and its text change together', async (context) => {
  const colours: Record<string, { page: string; text: string }> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    const browsing = await context.browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
    const { page } = await openPage(browsing);
    try {
      await page.goto(context.server.url + '/news');
      colours[colorScheme] = await page.evaluate(() => ({ page: getComputedStyle(document.documentElement).backgroundColor, text: getComputedStyle(document.body).color }));
    } finally {
      await browsing.close();
    }
  }
  assert.is(colours.light.page, 'rgb(255, 255, 255)');
  assert.is(colours.dark.page, 'rgb(17, 20, 24)');
  assert.is.not(colours.light.text, colours.dark.text);
});

news('the theme can be chosen: on <html> before the body is parsed, kept from page to page; System gives the choice back to the system', async (context) => {
  const browsing = await context.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openPage(browsing);
  try {
    await recordThemeAtBody(page);
    await page.goto(context.server.url + '/news');
    const theme = page.getByRole('combobox', { name: 'Theme' });
    assert.is(await theme.inputValue(), 'auto', 'the system\'s theme until the visitor chooses');
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.is(await background(), 'rgb(255, 255, 255)');
    await theme.selectOption('dark');
    assert.is(await background(), 'rgb(17, 20, 24)');
    await page.goto(context.server.url + '/news/hello-world');
    assert.is(await themeAtBody(page), 'dark', 'the next page is dark from its first paint');
    assert.is(await background(), 'rgb(17, 20, 24)');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('auto');
    assert.is(await background(), 'rgb(255, 255, 255)', 'System follows the light system again');
    assert.is(await page.evaluate(() => localStorage.getItem('theme')), null, 'and forgets the choice');
    await page.reload();
    assert.is(await themeAtBody(page), 'none');
    // On a phone the choice is in the menu.
    await page.setViewportSize({ width: 375, height: 740 });
    assert.not.ok(await page.getByRole('combobox', { name: 'Theme' }).isVisible(), 'folded with the menu');
    await page.getByRole('button', { name: 'Menu' }).click();
    assert.ok(await page.getByRole('combobox', { name: 'Theme' }).isVisible(), 'inside the open menu');
    assert.equal(errors, [], 'the inline theme script ran under the policy (its hash is in the CSP)');
  } finally {
    await browsing.close();
  }
});

/** The goal: at most 2 KB of JavaScript, gzipped, on a page's first view (no island until one is touched). */
const FIRST_VIEW_GZIP_BYTES = 2 * 1024;

news('the home page, the news list, a tag page, a post with code and one with a video ship at most 2 KB of JavaScript gzip (inline and loaded) on their first view; no React', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 400, height: 800 });
  try {
    // Pages without an island: the runtime without the islands' machinery, and the page script, whose copy buttons and
    // play button the posts with code and with a video use.
    for (const route of ['/', '/news', '/tags/announcements', '/news/hello-world', '/news/a-picture']) {
      const bodies: Promise<[string, Buffer]>[] = [];
      const listen = (response: import('playwright-core').Response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body().then((body) => [new URL(response.url()).pathname, body]));
      };
      page.on('response', listen);
      await page.goto(context.server.url + route, { waitUntil: 'networkidle' });
      page.off('response', listen);
      const loaded = await Promise.all(bodies);
      const inline = await page.locator('script:not([src]):not([type])').allTextContents();
      assert.ok(inline.some((code) => code.includes('localStorage')), 'the theme script is inline');
      const total = [...loaded.map(([, body]) => body), ...inline.map((code) => Buffer.from(code))].reduce((sum, body) => sum + gzipSync(body).length, 0);
      assert.ok(total <= FIRST_VIEW_GZIP_BYTES, `${route} ships ${total} bytes gzip: ${loaded.map(([url]) => url).join(', ')} and ${inline.length} inline`);
      for (const [url, body] of loaded) assert.not.match(String(body), /react-dom|__SECRET_INTERNALS|useState/, `${url} is React`);
    }
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

news('the posts are set in the starter\'s own reading face, from the site\'s origin, with a stand-in of the same metrics until it arrives', async (context) => {
  const { page } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    const fonts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'font') fonts.push(request.url()); });
    await page.goto(context.server.url + '/news/hello-world', { waitUntil: 'networkidle' });
    assert.ok(fonts.length === 1 && fonts[0].startsWith(context.server.url + '/assets/source-serif-4-latin-wght-normal-'), `fonts fetched: ${fonts.join(', ')}`);
    const family = await page.locator('.post__body p').first().evaluate((element) => getComputedStyle(element).fontFamily);
    assert.match(family, /^"Source Serif 4", "Source Serif 4 Fallback"/);
    assert.ok(await page.evaluate(() => document.fonts.check('16px "Source Serif 4"')), 'the face is loaded');
    assert.is(await page.locator('link[rel="preload"][as="font"]').count(), 1, 'preloaded');
  } finally {
    await page.close();
  }
});

news('axe finds no violation on any page: light at 375 px, dark at 1280 px', async (context) => {
  const routes = await builtRoutes(context.build.outDir);
  assert.ok(routes.length >= 15, `the pages: ${routes.join(', ')}`);
  const found = await axeViolations(context.browser, context.server.url, routes);
  assert.equal(found, []);
});

news.run();
