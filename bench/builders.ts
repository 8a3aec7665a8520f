/**
 * The generators as commands (sitegen, Hugo, Eleventy, Astro), and what sitegen's build prints about
 * where its time went.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CorpusRoots } from './corpus.ts';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SITEGEN_BIN = path.join(REPO, 'bin', 'sitegen.js');
const ELEVENTY_BIN = path.join(REPO, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
const ASTRO_BIN = path.join(REPO, 'node_modules', 'astro', 'bin', 'astro.mjs');

export type GeneratorName = 'sitegen' | 'hugo' | 'eleventy' | 'astro' | 'floor';

export interface Generator {
  name: GeneratorName;
  /** The command that builds `roots` into `outDir`, and where to run it. */
  command(roots: CorpusRoots, outDir: string): { argv: string[]; cwd?: string };
}

export const sitegen: Generator = {
  name: 'sitegen',
  // --no-cache: every scale run is a cold build (no templates, bundle or pages from a previous run).
  command: (roots, outDir) => ({ argv: [process.execPath, SITEGEN_BIN, 'build', '--root', roots.sitegen, '--out', outDir, '--no-cache'] }),
};

/** Not a generator: the least a Node build of the corpus must do (bench/floor/floor.mjs), run on sitegen's corpus. */
export const floor: Generator = {
  name: 'floor',
  command: (roots, outDir) => ({ argv: [process.execPath, path.join(REPO, 'bench', 'floor', 'floor.mjs'), roots.sitegen, outDir] }),
};

/**
 * Node's compile cache (V8's code for each module) as an install leaves it,
 * made once per bench run in `work`: for sitegen, what `npm install` makes
 * (bin/prepare.js builds a one-page site, so sitegen's modules, React, zod
 * and marked are cached, and no corpus's templates are); for the floor, one
 * run of it, since a Node build can cache its modules as well. Each cold run
 * gets a copy of its own (codeCacheEnv), so nothing a run compiled, such as
 * the corpus's templates, helps the next. Eleventy and Hugo run as they ship.
 */
const installedCaches = new Map<GeneratorName, Promise<string>>();

function installedCodeCache(generator: Generator, roots: CorpusRoots | undefined, work: string): Promise<string> {
  let made = installedCaches.get(generator.name);
  if (!made) {
    made = (async () => {
      const directory = path.join(work, `code-cache-${generator.name}`);
      await rm(directory, { recursive: true, force: true });
      await mkdir(directory, { recursive: true });
      const env = { ...process.env, NODE_COMPILE_CACHE: directory };
      const warmUp = generator.name === 'sitegen'
        ? [path.join(REPO, 'bin', 'prepare.js')]
        : generator.command(roots!, path.join(work, 'code-cache-floor-out')).argv.slice(1);
      const result = spawnSync(process.execPath, warmUp, { env, encoding: 'utf8' });
      await rm(path.join(work, 'code-cache-floor-out'), { recursive: true, force: true });
      if (result.status !== 0) throw new Error(`could not make the ${generator.name} code cache: ${result.stderr}`);
      return directory;
    })();
    installedCaches.set(generator.name, made);
  }
  return made;
}

/** NODE_COMPILE_CACHE for one cold run of `generator` (sitegen or the floor): a fresh copy of the installed cache under `tmp`. */
export async function codeCacheEnv(generator: Generator, roots: CorpusRoots | undefined, work: string, tmp: string): Promise<Record<string, string>> {
  if (generator.name !== 'sitegen' && generator.name !== 'floor') return {};
  const copy = path.join(tmp, 'code-cache');
  await cp(await installedCodeCache(generator, roots, work), copy, { recursive: true });
  return { NODE_COMPILE_CACHE: copy };
}

const eleventy: Generator = {
  name: 'eleventy',
  command: (roots, outDir) => ({
    argv: [process.execPath, ELEVENTY_BIN, '--config=eleventy.config.js', `--output=${outDir}`, '--quiet'],
    cwd: roots.eleventy,
  }),
};

/** Astro (a devDependency, pinned): --force clears its content cache, so each run is a cold build, as sitegen's --no-cache. */
const astro: Generator = {
  name: 'astro',
  command: (roots, outDir) => ({
    // Its telemetry would try the network at the end of each build.
    argv: ['/usr/bin/env', 'ASTRO_TELEMETRY_DISABLED=1', process.execPath, ASTRO_BIN, 'build', '--root', roots.astro, '--outDir', outDir, '--force', '--silent'],
    cwd: roots.astro,
  }),
};

const hugo: Generator = {
  name: 'hugo',
  command: (roots, outDir) => ({
    argv: ['hugo', '--source', roots.hugo, '--destination', outDir, '--cacheDir', path.join(roots.hugo, '.cache'), '--quiet'],
  }),
};

function hugoVersion(): string | undefined {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** sitegen always; Hugo (installed with apt when missing and root) and Eleventy when present, with a note for each skipped. */
export function availableGenerators(): { generators: Generator[]; versions: Record<string, string>; notes: string[] } {
  const generators: Generator[] = [sitegen];
  const notes: string[] = [];
  const versions: Record<string, string> = {};
  let version = hugoVersion();
  if (!version && process.getuid?.() === 0) {
    console.log('installing Hugo (apt-get install -y hugo) …');
    spawnSync('apt-get', ['install', '-y', 'hugo'], { stdio: 'ignore' });
    version = hugoVersion();
  }
  if (version) {
    generators.push(hugo);
    versions.hugo = version;
  } else {
    notes.push('Hugo skipped: `hugo` is not installed and the bench is not root, so it cannot run `apt-get install -y hugo`.');
  }
  if (existsSync(ELEVENTY_BIN)) {
    generators.push(eleventy);
    versions.eleventy = spawnSync(process.execPath, [ELEVENTY_BIN, '--version'], { encoding: 'utf8' }).stdout.trim();
  } else {
    notes.push('Eleventy skipped: @11ty/eleventy is not installed (run npm install).');
  }
  if (existsSync(ASTRO_BIN)) {
    generators.push(astro);
    versions.astro = spawnSync(process.execPath, [ASTRO_BIN, '--version'], { encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } }).stdout.trim();
  } else {
    notes.push('Astro skipped: astro is not installed (run npm install).');
  }
  return { generators, versions, notes };
}

/** The build line: `built 20 pages into X (load 66 ms, bundle 57 ms, …; 420 ms of stage time)`. */
export interface StageLine {
  pages: number;
  stages: Record<string, number>;
}

export function parseStageLine(stdout: string): StageLine | undefined {
  const match = /built (\d+) pages? into .*?\(([^;)]*)/.exec(stdout);
  if (!match) return undefined;
  const stages: Record<string, number> = {};
  for (const part of match[2].split(',')) {
    const stage = /^\s*([\w-]+(?: [\w-]+)*?)\s+([\d.]+)\s*ms\s*$/.exec(part);
    if (stage) stages[stage[1]] = Number(stage[2]);
  }
  return { pages: Number(match[1]), stages };
}

/** The first lines of a failed command's output, for the report. */
export function failureSummary(stdout: string, stderr: string, lines = 12): string {
  const text = (stderr.trim() || stdout.trim()).replace(/\x1b\[[0-9;]*m/g, '');
  const all = text.split('\n');
  return all.slice(0, lines).join('\n') + (all.length > lines ? `\n… (${all.length - lines} more lines)` : '');
}
