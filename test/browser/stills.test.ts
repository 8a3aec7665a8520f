/**
 * The product stills' stage (design/stills/): every screen drawn whole, in
 * Chromium as `npm run stills` draws it. A word, a chip, a table cell or a
 * card that its panel cuts off (the card around it, the app window, the
 * phone's screen) is a flaw a visitor sees in the hero, and fails here before
 * a still is ever written with it. The committed PNGs are drawn from these
 * screens (design/stills.ts refuses to write one that is cut off).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { REPO_ROOT } from '../helpers/site.ts';
import { STILLS } from '../../design/stills.ts';

const stills = suite<{ browser: Browser }>('product stills');
const STAGE = pathToFileURL(path.join(REPO_ROOT, 'design', 'stills', 'stage.html')).href;

stills.before(async (context) => {
  context.browser = await launchBrowser();
});

stills.after(async (context) => {
  await context.browser?.close();
});

/** The screen `name` on the stage, at the size the stills are shot, and what its panels cut off. */
async function cutOffIn(browser: Browser, name: string, html?: string, narrow = false): Promise<string[]> {
  const page = await browser.newPage({ viewport: narrow ? { width: 320, height: 400 } : { width: 480, height: 360 } });
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${STAGE}?screen=${name}${narrow ? '&cut=narrow' : ''}`);
    await page.evaluate(() => document.fonts.ready);
    assert.equal(errors, [], `${name}: the screen did not draw`);
    if (html) await page.evaluate((extra) => document.querySelector('.body')!.insertAdjacentHTML('beforeend', extra), html);
    return await page.evaluate(() => (window as unknown as { cutOff(): string[] }).cutOff());
  } finally {
    await page.close();
  }
}

stills('no screen has a word, chip, cell or card that its panel cuts off, in its wide cut or its narrow one', async ({ browser }) => {
  assert.ok(STILLS.length >= 19, `only ${STILLS.length} stills`);
  const found: string[] = [];
  for (const name of STILLS) {
    found.push(...(await cutOffIn(browser, name)).map((problem) => `${name}: ${problem}`));
    found.push(...(await cutOffIn(browser, name, undefined, true)).map((problem) => `${name}, narrow: ${problem}`));
  }
  assert.equal(found, [], found.join('\n'));
});

stills('the check sees a card pushed out of the window and a pill wider than its card', async ({ browser }) => {
  const cut = await cutOffIn(browser, 'botverdicts', '<div class="tile" style="height:400px"><h4>Pushed out</h4></div>');
  assert.ok(cut.some((problem) => problem.includes('"Pushed out"') && problem.includes('leaves div.window')), cut.join('\n'));
  const wide = await cutOffIn(browser, 'sso', '<div class="tile" style="width:60px"><span class="chip bad">A verdict far wider than its card</span></div>');
  assert.ok(wide.some((problem) => problem.startsWith('span.chip.bad') && problem.includes('leaves div.tile')), wide.join('\n'));
});

stills.run();
