/**
 * What the news starter's posts offer readers, in Chromium: a code block's
 * copy button, which loads nothing until the reader reaches for it and then
 * copies the code, by mouse or keyboard, and says so to a screen reader.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openPage, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { initStarter } from '../helpers/starter.ts';
import { buildSite, type BuildResult } from '../../src/pipeline.ts';

type Context = BrowsedSite<BuildResult>;

const content = suite<Context>('content');

content.before(async (context) => {
  const root = await initStarter('news');
  Object.assign(context, await browseBuild(buildSite({ root, outDir: path.join(root, 'dist'), now: new Date('2026-11-20T12:00:00Z') })));
});

content.after(async ({ close }) => {
  await close?.();
});

const CODE = '---\ntemplate: post\ntitle: Hello, world\ndate: 2026-11-02\n---';

content('a code block\'s copy button loads on the first reach, copies the code with the keyboard, and says so', async (context) => {
  const browser = await context.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const { page, errors } = await openPage(browser);
  try {
    const chunks: string[] = [];
    page.on('request', (request) => { if (/\/assets\/copy-code-/.test(request.url())) chunks.push(request.url()); });
    await page.goto(context.server.url + '/news/hello-world');
    const figure = page.getByRole('figure', { name: 'content/pages/news/hello-world.md' });
    assert.is(await figure.locator('mark.line').textContent(), 'title: Hello, world', 'line 3 is marked');
    assert.equal(chunks, [], 'the button\'s script loaded before anyone reached for it');
    const button = figure.getByRole('button', { name: 'Copy code' });
    // Tab until the button has focus, as a keyboard user would, then press Enter: the press that woke it copies.
    for (let presses = 0; presses < 40 && !(await button.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
    assert.ok(await button.evaluate((element) => element === document.activeElement), 'the button takes focus from the keyboard');
    await page.keyboard.press('Enter');
    await figure.getByRole('status').getByText('Copied').waitFor({ timeout: 10_000 });
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), CODE);
    assert.is(chunks.length, 1, 'the button\'s script loaded once');
    assert.equal(errors, []);
  } finally {
    await browser.close();
  }
});

content('on a German post the button speaks German', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    await page.goto(context.server.url + '/de/news/hello-world');
    await page.getByRole('figure', { name: 'content/pages/de/news/hello-world.md' }).getByRole('button', { name: 'Code kopieren' }).waitFor();
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

content.run();
