/**
 * The docs starter in Chromium, as `sitegen init --starter docs` writes it:
 * the sidebar, the theme (no flash: the chosen theme is on <html> before the
 * body exists), the search and its shortcut, the menu on a phone, the table
 * of contents following the reader, and tabs. The site's own policy is
 * served with it, and no page may break it.
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

const docs = suite<Context>('docs starter');

docs.before(async (context) => {
  const root = await initStarter('docs');
  Object.assign(context, await browseBuild(buildSite({ root, outDir: path.join(root, 'dist') })));
});

docs.after(async ({ close }) => {
  await close?.();
});

docs('the sidebar marks the page shown; its groups fold; previous and next follow its order', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    await page.goto(context.server.url + '/guides/getting-started');
    const sidebar = page.getByRole('navigation', { name: 'Pages', exact: true });
    const current = sidebar.locator('[aria-current="page"]');
    assert.is(await current.textContent(), 'Getting started');
    assert.equal(await sidebar.getByRole('link').allTextContents(),
      ['Introduction', 'Overview', 'Getting started', 'Writing pages', 'Overview', 'Components', 'Configuration']);
    const reference = sidebar.locator('summary', { hasText: 'Reference' });
    await reference.click();
    assert.not.ok(await sidebar.getByRole('link', { name: 'Components' }).isVisible(), 'the folded group hides its pages');
    await reference.click();
    assert.ok(await sidebar.getByRole('link', { name: 'Components' }).isVisible());
    const pages = page.getByRole('navigation', { name: 'Previous and next pages' });
    assert.equal(await pages.getByRole('link').allTextContents(), ['Previous Guides', 'Next Writing pages']);
    await pages.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL(`${context.server.url}/guides/writing-pages`);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

docs('the sidebar\'s dividing line runs the window\'s full height, at the top of a page and scrolled down', async (context) => {
  const { page } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    await page.goto(context.server.url + '/guides/writing-pages');
    const sidebar = page.getByRole('navigation', { name: 'Pages', exact: true });
    // The line is the sidebar's right border: it reaches the window's bottom wherever the page is scrolled.
    for (const scroll of [0, 600]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      const box = (await sidebar.evaluate((element) => {
        const rect = element.closest('.sidebar')!.getBoundingClientRect();
        return { bottom: rect.bottom, border: getComputedStyle(element.closest('.sidebar')!).borderRightWidth };
      }));
      assert.ok(Math.abs(box.bottom - 800) <= 1, `scrolled ${scroll} px: the line ends ${Math.round(800 - box.bottom)} px above the window's bottom`);
      assert.is(box.border, '1px');
    }
  } finally {
    await page.close();
  }
});

docs('a chosen theme is on <html> before the body is parsed, kept from page to page, the code blocks follow; System gives the choice back', async (context) => {
  const browsing = await context.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
  const { page, errors } = await openPage(browsing);
  try {
    await recordThemeAtBody(page);
    await page.goto(context.server.url + '/guides/writing-pages');
    const theme = page.getByRole('combobox', { name: 'Theme' });
    assert.is(await theme.inputValue(), 'auto', 'the system\'s theme until the visitor chooses');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const codeBackground = () => page.evaluate(() => getComputedStyle(document.querySelector('.code-block pre')!).backgroundColor);
    assert.is(await background(), 'rgb(255, 255, 255)', 'a light system is light');
    const lightCode = await codeBackground();
    await theme.selectOption('dark');
    assert.is(await background(), 'rgb(15, 18, 23)');
    assert.is.not(await codeBackground(), lightCode, 'code blocks turn dark with the page');
    await page.goto(context.server.url + '/reference/components');
    assert.is(await themeAtBody(page), 'dark', 'the next page is dark from its first paint');
    assert.is(await background(), 'rgb(15, 18, 23)');
    assert.is(await page.getByRole('combobox', { name: 'Theme' }).inputValue(), 'dark');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('auto');
    assert.is(await background(), 'rgb(255, 255, 255)', 'System follows the light system again');
    assert.is(await page.evaluate(() => localStorage.getItem('theme')), null, 'and forgets the choice');
    await page.reload();
    assert.is(await themeAtBody(page), 'none');
    assert.equal(errors, [], 'the inline theme script ran under the policy (its hash is in the CSP)');
  } finally {
    await browsing.close();
  }
});

docs('/ focuses the search from anywhere; results come as one types, under the policy; Escape empties it', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    await page.goto(context.server.url + '/');
    await page.keyboard.press('/');
    const field = page.getByRole('searchbox', { name: 'Search' });
    assert.ok(await field.evaluate((element) => element === document.activeElement), 'the shortcut focused the field');
    await page.keyboard.type('arrow keys');
    const result = page.locator('.search__panel').getByRole('link', { name: 'Writing pages' });
    await result.waitFor({ timeout: 10_000 });
    assert.match(await page.locator('.search [role="status"]').textContent() ?? '', /\d+ pages? found/);
    await page.keyboard.press('Escape');
    assert.is(await field.inputValue(), '');
    assert.ok(await page.locator('.search__panel').isHidden());
    await page.keyboard.press('Control+k');
    assert.ok(await field.evaluate((element) => element === document.activeElement), 'Ctrl+K focuses it too');
    assert.equal(errors, [], 'no policy broke the index (WebAssembly is allowed, nothing else)');
  } finally {
    await page.close();
  }
});

docs('the home page is a landing page: its title large, a tagline, actions that lead into the guide, feature cards; no sidebar beside it, and on a phone the menu still opens it', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    await page.goto(context.server.url + '/');
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome' });
    assert.ok(await heading.isVisible());
    assert.ok(Number.parseFloat(await heading.evaluate((element) => getComputedStyle(element).fontSize)) >= 48, 'the title is large');
    assert.match(await page.locator('.hero__tagline').textContent() ?? '', /^Everything about my project/);
    const cards = page.locator('main .features').getByRole('listitem');
    assert.is(await cards.count(), 4);
    assert.equal(await page.locator('main .features').getByRole('heading', { level: 2 }).allTextContents(),
      ['A sidebar from your folders', 'Search on every page', 'Contents beside each page', 'Light and dark']);
    // The cards stand side by side on a wide screen.
    const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    assert.ok(first && second && Math.abs(first.y - second.y) < 1 && second.x > first.x, 'the cards are in a row');
    assert.not.ok(await page.getByRole('navigation', { name: 'Pages', exact: true }).isVisible(), 'no sidebar beside a landing page');
    assert.is(await page.getByRole('navigation', { name: 'On this page' }).count(), 0, 'no contents beside it');
    const start = page.getByRole('link', { name: 'Get started' });
    assert.is(await start.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(29, 78, 216)', 'the first action is filled with the accent');
    await start.click();
    await page.waitForURL('**/guides/getting-started');
    assert.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Getting started');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(context.server.url + '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Pages', exact: true });
    assert.ok(await sidebar.isVisible(), 'the phone\'s menu shows the pages');
    assert.ok(await sidebar.getByRole('link', { name: 'Introduction' }).isVisible());
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

