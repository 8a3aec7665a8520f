/**
 * The real build under the headers `sitegen serve` sends: no page breaks its
 * own Content-Security-Policy or logs anything, and the import map's
 * integrity makes Chromium refuse a chunk that changed on the server.
 */
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../../src/serve/serve.ts';
import type { BuildResult } from '../../src/pipeline.ts';
import { hydrateEveryIsland, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { buildRealSite, serveBuild, tempDir } from '../helpers/site.ts';

let browser: Browser;
let server: RunningServer;
let build: BuildResult;

let site: BrowsedSite<BuildResult> | undefined;
test.before(async () => {
  site = await browseBuild(buildRealSite());
  ({ build, server, browser } = site);
});

test.after(async () => {
  await site?.close();
});

/** Every route of the build: the pages in dist/ but the 404 fallback, which only redirects. */
async function routesOf(outDir: string): Promise<string[]> {
  const files = (await readdir(outDir)).filter((file) => file.endsWith('.html') && file !== '404.html').sort();
  return files.map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`));
}

/**
 * A page that reports every console message (any level: Chromium reports a
 * bad Permissions-Policy as a warning) and every CSP violation, which the
 * page sees as a `securitypolicyviolation` event before any of its scripts run.
 */
async function watchedPage(): Promise<{ page: Page; messages: string[] }> {
  const page = await browser.newPage();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return { page, messages };
}

async function islandsSettled(page: Page): Promise<void> {
  await hydrateEveryIsland(page, { orError: true });
}

test('no route violates its CSP or logs anything to the console', async () => {
  const routes = await routesOf(build.outDir);
  assert.ok(routes.length >= 20, `all routes found: ${routes.join(' ')}`);
  const problems: string[] = [];
  for (const route of routes) {
    const { page, messages } = await watchedPage();
    await page.goto(server.url + route, { waitUntil: 'load' });
    await islandsSettled(page);
    const failed = await page.$$eval('sitegen-island:not([hydrated])', (islands) => islands.map((island) => island.getAttribute('name')));
    problems.push(...messages.map((message) => `${route}: ${message}`), ...failed.map((name) => `${route}: island ${name} did not hydrate`));
    await page.close();
  }
  assert.equal(problems, [], problems.join('\n'));
});

test('a chunk changed by one byte on the server is refused, and its islands show the error block', async () => {
  const copy = path.join(await tempDir(), 'dist');
  await cp(build.outDir, copy, { recursive: true });
  // React: a chunk no element names, reached only through the islands' static imports.
  const shared = build.bundle.imports.carousel;
  assert.ok(shared?.length, 'the carousel imports shared chunks');
  const sizes = await Promise.all(shared.map(async (url) => ({ url, size: (await readFile(path.join(copy, url))).length })));
  const react = sizes.sort((a, b) => b.size - a.size)[0].url;
  const file = path.join(copy, react);
  const bytes = await readFile(file);
  assert.is(bytes[bytes.length - 1], 0x0a, `${react} ends with a newline`);
  // Still valid JavaScript that does the same: only the integrity check can tell.
  bytes[bytes.length - 1] = 0x20;
  await writeFile(file, bytes);

  const tampered = await serveBuild(copy);
  try {
    const { page, messages } = await watchedPage();
    await page.goto(tampered.url + '/');
    await islandsSettled(page);
    const names = await page.$$eval('sitegen-island', (islands) => islands.map((island) => island.getAttribute('name')));
    const errors = await page.$$eval('sitegen-island .island-error', (blocks) => blocks.length);
    assert.ok(names.length > 0, 'the home page has islands');
    assert.is(errors, names.length, `every island that imports ${react} shows the error block (${names.join(', ')})`);
    assert.ok(messages.some((message) => /integrity/i.test(message)), `Chromium names the integrity check:\n${messages.join('\n')}`);
    await page.close();
  } finally {
    await tampered.close();
  }
});

test.run();
