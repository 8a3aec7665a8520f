/**
 * The scale part: each generator builds the same corpus, runs interleaved
 * (A B C A B C …) so that drift in the machine hits all of them alike; then
 * sitegen's cold build against a warm rebuild of the unchanged corpus.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { slugOf, writeCorpus, type CorpusRoots } from './corpus.ts';
import { measure, median, type Measurement } from './measure.ts';
import { codeCacheEnv, parseStageLine, sitegen, failureSummary, type Generator } from './builders.ts';

export interface Summary {
  wall_s: number;
  cpu_s: number;
  rss_mb: number;
  /** Extra: the largest single process (GNU time), and CPU summed from /proc. */
  rss_max_process_mb?: number;
  cpu_sampled_s: number;
  pages_per_s: number;
  runs: number;
  wall_runs_s: number[];
}

export interface SizeResult {
  pages: number;
  results: Partial<Record<string, Summary>>;
  failures: Record<string, string>;
  /** sitegen's stage times (ms), median per stage over its runs. */
  sitegenStages: Record<string, number>;
}

export interface RunSettings {
  work: string;
  seed: number;
  runs: number;
  useTime: boolean;
  keep: boolean;
}

/** A cold run: a fresh output folder, a fresh TMPDIR (sitegen caches compiled templates there) and the code cache as installed. */
async function coldRun(generator: Generator, roots: CorpusRoots, settings: RunSettings, index: number): Promise<Measurement> {
  const outDir = path.join(roots.outBase, `${generator.name}-${index}`);
  await rm(outDir, { recursive: true, force: true });
  const tmp = await mkdtemp(path.join(roots.outBase, 'tmp-'));
  const { argv, cwd } = generator.command(roots, outDir);
  const codeCache = await codeCacheEnv(generator, roots, settings.work, tmp);
  const result = await measure(argv, { cwd, env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1', ...codeCache }, useTime: settings.useTime });
  await Promise.all([rm(outDir, { recursive: true, force: true }), rm(tmp, { recursive: true, force: true })]);
  return result;
}

export function summarize(runs: Measurement[], pages: number): Summary {
  const wall = median(runs.map((run) => run.wall_s));
  const maxProcess = runs.map((run) => run.rss_max_process_mb).filter((value): value is number => value !== undefined);
  return {
    wall_s: wall,
    // GNU time misses descendants nobody waited for (esbuild's service process); /proc sampling misses the last few ms.
    cpu_s: median(runs.map((run) => Math.max(run.cpu_s, run.cpu_sampled_s))),
    rss_mb: median(runs.map((run) => run.rss_mb)),
    rss_max_process_mb: maxProcess.length ? median(maxProcess) : undefined,
    cpu_sampled_s: median(runs.map((run) => run.cpu_sampled_s)),
    pages_per_s: pages / wall,
    runs: runs.length,
    wall_runs_s: runs.map((run) => run.wall_s),
  };
}

function medianStages(lines: Record<string, number>[]): Record<string, number> {
  const names = [...new Set(lines.flatMap((line) => Object.keys(line)))];
  return Object.fromEntries(names.map((name) => [name, median(lines.map((line) => line[name] ?? 0))]));
}

export async function corpusFor(pages: number, settings: RunSettings): Promise<CorpusRoots> {
  const started = Date.now();
  const roots = await writeCorpus(path.join(settings.work, `corpus-${pages}`), pages, settings.seed);
  console.log(`  corpus of ${pages} pages written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return roots;
}

/** Builds one corpus size with every generator, interleaved, `settings.runs` times each. */
export async function scaleSize(roots: CorpusRoots, generators: Generator[], settings: RunSettings): Promise<SizeResult> {
  const runs = new Map<string, Measurement[]>(generators.map((generator) => [generator.name, []]));
  const failures: Record<string, string> = {};
  for (let round = 0; round < settings.runs; round++) {
    for (const generator of generators) {
      if (failures[generator.name]) continue;
      const result = await coldRun(generator, roots, settings, round);
      if (!result.ok) {
        failures[generator.name] = failureSummary(result.stdout, result.stderr);
        console.log(`  ${generator.name} failed at ${roots.pages} pages:\n${failures[generator.name]}`);
        continue;
      }
      runs.get(generator.name)!.push(result);
      console.log(`  ${roots.pages} pages · round ${round + 1} · ${generator.name.padEnd(8)} ${result.wall_s.toFixed(2)} s wall, ${Math.max(result.cpu_s, result.cpu_sampled_s).toFixed(2)} s cpu, ${result.rss_mb.toFixed(0)} MB (load ${os.loadavg()[0].toFixed(1)})`);
    }
  }
  const results: Partial<Record<string, Summary>> = {};
  for (const [name, list] of runs) if (list.length) results[name] = summarize(list, roots.pages);
  const stageLines = (runs.get('sitegen') ?? []).map((run) => parseStageLine(run.stdout)?.stages).filter((line): line is Record<string, number> => !!line);
  return { pages: roots.pages, results, failures, sitegenStages: medianStages(stageLines) };
}

export interface WarmResult {
  cold_s: number;
  warm_s: number;
  warm_over_cold: number;
  /** A rebuild after one page's text changed. */
  one_change_s: number;
  cold_stages_ms: Record<string, number>;
  warm_stages_ms: Record<string, number>;
}

/**
 * sitegen three times on the corpus, same output folder and TMPDIR: a cold build (its build cache removed
 * first), a warm one that finds everything in the cache, and one after a page's text changed.
 */
export async function warmRebuild(roots: CorpusRoots, settings: RunSettings): Promise<WarmResult | { error: string }> {
  const cold: Measurement[] = [];
  const warm: Measurement[] = [];
  const changed: Measurement[] = [];
  const page = path.join(roots.sitegen, 'content', 'pages', `${slugOf(Math.floor(roots.pages / 2))}.md`);
  const original = await readFile(page, 'utf8');
  for (let pair = 0; pair < settings.runs; pair++) {
    const outDir = path.join(roots.outBase, `warm-${pair}`);
    const tmp = path.join(roots.outBase, `warm-tmp-${pair}`);
    await rm(outDir, { recursive: true, force: true });
    await mkdir(tmp, { recursive: true });
    await rm(path.join(roots.sitegen, '.sitegen', 'cache'), { recursive: true, force: true });
    const argv = sitegen.command(roots, outDir).argv.filter((arg) => arg !== '--no-cache');
    // One copy of the installed code cache for the three: the warm builds find in it what the cold one compiled.
    const env = { ...process.env, TMPDIR: tmp, NO_COLOR: '1', ...await codeCacheEnv(sitegen, roots, settings.work, tmp) };
    for (const list of [cold, warm, changed]) {
      if (list === changed) await writeFile(page, `${original}\nA sentence added in run ${pair + 1}.\n`);
      const result = await measure(argv, { env, useTime: settings.useTime });
      // Put back after the changed run only: rewriting it after the others too moved its time, and the "unchanged"
      // build found a touched file to read and hash again (it was measuring a restamp, not an unchanged build).
      if (list === changed) await writeFile(page, original);
      if (!result.ok) return { error: failureSummary(result.stdout, result.stderr) };
      list.push(result);
    }
    console.log(`  warm rebuild · round ${pair + 1} · cold ${cold.at(-1)!.wall_s.toFixed(2)} s, warm ${warm.at(-1)!.wall_s.toFixed(2)} s, one page changed ${changed.at(-1)!.wall_s.toFixed(2)} s`);
    await Promise.all([rm(outDir, { recursive: true, force: true }), rm(tmp, { recursive: true, force: true })]);
  }
  const stagesOf = (list: Measurement[]) => medianStages(list.map((run) => parseStageLine(run.stdout)?.stages ?? {}));
  const cold_s = median(cold.map((run) => run.wall_s));
  const warm_s = median(warm.map((run) => run.wall_s));
  return {
    cold_s, warm_s, warm_over_cold: warm_s / cold_s, one_change_s: median(changed.map((run) => run.wall_s)),
    cold_stages_ms: stagesOf(cold), warm_stages_ms: stagesOf(warm),
  };
}
