/**
 * `sitegen check --browser`: every built page opened in headless Chromium,
 * served by `sitegen serve` with the site's own headers, and each thing that
 * goes wrong there reported with the page and its content file: a CSP
 * violation, a request that failed or answered an error, a console error or
 * an uncaught exception (an island that broke), an image that did not load.
 * These are the failures a build cannot see and a visitor does, silently:
 * a site's CI catches them with one command.
 *
 * Chromium is the one installed on the machine (CHROME_PATH, or the usual
 * places): nothing is downloaded. playwright-core drives it, loaded only for
 * this flag.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SiteError } from '../errors.ts';
import { startServer } from '../serve/serve.ts';

/** One thing that went wrong on a page in the browser. */
export interface BrowserProblem {
  /** The address the page was opened at (`/about`). */
  page: string;
  /** Its content file, when the build knows it. */
  source?: string;
  kind: 'csp' | 'request' | 'console' | 'exception' | 'image';
  detail: string;
}

export interface BrowserCheckOptions {
  /** A Chromium binary (default: CHROME_PATH, else the first of the usual paths that exists). */
  chromePath?: string;
  /**
   * Pages open at once (default 4). Most of a page's time is the wait for its network to go quiet (half a second
   * with nothing asked), which pages share: on two cores the news starter's 24 pages took 9.1 s two at a time, 5.7 s
   * four at a time, and 4.9 s six at a time.
   */
  concurrency?: number;
  /** How long one page may take to load and settle (default 15 s). */
  timeoutMs?: number;
  /** Hosts (`name` or `name:port`) the browser may reach though they resolve to a private or loopback address (--allow-host). */
  allowHosts?: readonly string[];
}

/** The Chromium flags that work headless on a server: no sandbox as root, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

const USUAL_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];

/** The Chromium to drive: CHROME_PATH, or the first usual path that exists; an error that says how to get one. */
export function findChromium(chromePath = process.env.CHROME_PATH): string {
  if (chromePath) {
    if (existsSync(chromePath)) return chromePath;
    throw new SiteError('bad-flag', `CHROME_PATH is ${chromePath}, where there is no file`, { hint: 'point CHROME_PATH at a Chromium or Chrome binary' });
  }
  const found = USUAL_PATHS.find((candidate) => existsSync(candidate));
  if (found) return found;
  throw new SiteError('bad-flag', 'check --browser needs Chromium, and none was found', {
    hint: `install one (Debian: apt-get install chromium), or set CHROME_PATH to its binary; looked in ${USUAL_PATHS.slice(0, 4).join(', ')}`,
  });
}

/** Headless Chromium, launched by playwright-core from the binary given. */
export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Opens each page of the built output (`pages`: the file in the output and
 * its content file) and gathers what went wrong; an empty list when nothing did.
 */
export async function checkInBrowser(
  outDir: string, pages: readonly { file: string; url: string; source?: string }[], options: BrowserCheckOptions = {},
): Promise<BrowserProblem[]> {
  const executable = findChromium(options.chromePath);
  const quiet = process.env.SITEGEN_QUIET;
  process.env.SITEGEN_QUIET = '1';
  const server = await startServer({ outDir, port: 0, host: '127.0.0.1' });
  let browser: Browser | undefined;
  // Requests refused by the address rule: URL → why, reported on the page that made them.
  const refusals = new Map<string, string>();
  try {
    browser = await launchChromium(executable);
    // A service worker's requests would pass the route below unseen: the check runs without them.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    // The rule of check --external for every request the pages make to another host: none reaches this machine's own
    // network (loopback, private, link-local such as the cloud metadata service), unless --allow-host names it.
    const { addressRefusal } = await import('../guarded-request.ts');
    const allowed = new Set((options.allowHosts ?? []).map((host) => host.toLowerCase()));
    const judged = new Map<string, Promise<Error | undefined>>();
    await context.route((url) => url.origin !== new URL(server.url).origin && /^(https?|wss?):$/.test(url.protocol), async (route) => {
      const url = new URL(route.request().url());
      if (!judged.has(url.host)) judged.set(url.host, addressRefusal(url, allowed, `sitegen check --browser --allow-host ${url.host} lets the browser reach it`));
      const refused = await judged.get(url.host);
      if (!refused) return route.continue();
      refusals.set(route.request().url(), refused.message);
      return route.abort('blockedbyclient');
    });
    // Every violation of the policy, as the page sees it: the directive and what it blocked.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __sitegenViolations: string[] }).__sitegenViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        const inline = !event.blockedURI || event.blockedURI === 'inline' || event.blockedURI === 'eval';
        seen.push(`${event.effectiveDirective} blocked ${inline ? `an inline ${event.effectiveDirective.startsWith('style') ? 'style' : 'script'}` : event.blockedURI}`);
      });
    });
    const problems: BrowserProblem[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, pages.length) }, async () => {
      while (next < pages.length) {
        const entry = pages[next++];
        const page = await context.newPage();
        try {
          problems.push(...await visit(page, server.url, entry, options.timeoutMs ?? 15_000, refusals));
        } finally {
          await page.close();
        }
      }
    }));
    const order = new Map(pages.map((entry, index) => [entry.url, index]));
    return problems.sort((a, b) => order.get(a.page)! - order.get(b.page)!);
  } finally {
    await browser?.close();
    await server.close();
    if (quiet === undefined) delete process.env.SITEGEN_QUIET;
    else process.env.SITEGEN_QUIET = quiet;
  }
}