docs('axe finds no violation on any page: light at 375 px, dark at 1280 px (a code block that scrolls takes the focus)', async (context) => {
  const routes = await builtRoutes(context.build.outDir);
  assert.ok(routes.length >= 7, `the pages: ${routes.join(', ')}`);
  const found = await axeViolations(context.browser, context.server.url, routes);
  assert.equal(found, []);
});

docs('on a phone the header is one row; the menu opens over the page, keeps the focus inside it, and Escape closes it', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 375, height: 740 });
  try {
    await page.goto(context.server.url + '/guides/getting-started');
    const sidebar = page.getByRole('navigation', { name: 'Pages', exact: true });
    assert.not.ok(await sidebar.isVisible(), 'closed at first');
    const menu = page.getByRole('button', { name: 'Menu' });
    // One row: the name, the search and the menu button side by side, the header no taller than 64 px.
    const [brand, search, button, header] = await Promise.all([
      page.locator('.brand').boundingBox(), page.getByRole('searchbox', { name: 'Search' }).boundingBox(), menu.boundingBox(), page.locator('.site-header').boundingBox(),
    ]);
    assert.ok(brand && search && button && header, 'the header\'s parts');
    assert.ok(header.height <= 64, `the header is ${Math.round(header.height)} px tall`);
    for (const [name, box] of [['the search', search], ['the menu button', button]] as const) {
      assert.ok(Math.abs((box.y + box.height / 2) - (brand.y + brand.height / 2)) < 4, `${name} is on the name's row`);
    }
    const before = await page.locator('main h1').boundingBox();
    await menu.click();
    assert.is(await menu.getAttribute('aria-expanded'), 'true');
    assert.ok(await sidebar.getByRole('link', { name: 'Writing pages' }).isVisible());
    // Over the page, not in its flow: the page's heading has not moved, and the menu reaches the window's bottom.
    assert.equal(await page.locator('main h1').boundingBox(), before, 'the page did not move');
    const panel = await page.locator('.sidebar').boundingBox();
    assert.ok(panel && Math.abs(panel.y + panel.height - 740) <= 1, 'the menu covers the page to the window\'s bottom');
    // The theme and the links are in it, at its top.
    assert.ok(await page.getByRole('combobox', { name: 'Theme' }).isVisible());
    assert.ok(await page.getByRole('link', { name: 'GitHub' }).isVisible());
    // Tab goes round the menu: from its last link back to its button, and Shift+Tab the other way.
    await sidebar.getByRole('link', { name: 'Configuration' }).focus();
    await page.keyboard.press('Tab');
    assert.ok(await menu.evaluate((element) => element === document.activeElement), 'Tab from the last link comes back to the button');
    await page.keyboard.press('Shift+Tab');
    assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Configuration', 'Shift+Tab from the button goes to the last link');
    await page.keyboard.press('Escape');
    assert.not.ok(await sidebar.isVisible());
    assert.ok(await menu.evaluate((element) => element === document.activeElement), 'the focus went back to the button');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `nothing wider than the phone (${width} px)`);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

