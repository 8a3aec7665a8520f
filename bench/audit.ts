/**
 * `npm run audit`: Lighthouse on every route of a fresh build, served by the
 * real `sitegen serve` on a free port of 127.0.0.1, with the mobile and the
 * desktop presets. Writes one JSON report per route and preset under audit/
 * (gitignored) and prints the four category scores per route.
 *
 *   npm run audit                    # every route
 *   npm run audit -- / /contact      # some routes
 *
 * Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium), one instance
 * for all runs, with the flags that work on these machines.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { ensureLoginKeys } from '../server/keys.ts';
import { startListening } from './listen.ts';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const REPORTS = path.join(ROOT, 'audit');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<string, Record<(typeof CATEGORIES)[number], number>> = {
  mobile: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
  desktop: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
};
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

type Preset = 'mobile' | 'desktop';
type Scores = Record<(typeof CATEGORIES)[number], number>;

async function main(): Promise<void> {
  await ensureLoginKeys(ROOT);
  execFileSync(process.execPath, ['bin/sitegen.js', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const routes = process.argv.slice(2).length ? process.argv.slice(2) : await routesOf(path.join(ROOT, 'dist'));
  await mkdir(REPORTS, { recursive: true });

  // The static site alone: the audit loads pages, it sends no forms.
  const server = await startListening([process.execPath, 'bin/sitegen.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--no-api'], { cwd: ROOT });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows: { route: string; preset: Preset; scores: Scores }[] = [];
  try {
    for (const route of routes) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const scores = await audit(server.url + route, route, preset, chrome.port);
        rows.push({ route, preset, scores });
        console.log(`${preset.padEnd(7)} ${route.padEnd(20)} ${CATEGORIES.map((category) => String(scores[category]).padStart(4)).join('')}`);
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('\n' + table(rows));
  const misses = rows.filter(({ preset, scores }) => CATEGORIES.some((category) => scores[category] < TARGETS[preset][category]));
  if (misses.length) {
    console.log(`\nunder target (${Object.entries(TARGETS.mobile).map(([name, value]) => `${name} ${value}`).join(', ')}): ${misses.map((row) => `${row.route} ${row.preset}`).join(', ')}`);
    process.exitCode = 1;
  }
}

/** Every page of the build but the 404 fallback, which only sends visitors to /. */
async function routesOf(outDir: string): Promise<string[]> {
  const files = (await readdir(outDir)).filter((file) => file.endsWith('.html') && file !== '404.html').sort();
  return files.map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`));
}

/** Lighthouse now and then fails to record the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is retried. */
const ATTEMPTS = 3;

async function audit(url: string, route: string, preset: Preset, port: number): Promise<Scores> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  let lhr: Result | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const name = `${route === '/' ? 'index' : route.slice(1).replace(/\//g, '_')}.${preset}.json`;
    await writeFile(path.join(REPORTS, name), result.report as string);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    console.warn(`  ${route} ${preset}: ${lhr.runtimeError.code}${attempt < ATTEMPTS ? ', trying again' : ''}`);
  }
  if (!lhr || lhr.runtimeError) throw new Error(`${url} (${preset}): ${lhr?.runtimeError?.code} ${lhr?.runtimeError?.message}`);
  for (const warning of lhr.runWarnings) console.warn(`  ${route} ${preset}: ${warning}`);
  return Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Scores;
}

/** The Markdown table the README's Audit section holds. */
function table(rows: { route: string; preset: Preset; scores: Scores }[]): string {
  const routes = [...new Set(rows.map((row) => row.route))];
  const cell = (route: string, preset: Preset, category: (typeof CATEGORIES)[number]) =>
    String(rows.find((row) => row.route === route && row.preset === preset)?.scores[category] ?? '–');
  return [
    '| route | performance (mobile / desktop) | accessibility | best practices | SEO |',
    '|---|---|---|---|---|',
    ...routes.map((route) => `| \`${route}\` | ${cell(route, 'mobile', 'performance')} / ${cell(route, 'desktop', 'performance')} | `
      + ['accessibility', 'best-practices', 'seo'].map((category) => {
        const [mobile, desktop] = (['mobile', 'desktop'] as const).map((preset) => cell(route, preset, category as (typeof CATEGORIES)[number]));
        return mobile === desktop ? mobile : `${mobile} / ${desktop}`;
      }).join(' | ') + ' |'),
  ].join('\n');
}

await main();