async function visit(
  page: Page, origin: string, entry: { url: string; source?: string }, timeoutMs: number, refusals: ReadonlyMap<string, string> = new Map(),
): Promise<BrowserProblem[]> {
  const found = new Map<string, BrowserProblem>();
  const note = (kind: BrowserProblem['kind'], detail: string) => found.set(`${kind} ${detail}`, { page: entry.url, source: entry.source, kind, detail });
  const local = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) : url);
  page.on('console', (message) => {
    // A violation is reported from the event, with its directive; Chromium's console line about it would say it twice.
    if (message.type() === 'error' && !/Content Security Policy/i.test(message.text()) && !/^Failed to load resource/.test(message.text())) {
      note('console', message.text());
    }
  });
  page.on('pageerror', (error) => note('exception', error.message));
  page.on('requestfailed', (request) => {
    const refused = refusals.get(request.url());
    if (refused) return void note('request', `${request.url()} was not asked for: ${refused}`);
    const reason = request.failure()?.errorText ?? 'failed';
    // A request the policy blocked is reported as the violation; one the page's own navigation cut short is not a fault.
    if (/^csp$|BLOCKED_BY_CSP|ERR_ABORTED/i.test(reason)) return;
    note('request', `${local(request.url())} failed (${reason})`);
  });
  page.on('response', (response) => {
    // The page itself is judged by what it shows; what it loads must not answer an error.
    if (response.status() >= 400 && !response.request().isNavigationRequest()) note('request', `${local(response.url())} answered ${response.status()}`);
  });
  try {
    await page.goto(origin + entry.url, { waitUntil: 'load', timeout: timeoutMs });
    // Lazy images below the fold would not load in a window that never scrolls: ask for them all, and wait for each.
    const broken = await page.evaluate(async () => {
      const images = [...document.images];
      for (const image of images) image.loading = 'eager';
      await Promise.all(images.map((image) => (image.complete ? undefined : new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      }))));
      return images.filter((image) => image.complete && image.naturalWidth === 0 && (image.currentSrc || image.src)).map((image) => image.currentSrc || image.src);
    });
    await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
    const violations = await page.evaluate(() => (window as unknown as { __sitegenViolations?: string[] }).__sitegenViolations ?? []);
    for (const violation of violations) note('csp', violation.replace(origin, ''));
    // An image the policy blocked is reported as the violation.
    for (const url of broken) if (!violations.some((violation) => violation.endsWith(` ${url}`))) note('image', `${local(url)} did not load`);
  } catch (error) {
    note('request', `the page did not load: ${(error as Error).message.split('\n')[0]}`);
  }
  return [...found.values()];
}

/** The pages of a built output to open: every HTML file but the small pages redirects leave (they only send the browser on). */
export async function pagesToOpen(outDir: string, files: readonly string[], servedAt: (file: string) => string, sources: ReadonlyMap<string, string>) {
  const pages: { file: string; url: string; source?: string }[] = [];
  for (const file of files) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    if (/<meta http-equiv="refresh"/.test(html)) continue;
    const url = servedAt(file);
    pages.push({ file, url, source: sources.get(url) ?? sources.get(url.replace(/\/$/, '') || '/') });
  }
  return pages;
}
