/**
 * `npm run audit`: Lighthouse on every route of a fresh build, served by the
 * real `sitegen serve` on a free port of 127.0.0.1, with the mobile and the
 * desktop presets. Writes one JSON report per route and preset under audit/
 * (gitignored) and prints the five category scores per route: the four of
 * old, and Agentic Browsing (llms.txt, the discovery manifest, WebMCP
 * forms, the accessibility tree), with WebMCP on in Chromium.
 *
 *   npm run audit                    # every route
 *   npm run audit -- / /contact      # some routes
 *   npm run audit -- --runs 3        # each route and preset three times: the medians
 *   npm run audit -- --preset mobile # one preset only
 *   npm run audit -- --root .sitegen/docs-site   # another site root: sitegen's docs (npm run docs)
 *   npm run audit -- --cpu 8 --preset mobile /   # the mobile preset with the CPU slowed 8× instead of 4×: a machine
 *                                                # about twice as slow as this one, as a shared CI runner may be
 *
 * Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium), one instance
 * for all runs, with the flags that work on these machines.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as constants from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { ensureLoginKeys } from '../server/keys.ts';
import { startListening } from './listen.ts';
import { median } from './measure.ts';

const REPO = path.resolve(fileURLToPath(import.meta.url), '../..');
const REPORTS = path.join(REPO, 'audit');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'agentic-browsing'] as const;
const TARGETS: Record<string, Record<(typeof CATEGORIES)[number], number>> = {
  mobile: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100, 'agentic-browsing': 100 },
  desktop: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100, 'agentic-browsing': 100 },
};
/** Total blocking time on the mobile preset (simulated throttling), at most. */
const MOBILE_TBT_MS = 100;
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // The declarative WebMCP API, whose forms the Agentic Browsing category checks.
  '--enable-features=WebMCP',
];

type Preset = 'mobile' | 'desktop';
type Scores = Record<(typeof CATEGORIES)[number], number> & { tbt: number };

/**
 * `--runs N` (default 1): Lighthouse's scores vary from run to run on a shared machine, so a figure is the median of N.
 * `--preset mobile|desktop` (default both). `--cpu N`: the mobile preset's CPU slowdown (Lighthouse's is 4). The other
 * arguments are routes.
 */
function parseAuditArgs(argv: string[]): { runs: number; presets: Preset[]; routes: string[]; root: string; cpu?: number } {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { runs: { type: 'string', default: '1' }, preset: { type: 'string' }, root: { type: 'string' }, cpu: { type: 'string' } } });
  const cpu = values.cpu === undefined ? undefined : Number(values.cpu);
  if (cpu !== undefined && !(cpu >= 1)) throw new Error(`--cpu ${values.cpu}: expected a slowdown of 1 or more`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: expected a whole number of 1 or more`);
  const { preset } = values;
  if (preset !== undefined && preset !== 'mobile' && preset !== 'desktop') throw new Error(`--preset ${preset}: expected mobile or desktop`);
  return { runs, presets: preset ? [preset] : ['mobile', 'desktop'], routes: positionals, root: values.root ? path.resolve(values.root) : REPO, cpu };
}

async function main(): Promise<void> {
  // A mistyped flag fails before the build, not after it.
  const args = parseAuditArgs(process.argv.slice(2));
  const root = args.root;
  // This site's build needs its login keys; another root is a site of its own.
  if (root === REPO) await ensureLoginKeys(REPO);
  execFileSync(process.execPath, ['bin/sitegen.js', 'build', '--root', root], { cwd: REPO, stdio: 'inherit' });
  const routes = args.routes.length ? args.routes : await routesOf(path.join(root, 'dist'));
  await mkdir(REPORTS, { recursive: true });

  // The static site alone: the audit loads pages, it sends no forms.
  const server = await startListening([process.execPath, 'bin/sitegen.js', 'serve', '--root', root, '--host', '127.0.0.1', '--port', '0', '--no-api'], { cwd: REPO });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows: { route: string; preset: Preset; scores: Scores }[] = [];
  try {
    for (const route of routes) {
      for (const preset of args.presets) {
        const runs: Scores[] = [];
        for (let run = 0; run < args.runs; run++) runs.push(await audit(server.url + route, route, preset, chrome.port, args.cpu));
        const scores = Object.fromEntries([...CATEGORIES, 'tbt'].map((key) => [key, median(runs.map((one) => one[key as keyof Scores]))])) as Scores;
        rows.push({ route, preset, scores });
        const each = args.runs > 1 ? `  (performance ${runs.map((one) => one.performance).join(', ')}; TBT ${runs.map((one) => one.tbt).join(', ')} ms)` : '';
        console.log(`${preset.padEnd(7)} ${route.padEnd(20)} ${CATEGORIES.map((category) => String(scores[category]).padStart(4)).join('')}  TBT ${scores.tbt} ms${each}`);
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('\n' + table(rows));
  const misses = rows.filter(({ preset, scores }) => CATEGORIES.some((category) => scores[category] < TARGETS[preset][category])
    || (preset === 'mobile' && scores.tbt > MOBILE_TBT_MS));
  if (misses.length) {
    console.log(`\nunder target (${Object.entries(TARGETS.mobile).map(([name, value]) => `${name} ${value}`).join(', ')}, mobile TBT ${MOBILE_TBT_MS} ms): ${misses.map((row) => `${row.route} ${row.preset}`).join(', ')}`);
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

async function audit(url: string, route: string, preset: Preset, port: number, cpu?: number): Promise<Scores> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  if (cpu !== undefined && preset === 'mobile') flags.throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu };
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
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]));
  return { ...scores, tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0) } as Scores;
}

/** The Markdown table the README's Audit section holds. */
function table(rows: { route: string; preset: Preset; scores: Scores }[]): string {
  const routes = [...new Set(rows.map((row) => row.route))];
  const cell = (route: string, preset: Preset, category: keyof Scores) =>
    String(rows.find((row) => row.route === route && row.preset === preset)?.scores[category] ?? '–');
  return [
    '| route | performance (mobile / desktop) | mobile TBT ms | accessibility | best practices | SEO | agentic browsing |',
    '|---|---|---|---|---|---|---|',
    ...routes.map((route) => `| \`${route}\` | ${cell(route, 'mobile', 'performance')} / ${cell(route, 'desktop', 'performance')} | ${cell(route, 'mobile', 'tbt')} | `
      + ['accessibility', 'best-practices', 'seo', 'agentic-browsing'].map((category) => {
        const [mobile, desktop] = (['mobile', 'desktop'] as const).map((preset) => cell(route, preset, category as (typeof CATEGORIES)[number]));
        return mobile === desktop ? mobile : `${mobile} / ${desktop}`;
      }).join(' | ') + ' |'),
  ].join('\n');
}

await main();