docs('the header\'s GitHub link is its mark, named for a screen reader; the theme menu is labelled, drawn as the other controls', async (context) => {
  const { page } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    await page.goto(context.server.url + '/');
    const github = page.getByRole('link', { name: 'GitHub' });
    assert.ok(await github.isVisible());
    assert.is(await github.locator('svg').count(), 1, 'its mark');
    // Its words are its name, not on show: the one box that holds them is a pixel wide.
    const words = await github.evaluate((element) => [...element.querySelectorAll('span')].map((span) => [span.textContent, span.getBoundingClientRect().width]));
    assert.equal(words, [['GitHub', 1]], 'no words on show');
    const theme = page.getByRole('combobox', { name: 'Theme' });
    assert.ok(await theme.isVisible());
    assert.is(await theme.evaluate((element) => getComputedStyle(element).appearance), 'none', 'not the browser\'s own arrow');
  } finally {
    await page.close();
  }
});

docs('the table of contents marks the section being read', async (context) => {
  const { page } = await openPage(context.browser, { width: 1280, height: 700 });
  try {
    await page.goto(context.server.url + '/guides/writing-pages');
    const contents = page.getByRole('navigation', { name: 'On this page' });
    const marked = () => contents.locator('[aria-current="true"]').textContent();
    assert.is(await marked(), 'Asides');
    await page.locator('#code').evaluate((heading) => heading.scrollIntoView());
    await page.waitForFunction(() => document.querySelector('.toc [aria-current="true"]')?.textContent === 'Code');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelector('.toc [aria-current="true"]')?.textContent === 'Links and images');
    assert.ok(await contents.isVisible(), 'beside the page at 1280 px');
  } finally {
    await page.close();
  }
});

