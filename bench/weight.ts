/**
 * Page weight: the built real site, served by `sitegen serve`, each route
 * opened cold in headless Chromium; every response's body gzipped (level 9,
 * since the local server does not compress) and summed per kind.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { startListening } from './listen.ts';
import { SITEGEN_BIN, failureSummary } from './builders.ts';
import { buildRealSite, snapshotSite } from './site.ts';

export interface RouteWeight {
  route: string;
  html_gz: number;
  css_gz: number;
  js_gz: number;
  /** JavaScript loaded before the visitor scrolls: islands that wait to be seen (a video far down) not yet asked for. */
  js_first_view_gz: number;
  requests: number;
  /** Extra: bytes of everything else (images, video, fonts) as received, and whether every island hydrated. */
  other_bytes: number;
  hydrated: boolean;
  /** Where the page ended up, when the page itself navigated away (a guarded view sending the visitor elsewhere). */
  landed?: string;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

/** Every *.html in dist/ except 404.html, as routes: index.html → /, about.html → /about. */
export async function routesOf(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => file !== '404.html' && !file.startsWith('assets/'))
    .map((file) => '/' + file.replace(/\.html$/, '').replace(/(^|\/)index$/, ''))
    .map((route) => (route.length > 1 ? route.replace(/\/$/, '') : route))
    .sort();
}

function kindOf(response: Response): 'html' | 'css' | 'js' | 'other' {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type === 'document' || contentType.includes('text/html')) return 'html';
  if (type === 'stylesheet' || contentType.includes('text/css')) return 'css';
  if (type === 'script' || contentType.includes('javascript')) return 'js';
  return 'other';
}

/** Opens one route in a fresh profile, so that nothing is cached from the route before. */
async function weighRoute(baseUrl: string, route: string, work: string): Promise<RouteWeight> {
  const profile = await mkdtemp(path.join(work, 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const weight: RouteWeight = { route, html_gz: 0, css_gz: 0, js_gz: 0, js_first_view_gz: 0, requests: 0, other_bytes: 0, hydrated: false };
    const bodies: Promise<void>[] = [];
    page.on('request', () => { weight.requests++; });
    page.on('response', (response) => {
      const kind = kindOf(response);
      bodies.push(response.body().then((body) => {
        if (kind === 'other') weight.other_bytes += body.length;
        else weight[`${kind}_gz`] += gzipSync(body, { level: 9 }).length;
      }, () => undefined));
    });
    await page.goto(baseUrl + route, { waitUntil: 'networkidle', timeout: 60_000 });
    await Promise.all(bodies);
    weight.js_first_view_gz = weight.js_gz;
    // Then read down the page, so that islands waiting to be seen hydrate too.
    for (const island of await page.locator('sitegen-island[hydrate="visible"]').all()) await island.scrollIntoViewIfNeeded().catch(() => undefined);
    // hydrateRoot marks its container; an island that failed shows the fallback instead.
    weight.hydrated = await page.waitForFunction(() => [...document.querySelectorAll('sitegen-island')].every((island) =>
      Object.keys(island).some((key) => key.startsWith('__reactContainer$')) || /Unexpected Application Error/.test(island.textContent ?? '')),
    undefined, { timeout: 15_000 }).then(() => true, () => false);
    await page.waitForLoadState('networkidle');
    await Promise.all(bodies);
    const landed = new URL(page.url()).pathname;
    if (landed !== route) weight.landed = landed;
    return weight;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

export async function pageWeight(work: string, useTime: boolean): Promise<{ routes: RouteWeight[] } | { error: string }> {
  const outDir = path.join(work, 'weight-dist');
  const root = await snapshotSite(work);
  const build = await buildRealSite(work, root, outDir, useTime);
  if (!build.ok) return { error: `the real site did not build:\n${failureSummary(build.stdout, build.stderr)}` };
  let server;
  try {
    server = await startListening([process.execPath, SITEGEN_BIN, 'serve', '--root', root, '--out', outDir, '--port', '0', '--no-api'], { timeoutMs: 30_000 });
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    return { error: `sitegen serve could not run: ${(error as Error).message}` };
  }
  try {
    const routes: RouteWeight[] = [];
    for (const route of await routesOf(outDir)) {
      routes.push(await weighRoute(server.url, route, work));
      console.log(`  weighed ${route}`);
    }
    return { routes };
  } finally {
    await server.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}
