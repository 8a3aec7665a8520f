/**
 * `npm run bench`: the benchmark of issue 7, top to bottom — scale against
 * Hugo and Eleventy, warm rebuild, the real site's build, the dev loop and
 * page weight — the login's under attack (issue 10: reply time by kind
 * of malformed envelope, pages during a flood of envelopes), and the
 * reference API's contact load on SQLite and PostgreSQL (issue 15), the
 * rate limiter's cost as the addresses it counts grow (`limiter`), sitegen's
 * docs built with the docs starter against Starlight (`docs`), printed
 * as tables and written to bench/results.json.
 */
import { existsSync, statfsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO, availableGenerators, floor } from './builders.ts';
import { ensureGnuTime, stopAll } from './measure.ts';
import { corpusFor, scaleSize, warmRebuild, type RunSettings, type SizeResult } from './scale.ts';
import { siteBuild } from './site.ts';
import { devLoop } from './dev-loop.ts';
import { pageWeight } from './weight.ts';
import { devTable, docsTable, scaleTable, siteTable, stagesTable, warmTable, weightTable } from './report.ts';
import { docsBuilds } from './docs.ts';
import { loginTiming, timingTable } from './login-timing.ts';
import { floodTable, loginFlood } from './login-flood.ts';
import { apiLoad, apiTable } from './api-load.ts';
import { limiterBench, limiterTable } from './limiter.ts';

const PARTS = ['scale', 'floor', 'site', 'docs', 'dev', 'weight', 'login-timing', 'login-flood', 'limiter', 'api'] as const;
type Part = (typeof PARTS)[number];
const RESULTS_FILE = path.join(REPO, 'bench', 'results.json');
const TMPFS_MAGIC = 0x01021994;

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '5000' },
    only: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    'site-runs': { type: 'string', default: '5' },
    edits: { type: 'string', default: '50' },
    'timing-rounds': { type: 'string', default: '500' },
    envelopes: { type: 'string', default: '300' },
    bursts: { type: 'string', default: '3' },
    'api-requests': { type: 'string', default: '2000' },
    'api-concurrency': { type: 'string', default: '50' },
    'limiter-addresses': { type: 'string', default: '40000' },
    seed: { type: 'string', default: '7' },
    'scale-series': { type: 'boolean', default: false },
    'scale-100k': { type: 'boolean', default: false },
    work: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const only = (values.only ?? []).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean);
for (const part of only) if (!PARTS.includes(part as Part)) throw new Error(`--only ${part}: expected one of ${PARTS.join(', ')}`);
const parts = new Set<Part>(only.length ? (only as Part[]) : PARTS);
const pages = positive('pages');
const runs = Math.max(3, positive('runs'));

