import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RunningServer } from '../../src/serve/serve.ts';
import { serveBuild } from './site.ts';
import { SiteErrors, formatSiteError } from '../../src/errors.ts';
import { CHROMIUM_ARGS } from '../../src/check/browser-check.ts';
import { atEnd } from '../harness/at-end.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags that work on these machines
 * (no sandbox as root, no background networking on a closed network).
 * playwright gives every launch a fresh temporary profile of its own (it
 * refuses --user-data-dir in launch()).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (extraArgs.length > 0) return launch(extraArgs);
  shared ??= launch([]).then((browser) => {
    atEnd(() => browser.close());
    return browser;
  }, (error: unknown) => {
    shared = undefined;
    throw error;
  });
  return ownedPart(await shared);
}

/**
 * The one Chromium the test files of a process share (launching and closing one takes about 0.7 s, and there are two
 * dozen files), closed when the run ends (../harness/at-end.ts). Each file still sees a browser of its own: its
 * contexts and pages are its own (a context is a fresh profile: cookies, storage and cache apart), and its close()
 * closes them, not the browser. A file that asks for other flags gets a Chromium of its own.
 */
let shared: Promise<Browser> | undefined;

function ownedPart(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const own = async (options?: Parameters<Browser['newContext']>[0]) => {
    const context = await browser.newContext(options);
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext') return own;
      // As Browser.newPage: a page in a context of its own, which closes with it.
      if (key === 'newPage') {
        return async (options?: Parameters<Browser['newPage']>[0]) => {
          const context = await own(options);
          const page = await context.newPage();
          page.once('close', () => void context.close().catch(() => undefined));
          return page;
        };
      }
      if (key === 'contexts') return () => [...opened];
      if (key === 'close') return async () => { await Promise.all([...opened].map((context) => context.close())); };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function launch(extraArgs: readonly string[]): Promise<Browser> {
  // playwright's own message names the path and then offers its download, which does not apply here.
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}: install it (apt-get install chromium) or set CHROME_PATH to a Chromium binary`);
  }
  // The flags `sitegen check --browser` launches with (src/check/browser-check.ts).
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A page that records console errors and page errors, for tests that must see none. */
export async function openPage(context: Browser | BrowserContext, options: { width?: number; height?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = 'newPage' in context && !('contexts' in context)
    ? await (context as BrowserContext).newPage()
    : await (context as Browser).newPage({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, errors };
}

/**
 * Waits until every island of the page has hydrated (or, with `orError`,
 * shows the error block). Islands that wait to be seen (hydrate="visible")
 * are scrolled into view one at a time, as a visitor reading down the page
 * would; done inside the wait, so that a page that navigates on by itself
 * (the guarded /license goes home) is read where it lands.
 */
export async function hydrateEveryIsland(page: Page, options: { orError?: boolean } = {}): Promise<void> {
  // No named functions inside: the test runner's compiler would wrap them in a helper the page does not have.
  await page.waitForFunction((orError) => {
    const waiting = [...document.querySelectorAll('sitegen-island')]
      .filter((island) => !island.hasAttribute('hydrated') && !(orError && island.querySelector('.island-error')));
    waiting.find((island) => island.getAttribute('hydrate') === 'visible')?.scrollIntoView({ block: 'center' });
    // An island that waits for the visitor: a pointer comes over it.
    for (const island of waiting.filter((each) => each.getAttribute('hydrate') === 'interaction')) island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    return waiting.length === 0;
  }, options.orError ?? false);
}

/**
 * Holds the script at `pathname` back until the returned release() is called (then it comes as any other: with
 * slowScripts' delay, when that is set): a test of what a visitor does before an island is live does all of it,
 * however long the typing takes on a busy machine, and only then lets the island's code come.
 */
export async function holdScript(page: Page, pathname: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname === pathname, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/**
 * Holds every script of the site's /assets/ back for `delay` ms, as on a slow
 * phone network; returns the paths asked for, in order, as they are asked.
 */
export async function slowScripts(page: Page, delay: number): Promise<string[]> {
  const asked: string[] = [];
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue();
  });
  return asked;
}

/**
 * Resolves once the page has drawn `count` more frames. What a page does in
 * answer to an event (a click, a scroll's IntersectionObserver, a toast
 * appended) is done by the next frame's rendering steps, so after two
 * frames a thing that has not happened will not happen for that event: a
 * negative is checked against the page's own frames, not a sleep. (Not on a
 * page whose clock is paused: that holds requestAnimationFrame too.)
 */
export async function framesDrawn(page: Page, count = 2): Promise<void> {
  // No named function inside: the test runner's transform would wrap it in a helper the page does not have.
  await page.evaluate(async (frames) => {
    for (let frame = 0; frame < frames; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/** A built site, served on 127.0.0.1 and open to a browser: what most browser suites start from. */
export interface BrowsedSite<B> {
  build: B;
  server: RunningServer;
  browser: Browser;
  /** Closes the browser and stops the server (each if it was started). */
  close(): Promise<void>;
}

/**
 * Builds (the promise given), serves the output and launches Chromium, for
 * a suite's `before`. uvu reports a hook that throws as 0 tests and no
 * reason (the harness fails the run), so the error is printed here first;
 * what did start is stopped.
 */
export async function browseBuild<B extends { outDir: string }>(
  building: Promise<B>, options: { api?: boolean; root?: string; browserArgs?: readonly string[] } = {},
): Promise<BrowsedSite<B>> {
  let server: RunningServer | undefined;
  try {
    const build = await building;
    server = await serveBuild(build.outDir, options);
    const browser = await launchBrowser(options.browserArgs);
    const served = server;
    return { build, server, browser, close: async () => { await browser.close(); await served.close(); } };
  } catch (error) {
    // A build's errors each with its file and line, not only their count.
    console.error(error instanceof SiteErrors ? `${error.message}\n${error.errors.map((item) => formatSiteError(item)).join('\n')}` : error);
    await server?.close();
    throw error;
  }
}

/**
 * Records what the document's theme (data-theme on <html>) was when <body> first existed: before any paint, the
 * stylesheet being render-blocking. Read it with themeAtBody() after each navigation.
 */
export async function recordThemeAtBody(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string }).themeAtBody = document.documentElement.dataset.theme ?? 'none';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The theme recordThemeAtBody() saw as the body appeared: 'dark', 'light' or 'none'. */
export function themeAtBody(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody);
}
