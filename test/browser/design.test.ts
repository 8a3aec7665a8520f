/**
 * What a visitor sees of the design in Chromium: the banner's message in the
 * first frame, the brand typeface from the site's own origin with no layout
 * shift when it arrives, the menu button that becomes a close button, and
 * About's key figures, each on one line.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { openPage, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { buildRealSite } from '../helpers/site.ts';

type Context = BrowsedSite<unknown>;

const FONT_BUDGET_BYTES = 30 * 1024;
const design = suite<Context>('design');

design.before(async (context) => {
  Object.assign(context, await browseBuild(buildRealSite()));
});

design.after(async ({ close }) => {
  await close?.();
});

async function open(context: Context, route: string, width: number): Promise<Page> {
  const { page } = await openPage(context.browser, { width, height: 800 });
  await page.goto(context.server.url + route);
  return page;
}

design('the banner scrolls, and its first frame shows the message from its start', async (context) => {
  for (const width of [375, 1280]) {
    const page = await open(context, '/', width);
    const frame = await page.evaluate(() => {
      const track = document.querySelector('.banner__track')!;
      const animations = track.getAnimations();
      // The first frame of the motion, whatever time the page took to load.
      for (const animation of animations) { animation.pause(); animation.currentTime = 0; }
      const message = track.querySelector('.banner__item:not([aria-hidden]) span')!.getBoundingClientRect();
      return { animated: animations.length, left: message.left, top: message.top, viewport: window.innerWidth };
    });
    assert.ok(frame.animated > 0, `${width} px: the banner does not scroll`);
    assert.ok(frame.left >= 0 && frame.left < 48, `${width} px: the message starts at ${Math.round(frame.left)} px, outside the first view of ${frame.viewport} px`);
    await page.close();
  }
});

design('the banner\'s second copy, there for a seamless loop, is hidden from assistive technology and from focus', async (context) => {
  const page = await open(context, '/', 1280);
  const copies = await page.locator('.banner__item').evaluateAll((items) => items.map((item) => ({ hidden: item.getAttribute('aria-hidden'), inert: (item as HTMLElement).inert })));
  assert.equal(copies, [{ hidden: null, inert: false }, { hidden: 'true', inert: true }]);
  assert.is(await page.getByRole('complementary', { name: 'Announcement' }).getByRole('link').count(), 1, 'one link for assistive technology');
  await page.close();
});

design('text is set in the brand typeface, one preloaded woff2 of at most 30 KB from the site\'s own /assets/', async (context) => {
  for (const route of ['/', '/about', '/contact']) {
    const { page } = await openPage(context.browser, { width: 1280, height: 800 });
    const fonts: { url: string; type: string | null; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'font') return;
      fonts.push({ url: response.url(), type: response.headers()['content-type'] ?? null, bytes: (await response.body()).length });
    });
    await page.goto(context.server.url + route, { waitUntil: 'networkidle' });
    const used = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        family: getComputedStyle(document.querySelector('h1')!).fontFamily,
        body: getComputedStyle(document.body).fontFamily,
        loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
      };
    });
    assert.match(used.family, /^"Plus Jakarta Sans"/, `${route}: the h1 is set in ${used.family}`);
    assert.match(used.body, /^"Plus Jakarta Sans"/, `${route}: the body is set in ${used.body}`);
    assert.ok(used.loaded.some((family) => family.replace(/"/g, '') === 'Plus Jakarta Sans'), `${route}: the brand face did not load (${used.loaded.join(', ')})`);
    assert.is(fonts.length, 1, `${route}: font files loaded: ${fonts.map((font) => font.url).join(', ')}`);
    const [font] = fonts;
    assert.ok(font.url.startsWith(`${context.server.url}/assets/`) && font.url.endsWith('.woff2'), `${route}: the font came from ${font.url}`);
    assert.is(font.type, 'font/woff2');
    assert.ok(font.bytes <= FONT_BUDGET_BYTES, `${route}: the font weighs ${font.bytes} bytes`);
    // Preloaded from the head, so it is on its way with the stylesheet rather than after it.
    const preloads = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => ({
      href: (link as HTMLLinkElement).href, type: link.getAttribute('type'), crossOrigin: link.getAttribute('crossorigin'),
    })));
    assert.equal(preloads, [{ href: font.url, type: 'font/woff2', crossOrigin: '' }], `${route}: the font's preload`);
    await page.close();
  }
});

/**
 * Loads a route with the font held back until the page has painted in the
 * fallback face, then lets it through: the swap a slow connection sees, and
 * returns the layout shifts recorded over the whole load, added up as CLS is.
 */
