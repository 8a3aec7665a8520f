/**
 * The real site: cold builds of the repository's own site root, with the
 * stage split that sitegen prints.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { measure, median, type Measurement } from './measure.ts';
import { REPO, SITEGEN_BIN, codeCacheEnv, failureSummary, parseStageLine, sitegen } from './builders.ts';

export interface SiteBuildResult {
  site_build_s: number;
  pages: number;
  stages_ms: Record<string, number>;
  runs_s: number[];
  cpu_s: number;
  rss_mb: number;
}

/**
 * A snapshot of the repo's site root (content, templates, public, server,
 * .sitegen) in the work folder, with the packages its server imports (node_modules, linked): others edit the repo while the bench runs, and the
 * login public key the site names is made there (`sitegen keys`, as
 * `npm start` does on first start) when the repo has none yet.
 */
export async function snapshotSite(work: string): Promise<string> {
  const root = await mkdtemp(path.join(work, 'site-root-'));
  for (const dir of ['content', 'templates', 'public', 'server', '.sitegen']) {
    if (existsSync(path.join(REPO, dir))) await cp(path.join(REPO, dir), path.join(root, dir), { recursive: true });
  }
  await symlink(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  if (!existsSync(path.join(root, '.sitegen', 'login-public.pem'))) {
    spawnSync(process.execPath, [SITEGEN_BIN, 'keys', '--root', root], { stdio: 'ignore' });
  }
  return root;
}

/** One cold build of a site root into `outDir` (fresh TMPDIR, so no compiled-template cache; the code cache as installed). */
export async function buildRealSite(work: string, root: string, outDir: string, useTime: boolean): Promise<Measurement> {
  const tmp = await mkdtemp(path.join(work, 'site-tmp-'));
  await rm(outDir, { recursive: true, force: true });
  const codeCache = await codeCacheEnv(sitegen, undefined, work, tmp);
  const result = await measure([process.execPath, SITEGEN_BIN, 'build', '--root', root, '--out', outDir, '--no-cache'], {
    env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1', ...codeCache }, useTime,
  });
  await rm(tmp, { recursive: true, force: true });
  return result;
}

export async function siteBuild(work: string, runs: number, useTime: boolean): Promise<SiteBuildResult | { error: string }> {
  const root = await snapshotSite(work);
  const results: Measurement[] = [];
  for (let index = 0; index < runs; index++) {
    const outDir = path.join(work, 'site-out');
    const result = await buildRealSite(work, root, outDir, useTime);
    await rm(outDir, { recursive: true, force: true });
    if (!result.ok) return { error: failureSummary(result.stdout, result.stderr) };
    results.push(result);
    console.log(`  real site · run ${index + 1} · ${result.wall_s.toFixed(2)} s`);
  }
  const lines = results.map((run) => parseStageLine(run.stdout));
  const names = [...new Set(lines.flatMap((line) => Object.keys(line?.stages ?? {})))];
  return {
    site_build_s: median(results.map((run) => run.wall_s)),
    pages: lines[0]?.pages ?? NaN,
    stages_ms: Object.fromEntries(names.map((name) => [name, median(lines.map((line) => line?.stages[name] ?? 0))])),
    runs_s: results.map((run) => run.wall_s),
    cpu_s: median(results.map((run) => Math.max(run.cpu_s, run.cpu_sampled_s))),
    rss_mb: median(results.map((run) => run.rss_mb)),
  };
}