function positive(name: 'pages' | 'runs' | 'site-runs' | 'edits' | 'seed' | 'timing-rounds' | 'envelopes' | 'bursts' | 'api-requests' | 'api-concurrency' | 'limiter-addresses'): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} ${values[name]}: expected a positive whole number`);
  return value;
}

/** A tmpfs keeps disk latency out of the timings; bench/.work is the fallback. */
function workDir(): { dir: string; tmpfs: boolean } {
  const dir = values.work ? path.resolve(values.work)
    : existsSync('/dev/shm') ? path.join('/dev/shm', 'sitegen-bench') : path.join(REPO, 'bench', '.work');
  let tmpfs = false;
  try { tmpfs = statfsSync(path.dirname(dir)).type === TMPFS_MAGIC; } catch { /* not Linux: assume disk */ }
  return { dir, tmpfs };
}

async function previousResults(): Promise<Record<string, unknown>> {
  try { return JSON.parse(await readFile(RESULTS_FILE, 'utf8')) as Record<string, unknown>; } catch { return {}; }
}

const printed: string[] = [];
const show = (text: string) => { printed.push(text); console.log('\n' + text + '\n'); };

/** From this size on, the scale part runs sitegen and Hugo only. */
const HUGE = 50_000;

/** The corpus sizes: 500 and --pages; 20,000 with --scale-series; 100,000 with --scale-100k. */
function scaleSizes(): number[] {
  return [...new Set([500, pages, ...(values['scale-series'] ? [20_000] : []), ...(values['scale-100k'] ? [100_000] : [])])].sort((a, b) => a - b);
}

async function scalePart(settings: RunSettings, results: Record<string, unknown>): Promise<void> {
  const { generators, versions, notes } = availableGenerators();
  notes.forEach((note) => show(note));
  const sizes = scaleSizes();
  const series: SizeResult[] = [];
  for (const size of sizes) {
    // At 100,000 pages Eleventy and Astro would take many minutes a run: sitegen beside Hugo, the pace to beat.
    const chosen = size >= HUGE ? generators.filter((generator) => generator.name === 'sitegen' || generator.name === 'hugo') : generators;
    console.log(`scale: ${size} pages × ${chosen.map((g) => g.name).join(', ')}, ${settings.runs} interleaved runs each`);
    const roots = await corpusFor(size, settings);
    const result = await scaleSize(roots, chosen, settings);
    series.push(result);
    show(scaleTable(result));
    if (size === pages) {
      show(stagesTable(`sitegen stage split at ${size} pages (median ms)`, result.sitegenStages));
      const scale = result.results;
      results.scale = { pages: size, sitegen: scale.sitegen, hugo: scale.hugo, eleventy: scale.eleventy, astro: scale.astro, failures: result.failures };
      results.scale_sitegen_stages_ms = result.sitegenStages;
      const warm = await warmRebuild(roots, settings);
      if ('error' in warm) show(`warm rebuild failed:\n${warm.error}`);
      else show(warmTable(warm));
      results.warm_rebuild = warm;
    }
    if (!settings.keep) await rm(path.dirname(roots.sitegen), { recursive: true, force: true });
  }
  show('pages per second by corpus size\n' + series.map((size) => `${String(size.pages).padStart(6)}: ` + Object.entries(size.results)
    .map(([name, result]) => `${name} ${result!.pages_per_s.toFixed(0)}/s`).join(', ')).join('\n'));
  results.scale_series = series.map((size) => ({ pages: size.pages, ...size.results, failures: size.failures }));
  results.versions = versions;
  results.scale_notes = notes;
}

/**
 * The floor beside sitegen and Hugo: read, split, js-yaml, marked, React's
 * renderToString, write, on one thread (bench/floor/floor.mjs), on the same
 * corpus at each size; the table's ratios say how far sitegen is from it.
 */
async function floorPart(settings: RunSettings, results: Record<string, unknown>): Promise<void> {
  const { generators } = availableGenerators();
  const chosen = [...generators.filter((generator) => generator.name !== 'eleventy' && generator.name !== 'astro'), floor];
  // The floor holds a whole corpus on one thread: up to the series' 20,000 pages.
  const sizes = scaleSizes().filter((size) => size < HUGE);
  const series: SizeResult[] = [];
  for (const size of sizes) {
    console.log(`floor: ${size} pages × ${chosen.map((g) => g.name).join(', ')}, ${settings.runs} interleaved runs each`);
    const roots = await corpusFor(size, settings);
    const result = await scaleSize(roots, chosen, settings);
    series.push(result);
    show(scaleTable(result));
    if (!settings.keep) await rm(path.dirname(roots.sitegen), { recursive: true, force: true });
  }
  results.floor_series = series.map((size) => ({ pages: size.pages, ...size.results, failures: size.failures }));
}

async function main(): Promise<void> {
  const { dir: work, tmpfs } = workDir();
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const useTime = ensureGnuTime();
  const settings: RunSettings = { work, seed: positive('seed'), runs, useTime, keep: values.keep };
  const results: Record<string, unknown> = await previousResults();
  results.machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` };
  results.work_dir = { path: work, tmpfs };
  results.cpu_source = useTime ? 'GNU time (user+sys), or the /proc samples when higher' : '/proc samples (no GNU time)';
  results.generated_at = new Date().toISOString();
  const loadStart = os.loadavg()[0];
  show(`work dir ${work} (${tmpfs ? 'tmpfs' : 'disk'}); ${os.cpus().length} CPUs; node ${process.version}; CPU from ${results.cpu_source}; load average ${loadStart.toFixed(1)} at start`);
  try {
    if (parts.has('scale')) await scalePart(settings, results);
    if (parts.has('floor')) await floorPart(settings, results);
    if (parts.has('site')) {
      console.log(`real site: ${positive('site-runs')} cold builds of ${REPO}`);
      const site = await siteBuild(work, positive('site-runs'), useTime);
      if ('error' in site) show(`real site: the build failed, so there is no figure (others may be mid-change):\n${site.error}`);
      else show(siteTable(site));
      results.site_build_s = 'error' in site ? null : site.site_build_s;
      results.site_build = site;
    }
    if (parts.has('docs')) {
      console.log(`docs: sitegen's docs built by sitegen and by Starlight, ${positive('site-runs')} cold builds each`);
      const docs = await docsBuilds(positive('site-runs'), useTime, settings.keep);
      show(docsTable(docs));
      results.docs_site = docs;
    }
    if (parts.has('dev')) {
      console.log(`dev loop: ${positive('edits')} edits on this site, then on the ${pages}-page corpus`);
      const dev = await devLoop(work, positive('edits'));
      if ('error' in dev) show(`dev loop: no figure:\n${dev.error}`);
      else show(devTable(dev));
      results.dev_edit_ms = 'error' in dev ? null : { p50: dev.p50, p95: dev.p95 };
      results.dev_loop = dev;
      const large = await devLoop(work, positive('edits'), { pages, seed: positive('seed') });
      if ('error' in large) show(`dev loop on the corpus: no figure:\n${large.error}`);
      else show(`on the ${pages}-page corpus: ${devTable(large)}`);
      results.dev_corpus_edit_ms = 'error' in large ? null : { pages, p50: large.p50, p95: large.p95 };
      results.dev_loop_corpus = large;
    }
    if (parts.has('weight')) {
      console.log('page weight: building and serving the real site');
      const weight = await pageWeight(work, useTime);
      if ('error' in weight) show(`page weight: no figure:\n${weight.error}`);
      else show(weightTable(weight.routes));
      results.routes = 'error' in weight ? null : weight.routes;
      results.weight_error = 'error' in weight ? weight.error : undefined;
    }
    if (parts.has('login-timing')) {
      console.log(`login timing: ${positive('timing-rounds')} rounds of every kind of malformed envelope`);
      const timing = await loginTiming(work, positive('timing-rounds'));
      show(timingTable(timing));
      results.login_timing = timing;
    }
    if (parts.has('login-flood')) {
      console.log(`login flood: ${positive('bursts')} bursts of ${positive('envelopes')} envelopes`);
      const flood = await loginFlood(work, positive('envelopes'), positive('bursts'));
      show(floodTable(flood));
      results.login_flood = flood;
    }
    if (parts.has('limiter')) {
      console.log(`limiter: contact posts from ${positive('limiter-addresses')} loopback addresses`);
      const limiter = await limiterBench(positive('limiter-addresses'));
      show(limiterTable(limiter));
      results.limiter = limiter;
    }
    if (parts.has('api')) {
      console.log(`api: ${positive('api-requests')} contact submissions over ${positive('api-concurrency')} connections, ${runs} runs per setup`);
      const api = await apiLoad(positive('api-requests'), positive('api-concurrency'), runs);
      show(apiTable(api));
      results.api_load = api;
    }
  } finally {
    await stopAll();
    if (!settings.keep) await rm(work, { recursive: true, force: true });
  }
  results.load_average = { start: loadStart, end: os.loadavg()[0] };
  show(`load average ${os.loadavg()[0].toFixed(1)} at the end (other work on this machine shows up in wall times, less in CPU times)`);
  await writeFile(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');
  console.log('\n==================== summary ====================\n');
  console.log(printed.join('\n\n'));
  console.log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().then(() => process.exit(130)));
}

await main();