async function shiftsWithLateFont(context: Context, route: string, width: number): Promise<number> {
  const { page } = await openPage(context.browser, { width, height: 800 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/*.woff2', async (request) => { await held; await request.continue(); });
  // Not 'load': a font still on its way holds the load event back.
  await page.goto(context.server.url + route, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  assert.is(await page.evaluate(() => document.fonts.check('16px "Plus Jakarta Sans"')), false, `${route} @${width}: the font was there before it was released`);
  release();
  const shift = await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Layout shifts reach only an observer (buffered: every one since the navigation), not performance.getEntries().
    const entries = await new Promise<(PerformanceEntry & { value: number; hadRecentInput: boolean })[]>((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries() as never);
      }).observe({ type: 'layout-shift', buffered: true });
      // No shift at all means no callback: look once more after a frame.
      requestAnimationFrame(() => setTimeout(() => resolve([]), 0));
    });
    return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
  });
  await page.close();
  return shift;
}

/**
 * Below this a report shows CLS as 0 (Lighthouse and PageSpeed print three
 * decimals, web-vitals two). The metric-matched fallback keeps every line's
 * height and break; what is left is a few pixels sideways where a line of
 * Arial and one of Plus Jakarta Sans differ in width by their own letters
 * (the navbar's links, the banner's link): about 0.0003 at 1280 px. Without
 * the fallback's metrics the same swap shifts pages by up to 0.003, and any
 * line that wraps differently moves everything under it by a line.
 */
const CLS_SHOWN_AS_ZERO = 0.0005;

design('nothing visibly moves when the font arrives late: CLS shows as 0 at 375 and 1280 px', async (context) => {
  const found: string[] = [];
  // /customerlogin is short: its footer is in the first view, where a line of the footer that broke differently would show.
  for (const route of ['/', '/about', '/botshieldai', '/contact', '/customerlogin']) {
    for (const width of [375, 1280]) {
      const shift = await shiftsWithLateFont(context, route, width);
      if (shift >= CLS_SHOWN_AS_ZERO) found.push(`${route} @${width}: layout shift ${shift.toFixed(4)}`);
    }
  }
  assert.equal(found, [], found.join('\n'));
});

design('the menu button shows three bars while the menu is shut and a cross while it is open', async (context) => {
  const page = await open(context, '/about', 375);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const icons = () => toggle.evaluate((button) => ({
    bars: (button.querySelector('.navbar__icon--open') as SVGElement).getBoundingClientRect().width > 0,
    cross: (button.querySelector('.navbar__icon--close') as SVGElement).getBoundingClientRect().width > 0,
  }));
  assert.equal(await icons(), { bars: true, cross: false }, 'shut');
  await toggle.click();
  assert.equal(await icons(), { bars: false, cross: true }, 'open');
  await page.keyboard.press('Escape');
  assert.equal(await icons(), { bars: true, cross: false }, 'shut again');
  await page.close();
});

design('About\'s key figures: each value on one line, the values of a row on one baseline', async (context) => {
  for (const width of [375, 768, 1280]) {
    const page = await open(context, '/about', width);
    const values = await page.locator('.facts dd').evaluateAll((items) => items.map((item) => {
      const range = document.createRange();
      range.selectNodeContents(item);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { text: item.textContent, lines: lines.size, top: Math.round(item.getBoundingClientRect().top), bottom: Math.round(item.getBoundingClientRect().bottom) };
    }));
    assert.ok(values.length >= 2, `${width} px: ${values.length} figures`);
    for (const value of values) assert.is(value.lines, 1, `${width} px: "${value.text}" wraps onto ${value.lines} lines`);
    const rows = new Map<number, number[]>();
    for (const value of values) rows.set(value.top, [...(rows.get(value.top) ?? []), value.bottom]);
    for (const [top, bottoms] of rows) assert.is(new Set(bottoms).size, 1, `${width} px: the values of the row at ${top} px end at ${bottoms.join(', ')}`);
    assert.ok(rows.size < values.length, `${width} px: no two figures share a row`);
    await page.close();
  }
});

design('About names the founding date once in its overview (the figure) and once in its summary', async (context) => {
  const page = await open(context, '/about', 1280);
  const count = (selector: string) => page.locator(selector).innerText().then((text) => (text.match(/\b(?:Dec|December) 2021\b/g) ?? []).length);
  assert.is(await count('#overview'), 1, 'the overview');
  assert.is(await count('#at-a-glance'), 1, 'the summary cards');
  await page.close();
});

design('no diagram label shows under 12 px: at 375 px the narrow drawing, from 640 px the wide one', async (context) => {
  for (const width of [375, 768, 1280]) {
    for (const route of ['/adaptive', '/passwordless', '/continuous']) {
      const page = await open(context, route, width);
      const figures = await page.locator('img.figure__image').evaluateAll((images) => Promise.all(images.map(async (element) => {
        const image = element as HTMLImageElement;
        image.loading = 'eager';
        await image.decode();
        const svg = await (await fetch(image.currentSrc)).text();
        const sizes = [...svg.matchAll(/data-size="([\d.]+)"/g)].map((match) => Number(match[1]));
        const box = Number(svg.match(/viewBox="0 0 ([\d.]+)/)?.[1]);
        return { src: new URL(image.currentSrc).pathname, shown: image.getBoundingClientRect().width, box, sizes };
      })));
      assert.ok(figures.length >= 1, `${route} @${width}: no diagram`);
      for (const figure of figures) {
        assert.is(figure.src.includes('-narrow'), width < 640, `${route} @${width}: shows ${figure.src}`);
        assert.ok(figure.sizes.length >= 6, `${route} @${width}: ${figure.src} has ${figure.sizes.length} labels`);
        const smallest = (Math.min(...figure.sizes) * figure.shown) / figure.box;
        assert.ok(smallest >= 12, `${route} @${width}: ${figure.src} draws a label at ${smallest.toFixed(1)} px`);
      }
      await page.close();
    }
  }
});

design('no card stands alone on a row: a short last row is centred, and a lone last card spans the row', async (context) => {
  const found: string[] = [];
  let grids = 0;
  for (const route of ['/', '/about', '/adaptive', '/passwordless', '/continuous', '/botshieldai', '/solutions', '/biometrics', '/sso']) {
    for (const width of [768, 1280]) {
      const page = await open(context, route, width);
      const rows = await page.locator('ul.grid').evaluateAll((lists) => lists.map((list) => {
        const box = list.getBoundingClientRect();
        const items = [...list.children].map((item) => item.getBoundingClientRect());
        const lastTop = Math.round(items.at(-1)!.top);
        const last = items.filter((item) => Math.round(item.top) === lastTop);
        return {
          name: list.getAttribute('data-count') ?? list.className, rows: new Set(items.map((item) => Math.round(item.top))).size,
          lastCount: last.length, lastWidth: Math.round(last[0].width), width: Math.round(box.width),
          leftGap: Math.round(last[0].left - box.left), rightGap: Math.round(box.right - last.at(-1)!.right),
        };
      }));
      for (const grid of rows) {
        grids += 1;
        const where = `${route} @${width} ${grid.name}`;
        if (grid.rows > 1 && grid.lastCount === 1 && grid.lastWidth < grid.width - 1) found.push(`${where}: one card alone on the last row`);
        if (Math.abs(grid.leftGap - grid.rightGap) > 2) found.push(`${where}: the last row is not centred (${grid.leftGap} px left, ${grid.rightGap} px right)`);
      }
      await page.close();
    }
  }
  assert.ok(grids > 30, `only ${grids} grids found`);
  assert.equal(found, [], found.join('\n'));
});

design('title-only lists (the sectors, where it is used) read as labels, not as filters: no box, no pill, nothing to press', async (context) => {
  let lists = 0;
  for (const route of ['/continuous', '/botshieldai', '/password']) {
    const page = await open(context, route, 1280);
    for (const list of await page.locator('ul.items--chips').all()) {
      lists += 1;
      const looks = await list.locator('li').evaluateAll((items) => items.map((item) => {
        const style = getComputedStyle(item);
        return { border: style.borderTopStyle, background: style.backgroundColor, radius: style.borderTopLeftRadius, cursor: style.cursor, controls: item.querySelectorAll('a, button, input').length };
      }));
      for (const look of looks) assert.equal(look, { border: 'none', background: 'rgba(0, 0, 0, 0)', radius: '0px', cursor: 'auto', controls: 0 }, route);
      // Each label is marked as a list item is, by a small square in the accent colour before it.
      const marker = await list.locator('li').first().evaluate((item) => getComputedStyle(item, '::before').backgroundColor);
      assert.is(marker, 'rgb(15, 118, 110)', `${route}: the marker is not the accent`);
    }
    await page.close();
  }
  assert.ok(lists >= 3, `only ${lists} label lists found`);
});

design.run();
