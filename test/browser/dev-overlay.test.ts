import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { startDev, type DevSession } from '../../src/dev/dev.ts';
import { buildSite } from '../../src/pipeline.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { waitUntil } from '../helpers/wait-until.ts';

let browser: Browser;
let session: DevSession;
let root: string;
/** What the terminal printed on stderr, without colours. */
let printed: string[] = [];
const originals = { log: console.log, error: console.error, warn: console.warn };

test.before(async () => {
  root = await copyFixture('basic');
  console.log = (...args: unknown[]) => void printed.push(args.join(' '));
  console.warn = () => undefined;
  console.error = (...args: unknown[]) => void printed.push(stripVTControlCharacters(args.join(' ')));
  session = await startDev({ root, port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});

test.after(async () => {
  await browser?.close();
  await session?.close();
  Object.assign(console, originals);
});

const overlay = (page: Page) => page.getByRole('dialog', { name: 'sitegen: the build failed' });

async function openConnected(pathname: string) {
  const opened = await openPage(browser);
  const response = await opened.page.goto(session.server.url + pathname);
  await opened.page.locator('html[data-sitegen-dev="connected"]').waitFor({ state: 'attached' });
  return { ...opened, status: response?.status() };
}

/** Makes a change and waits until dev has rebuilt (or failed to): each rebuild ends with one of these two lines. */
async function saved(change: () => Promise<void>): Promise<void> {
  const before = printed.length;
  await change();
  const done = () => printed.slice(before).some((line) => line.startsWith('rebuilt ') || line.startsWith('still serving the last good build'));
  await waitUntil(done, 'dev rebuilds', { timeoutMs: 5000 }).catch(() => assert.unreachable(`no rebuild after the change:\n${printed.slice(before).join('\n')}`));
}

/**
 * The terminal's report of the last failed rebuild: its `error …` entries, which its "still serving" line ends. Waited
 * for: on a busy machine the watcher can report the previous save late, so the rebuild `saved()` saw may not yet be
 * the one that read this change; and one save may be rebuilt twice (the watcher's second look at a file saved twice
 * within 50 ms), each failure printing its report, of which the overlay shows the last.
 */
async function terminalErrors(file: string): Promise<string[]> {
  const isEnd = (line: string) => line.startsWith('still serving the last good build');
  const entries = () => {
    const end = printed.findLastIndex(isEnd);
    if (end < 0) return [];
    const from = printed.slice(0, end).findLastIndex((line) => line.startsWith('rebuilt ') || line.startsWith('built ') || isEnd(line));
    return printed.slice(from + 1, end).filter((line) => line.startsWith('error ') && line.includes(file)).map((line) => line.trimEnd());
  };
  await waitUntil(async () => (await session.idle(), entries().length > 0), 'an error in the terminal', { timeoutMs: 5000 })
    .catch(() => assert.unreachable(`the terminal printed no error for ${file}:\n${printed.join('\n')}`));
  return entries();
}

test('a broken content file shows the terminal\'s report over open tabs, escaped, and fixing it removes it', async () => {
  const { page, errors } = await openConnected('/about');
  printed = [];
  // Markup in the broken line must come out as text, never as elements.
  await edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: [<img src=x onerror=alert(1)>');
  const dialog = overlay(page);
  await dialog.waitFor();
  const shown = (await dialog.locator('pre').allTextContents()).map((text) => text.trimEnd());
  const terminal = await terminalErrors('content/pages/about.yaml');
  assert.equal(shown, terminal, 'the overlay shows the terminal\'s text');
  assert.match(shown[0], '| heading: [<img src=x onerror=alert(1)>', 'the code frame shows the line as typed');
  assert.is(await dialog.locator('img').count(), 0, 'the typed markup became an element');
  assert.is(await page.locator('h1').innerText(), 'About the fixture', 'the last good page stays under the overlay');

  await Promise.all([
    page.waitForEvent('load'),
    saved(() => edit(root, 'content/pages/about.yaml', 'heading: [<img src=x onerror=alert(1)>', 'heading: About, fixed')),
  ]);
  assert.is(await page.locator('h1').innerText(), 'About, fixed');
  await overlay(page).waitFor({ state: 'detached' });
  assert.equal(errors, [], 'console errors (a CSP violation would be one)');
  await page.close();
});

test('fixing a file back to what was built removes the overlay without a reload', async () => {
  const { page, errors } = await openConnected('/about');
  await edit(root, 'content/pages/about.yaml', 'heading: About, fixed', 'heading: [');
  await overlay(page).waitFor();
  await page.evaluate(() => { (window as unknown as { marker: boolean }).marker = true; });
  await saved(() => edit(root, 'content/pages/about.yaml', 'heading: [', 'heading: About, fixed'));
  await overlay(page).waitFor({ state: 'detached' });
  assert.ok(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker), 'the tab reloaded although nothing changed');
  assert.equal(errors, [], 'console errors');
  await page.close();
});

test('a tab opened while the site is broken shows the overlay at once, takes focus, and Escape dismisses it', async () => {
  await saved(() => edit(root, 'content/pages/about.yaml', 'heading: About, fixed', 'heading: ['));
  await terminalErrors('content/pages/about.yaml');
  const { page, errors } = await openConnected('/');
  const dialog = overlay(page);
  await dialog.waitFor();
  assert.match(await dialog.innerText(), 'content/pages/about.yaml:');
  assert.ok(await dialog.evaluate((node) => (node.getRootNode() as ShadowRoot).activeElement === node), 'the dialog has focus');
  assert.is(await dialog.getAttribute('aria-modal'), null, 'a non-modal dialog: nothing traps focus');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await saved(() => edit(root, 'content/pages/about.yaml', 'heading: [', 'heading: About, fixed'));
  assert.equal(errors, [], 'console errors');
  await page.close();
});

test('a template that throws shows its .tsx file and line in the overlay', async () => {
  const { page, errors } = await openConnected('/about');
  printed = [];
  await edit(root, 'templates/heading.tsx', 'return <h1>{text}</h1>;', "if (text) throw new Error('the heading <broke>');\n  return <h1>{text}</h1>;");
  const dialog = overlay(page);
  await dialog.waitFor();
  const text = await dialog.locator('pre').first().textContent();
  // Told once for every page the fault broke (the heading is on several).
  assert.match(text ?? '', /templates\/heading\.tsx:2:\d+: rendering (\/[a-z]* ?failed|failed on \d+ pages \([^)]*\)): the heading <broke>/);
  assert.match(text ?? '', 'not in content/pages/');
  assert.ok((await terminalErrors('templates/heading.tsx')).some((entry) => entry === text?.trimEnd()), 'the same text as the terminal');
  // Back as it was: the pages come out as they were built, so the overlay goes without a reload.
  await saved(() => edit(root, 'templates/heading.tsx', "if (text) throw new Error('the heading <broke>');\n  ", ''));
  await overlay(page).waitFor({ state: 'detached' });
  assert.equal(errors, [], 'console errors');
  await page.close();
});

test('a new page that does not build answers with the overlay, not a redirect, and loads once fixed', async () => {
  await saved(() => writeFile(path.join(root, 'content/pages/fresh.yaml'), 'template: page\ntitle: Fresh\ndescription: A new page.\nheading: [<img src=x>\nlinks: []\n'));
  await terminalErrors('content/pages/fresh.yaml');
  const { page, errors, status } = await openConnected('/fresh');
  assert.is(status, 500);
  assert.is(new URL(page.url()).pathname, '/fresh', 'redirected away from the broken page');
  const dialog = overlay(page);
  await dialog.waitFor();
  assert.match(await dialog.innerText(), '| heading: [<img src=x>');
  const body = await (await fetch(session.server.url + '/fresh')).text();
  assert.match(body, '| heading: [&lt;img src=x&gt;', 'the page without scripts shows the report as text');
  assert.not.match(body, '<img src=x>');
  await Promise.all([page.waitForEvent('load'), saved(() => edit(root, 'content/pages/fresh.yaml', 'heading: [<img src=x>', 'heading: Fresh page'))]);
  await page.locator('h1', { hasText: 'Fresh page' }).waitFor();
  assert.is(await overlay(page).count(), 0);
  assert.equal(errors.filter((line) => !line.includes('status of 500')), [], 'console errors besides the 500 itself');
  await page.close();
  await saved(() => rm(path.join(root, 'content/pages/fresh.yaml')));
});

test('an unknown path still redirects home while the site is broken', async () => {
  await saved(() => edit(root, 'content/pages/about.yaml', 'heading: About, fixed', 'heading: ['));
  await terminalErrors('content/pages/about.yaml');
  const response = await fetch(session.server.url + '/no-such-page', { redirect: 'manual' });
  assert.is(response.status, 302);
  await saved(() => edit(root, 'content/pages/about.yaml', 'heading: [', 'heading: About, fixed'));
});

test('a build carries neither the overlay nor the dev client', async () => {
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, parallel: false });
  const html = await readFile(path.join(outDir, 'about.html'), 'utf8');
  assert.not.match(html, '/__sitegen/', 'a built page refers to the dev server');
});

test.run();
