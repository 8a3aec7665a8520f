/**
 * `npm run shots`: full-page screenshots of every route at 375, 768 and
 * 1280 px in Chromium, so that anyone can look at the whole site in a minute.
 *
 *   npm run shots                          # every route, into shots/current/
 *   npm run shots -- --out shots/before    # another folder (under the repo)
 *   npm run shots -- / /about              # some routes (/license: the license view, after a login)
 *
 * The site is copied to a temporary root with its own login keys and one
 * customer, built and served with the reference API, so that the license
 * view behind the login is shot too (license-view.WIDTH.png). Files are named
 * ROUTE.WIDTH.png (index for /). Animations run as they do for a visitor:
 * each shot is what the page shows about a second after it loaded.
 */
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../src/pipeline.ts';
import { makeLoginKeys } from '../server/keys.ts';
import { addUser } from '../server/users.ts';
import { createReferenceApi } from '../test/helpers/reference-api.ts';
import { startServer } from '../src/serve/serve.ts';
import { launchBrowser } from '../test/helpers/browser.ts';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const WIDTHS = [375, 768, 1280] as const;
const CUSTOMER = { username: 'shots', password: 'screenshots only' };

interface Options {
  outDir: string;
  routes: string[];
}

function parseArgs(argv: string[]): Options {
  let outDir = path.join(ROOT, 'shots', 'current');
  const routes: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--out') outDir = path.resolve(ROOT, argv[++index] ?? '');
    else if (argv[index].startsWith('/')) routes.push(argv[index]);
    else throw new Error(`unknown argument "${argv[index]}": expected --out DIR or routes such as /about`);
  }
  return { outDir, routes };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  process.env.SITEGEN_QUIET = '1';
  const siteRoot = await mkdtempRoot();
  try {
    const outDir = path.join(siteRoot, 'dist');
    await buildSite({ root: siteRoot, outDir });
    const routes = options.routes.length ? options.routes : await routesOf(outDir);
    const server = await startServer({ outDir, port: 0, host: '127.0.0.1', handlers: [await createReferenceApi(siteRoot)] });
    const browser = await launchBrowser();
    try {
      await mkdir(options.outDir, { recursive: true });
      for (const width of WIDTHS) {
        // /license as a route is the redirect a reload gets; the license itself is shot after a login (license-view).
        for (const route of routes.filter((item) => item !== '/license')) await shoot(browser, server.url + route, width, path.join(options.outDir, `${fileName(route)}.${width}.png`));
        if (!options.routes.length || options.routes.includes('/license')) await shootLicense(browser, server.url, width, path.join(options.outDir, `license-view.${width}.png`));
      }
    } finally {
      await browser.close();
      await server.close();
    }
    console.log(`${routes.length} routes at ${WIDTHS.join(', ')} px in ${path.relative(ROOT, options.outDir)}/`);
  } finally {
    await rm(siteRoot, { recursive: true, force: true });
  }
}

/** A copy of the site with keys and one customer of its own, so the repository's .sitegen/ stays as it is. */
async function mkdtempRoot(): Promise<string> {
  const root = path.join(os.tmpdir(), `sitegen-shots-${process.pid}`);
  await rm(root, { recursive: true, force: true });
  for (const dir of ['content', 'templates', 'public', 'server']) await cp(path.join(ROOT, dir), path.join(root, dir), { recursive: true });
  await makeLoginKeys(root);
  await addUser(root, CUSTOMER.username, CUSTOMER.password);
  return root;
}

/** Every page of the build but the 404 fallback and /license, which sends a visitor who has not logged in home. */
async function routesOf(outDir: string): Promise<string[]> {
  const files = (await readdir(outDir)).filter((file) => file.endsWith('.html') && !['404.html', 'license.html'].includes(file)).sort();
  return files.map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`));
}

const fileName = (route: string) => (route === '/' ? 'index' : route.slice(1).replace(/\//g, '_'));

async function openAt(browser: Browser, width: number): Promise<Page> {
  return browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
}

async function shoot(browser: Browser, url: string, width: number, file: string): Promise<void> {
  const page = await openAt(browser, width);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await settle(page);
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await page.close();
  }
}

async function shootLicense(browser: Browser, base: string, width: number, file: string): Promise<void> {
  const page = await openAt(browser, width);
  try {
    await page.goto(base + '/customerlogin', { waitUntil: 'networkidle' });
    // The form hydrates on first interaction: fill it, then wait for React before submitting.
    await page.getByLabel('Username').fill(CUSTOMER.username);
    await page.getByLabel('Password').fill(CUSTOMER.password);
    await page.waitForSelector('sitegen-island[name=login][hydrated]');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/license');
    await page.locator('.license').waitFor();
    await settle(page);
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await page.close();
  }
}

/**
 * Loads the lazy images without scrolling (scrolling would start the videos,
 * and the shot should show their posters), then waits for them and the fonts.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const image of document.images) image.loading = 'eager';
    await Promise.all([...document.images].map((image) => (image.complete ? null : new Promise((resolve) => {
      image.addEventListener('load', resolve, { once: true });
      image.addEventListener('error', resolve, { once: true });
    }))));
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

await main();