docs('tabs: the first press switches at once (it wakes the island and is made again), arrow keys move between them', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    await page.goto(context.server.url + '/guides/writing-pages');
    const tabs = page.getByRole('tablist');
    assert.is(await tabs.getByRole('tab', { selected: true }).textContent(), 'npm');
    await tabs.getByRole('tab', { name: 'pnpm' }).click();
    await page.getByRole('tabpanel', { name: 'pnpm' }).waitFor();
    assert.is(await page.getByRole('tabpanel', { name: 'pnpm' }).textContent(), 'pnpm install');
    await page.keyboard.press('ArrowRight');
    assert.is(await tabs.getByRole('tab', { selected: true }).textContent(), 'yarn');
    assert.ok(await tabs.getByRole('tab', { name: 'yarn' }).evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Home');
    assert.is(await tabs.getByRole('tab', { selected: true }).textContent(), 'npm');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

/** The goal: at most 3 KB of JavaScript, gzipped, before the visitor reaches into the search, a tab set or the menu. */
const FIRST_VIEW_GZIP_BYTES = 3 * 1024;

docs('a page ships at most 3 KB of JavaScript gzip (inline and loaded) until the visitor reaches into something; no React', async (context) => {
  const { page, errors } = await openPage(context.browser, { width: 400, height: 800 });
  try {
    const bodies: Promise<[string, Buffer]>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body().then((body) => [new URL(response.url()).pathname, body]));
    });
    await page.goto(context.server.url + '/guides/writing-pages', { waitUntil: 'networkidle' });
    const loaded = await Promise.all(bodies);
    const inline = await page.locator('script:not([src]):not([type])').allTextContents();
    assert.ok(inline.some((code) => code.includes('localStorage')), 'the theme script is inline');
    const total = [...loaded.map(([, body]) => body), ...inline.map((code) => Buffer.from(code))].reduce((sum, body) => sum + gzipSync(body).length, 0);
    assert.ok(total <= FIRST_VIEW_GZIP_BYTES, `the page ships ${total} bytes gzip: ${loaded.map(([url]) => url).join(', ')} and ${inline.length} inline`);
    for (const [url, body] of loaded) assert.not.match(String(body), /react-dom|__SECRET_INTERNALS|useState/, `${url} is React`);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

docs('the pages are set in Inter, from the site\'s origin, preloaded, with a stand-in of the same metrics until it arrives', async (context) => {
  const { page } = await openPage(context.browser, { width: 1280, height: 800 });
  try {
    const fonts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'font') fonts.push(request.url()); });
    await page.goto(context.server.url + '/guides/writing-pages', { waitUntil: 'networkidle' });
    assert.ok(fonts.length === 1 && fonts[0].startsWith(context.server.url + '/assets/inter-latin-wght-normal-'), `fonts fetched: ${fonts.join(', ')}`);
    assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /^Inter, "Inter Fallback"/);
    assert.ok(await page.evaluate(() => document.fonts.check('16px Inter')), 'the face is loaded');
    assert.is(await page.locator('link[rel="preload"][as="font"]').count(), 1, 'preloaded');
  } finally {
    await page.close();
  }
});

docs('an unknown address answers 404 with the designed page, which names no sidebar entry of its own', async (context) => {
  const { page } = await openPage(context.browser);
  try {
    const response = await page.goto(context.server.url + '/guides/nowhere');
    assert.is(response?.status(), 404);
    assert.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Page not found');
    assert.ok(await page.getByRole('searchbox', { name: 'Search' }).isVisible());
    assert.is(await page.getByRole('navigation', { name: 'Pages', exact: true }).locator('[aria-current]').count(), 0);
  } finally {
    await page.close();
  }
});

docs('steps written in Markdown are a numbered list whose code blocks copy; an aside\'s Markdown body shows formatted, its link followed', async (context) => {
  const browser = await context.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const { page, errors } = await openPage(browser);
  try {
    await page.goto(context.server.url + '/guides/getting-started');
    const steps = page.locator('.steps-body').getByRole('list').first();
    const items = steps.getByRole('listitem');
    assert.is(await items.count(), 3, 'three steps, an ordered list screen readers count');
    assert.ok((await items.nth(0).textContent())!.startsWith('Install.'));
    // The step's number is drawn by the theme's counter, as for steps given in props.
    assert.is(await items.nth(1).evaluate((item) => getComputedStyle(item, '::before').content), 'counter(step)');
    await items.nth(1).getByRole('button', { name: 'Copy code' }).click();
    await items.nth(1).getByRole('status').getByText('Copied').waitFor({ timeout: 10_000 });
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'npm run dev');
    await page.goto(context.server.url + '/guides/writing-pages');
    const aside = page.getByRole('complementary', { name: 'Tip' });
    assert.is(await aside.locator('strong').first().textContent(), 'note', 'bold, not asterisks');
    assert.not.match(await aside.textContent() ?? '', '**');
    await aside.getByRole('link', { name: 'link to a page' }).click();
    await page.waitForURL(`${context.server.url}/guides/getting-started`);
    assert.equal(errors, []);
  } finally {
    await browser.close();
  }
});

docs.run();
