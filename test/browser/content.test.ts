/**
 * What the news starter's posts offer readers, in Chromium: a code block's
 * copy button, which loads nothing until the reader reaches for it and then
 * copies the code, by mouse or keyboard, and says so to a screen reader; a
 * video embed, which asks nothing of the video's host until the reader
 * presses play, and whose player only its own page may frame. Neither is an
 * island: the build draws them and the page script works them.
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

content('a code block\'s copy button copies the code with the keyboard and says so, with no island and no script of its own', async (context) => {
  const browser = await context.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const { page, errors } = await openPage(browser);
  try {
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(context.server.url + '/news/hello-world', { waitUntil: 'networkidle' });
    const figure = page.getByRole('figure', { name: 'content/pages/news/hello-world.md' });
    assert.is(await figure.locator('mark.line').textContent(), 'title: Hello, world', 'line 3 is marked');
    assert.is(await page.locator('sitegen-island').count(), 0, 'the button is no island');
    const button = figure.getByRole('button', { name: 'Copy code' });
    // Tab until the button has focus, as a keyboard user would, then press Enter: the press that woke it copies.
    for (let presses = 0; presses < 40 && !(await button.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
    assert.ok(await button.evaluate((element) => element === document.activeElement), 'the button takes focus from the keyboard');
    await page.keyboard.press('Enter');
    await figure.getByRole('status').getByText('Copied').waitFor({ timeout: 10_000 });
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), CODE);
    assert.ok(scripts.every((script) => /^\/assets\/runtime-[\w-]+\.js$/.test(script)) && !scripts.some((script) => /runtime-islands|copy-code/.test(script)),
      `the page loads the runtime without the islands' machinery, and nothing for the button: ${scripts.join(', ')}`);
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

const PLAYER = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1';

content('an embed asks nothing of YouTube until play is pressed from the keyboard, then frames its player and hands it the focus, with no island', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    const foreign: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(context.server.url)) foreign.push(request.url());
      else if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // No network here: the player is a stand-in page, served for its address.
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><title>Player</title><p>Playing</p>' }));
    await page.goto(context.server.url + '/news/a-picture');
    const name = 'Play video: Big Buck Bunny, an open film by the Blender Foundation';
    const play = page.getByRole('button', { name });
    await play.waitFor();
    assert.is(await page.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href'), 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'a way to the video without script');
    for (let presses = 0; presses < 40 && !(await play.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
    assert.ok(await play.evaluate((element) => element === document.activeElement), 'the play button takes focus from the keyboard');
    assert.equal(foreign, [], 'nothing was asked of another host before play');
    await page.keyboard.press('Enter');
    const frame = page.getByTitle('Big Buck Bunny, an open film by the Blender Foundation');
    await frame.waitFor({ timeout: 10_000 });
    assert.is(await frame.getAttribute('src'), PLAYER);
    await page.frameLocator('iframe').getByText('Playing').waitFor({ timeout: 10_000 });
    assert.equal(foreign.filter((url) => !url.startsWith('https://www.youtube-nocookie.com/')), [], 'the player\'s host only');
    assert.ok(foreign.includes(PLAYER), 'the page\'s policy let the player load');
    assert.ok(await frame.evaluate((element) => element === document.activeElement), 'the player has the focus');
    assert.is(await page.getByRole('button', { name }).count(), 0, 'the poster gave way to the player');
    assert.is(await page.locator('sitegen-island').count(), 0, 'the embed is no island');
    assert.ok(scripts.length > 0 && scripts.every((script) => /^\/assets\/runtime-[\w-]+\.js$/.test(script)) && !scripts.some((script) => /runtime-islands|video-embed/.test(script)),
      `the page loads the runtime without the islands' machinery, and nothing for the video: ${scripts.join(', ')}`);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

content('a page without an embed may frame no player: its own policy closes frame-src', async (context) => {
  const { page } = await openPage(context.browser);
  try {
    const asked: string[] = [];
    await page.route('https://www.youtube-nocookie.com/**', (route) => { asked.push(route.request().url()); return route.fulfill({ contentType: 'text/html', body: 'framed' }); });
    await page.goto(context.server.url + '/news/hello-world');
    // What an injected script would try: the header allows the players for the site's embed pages, this page's meta policy does not.
    const violated = await page.evaluate((src) => new Promise<string>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`));
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
      setTimeout(() => resolve('no violation'), 5000);
    }), PLAYER);
    assert.is(violated, `frame-src ${new URL(PLAYER).origin}`, "a violation of the page's frame-src, reported with the origin only");
    assert.equal(asked, [], 'the player was never asked for');
  } finally {
    await page.close();
  }
});

content.run();
