/**
 * The `docs` part of `npm run bench`: sitegen's own docs (docs/site/build.ts
 * lays them out) built by sitegen with the docs starter and by Starlight
 * (bench/starlight/, the same Markdown in its docs collection), each cold
 * (`--no-cache`; `astro build --force`), in alternation; and the JavaScript
 * a page of each loads before the visitor touches anything, gzip: its
 * inline scripts, its module scripts and every chunk they import statically.
 */
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO } from './builders.ts';
import { measure, type Measurement } from './measure.ts';
import { layOutDocs } from '../docs/site/build.ts';

const ASTRO_BIN = path.join(REPO, 'node_modules', 'astro', 'bin', 'astro.mjs');
const STARLIGHT = path.join(REPO, 'node_modules', '@astrojs', 'starlight', 'package.json');

export interface DocsResult {
  pages: number;
  runs: number;
  sitegen: { wall_s: number; cpu_s: number; rss_mb: number };
  starlight?: { version: string; wall_s: number; cpu_s: number; rss_mb: number };
  /** First-view JavaScript of the same page, gzip bytes. */
  first_view_js: { route: string; sitegen: number; starlight?: number };
  note?: string;
}

export async function docsBuilds(runs: number, useTime: boolean, keep = false): Promise<DocsResult> {
  // Both inside the repository, on one disk: Starlight's node_modules must resolve as real folders (Vite does not
  // take it through a link), and Astro moves its output with rename(), which fails across file systems.
  const base = path.join(REPO, '.sitegen', 'bench-docs');
  const root = path.join(base, 'sitegen');
  await layOutDocs(root);
  const pages = (await readdir(path.join(root, 'content', 'pages'), { recursive: true })).filter((file) => String(file).endsWith('.md')).length;
  const project = path.join(base, 'starlight');
  const starlight = existsSync(STARLIGHT) && existsSync(ASTRO_BIN);
  if (starlight) {
    await rm(project, { recursive: true, force: true });
    await cp(path.join(REPO, 'bench', 'starlight'), project, { recursive: true });
    // Its dependencies named, as in any Starlight project: Vite reads them to compile Starlight rather than load it as is.
    const versions = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
    await writeFile(path.join(project, 'package.json'), JSON.stringify({
      name: 'bench-starlight', private: true, type: 'module',
      dependencies: { '@astrojs/starlight': versions['@astrojs/starlight'], astro: versions.astro },
    }));
    // The same pages; Starlight has a not-found page of its own.
    await cp(path.join(root, 'content', 'pages'), path.join(project, 'src', 'content', 'docs'), { recursive: true });
    await rm(path.join(project, 'src', 'content', 'docs', '404.md'));
  }
  const sitegenCommand = [process.execPath, path.join(REPO, 'bin', 'sitegen.js'), 'build', '--root', root, '--no-cache'];
  const starlightOut = path.join(project, 'dist');
  const starlightCommand = ['/usr/bin/env', 'ASTRO_TELEMETRY_DISABLED=1', process.execPath, ASTRO_BIN, 'build', '--root', project, '--outDir', starlightOut, '--force', '--silent'];
  const env = { ...process.env, NODE_ENV: 'production' };
  const ours: Measurement[] = [];
  const theirs: Measurement[] = [];
  for (let run = 0; run < runs; run++) {
    ours.push(checked(await measure(sitegenCommand, { cwd: REPO, env, useTime }), 'sitegen'));
    if (starlight) theirs.push(checked(await measure(starlightCommand, { cwd: project, env, useTime }), 'Starlight'));
  }
  const route = '/code/integrations';
  const result: DocsResult = {
    pages, runs, sitegen: medians(ours),
    first_view_js: { route, sitegen: await firstViewJs(path.join(root, 'dist'), 'code/integrations.html') },
  };
  if (starlight) {
    const version = JSON.parse(await readFile(STARLIGHT, 'utf8')).version as string;
    result.starlight = { version, ...medians(theirs) };
    result.first_view_js.starlight = await firstViewJs(starlightOut, 'code/integrations/index.html');
  } else {
    result.note = 'Starlight skipped: @astrojs/starlight is not installed (run npm install).';
  }
  if (!keep) await rm(base, { recursive: true, force: true });
  return result;
}

function checked(measurement: Measurement, who: string): Measurement {
  if (!measurement.ok) throw new Error(`${who}'s build failed (exit ${measurement.code}):\n${measurement.stderr.slice(-2000)}`);
  return measurement;
}

function medians(list: Measurement[]): { wall_s: number; cpu_s: number; rss_mb: number } {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { wall_s: median(list.map((one) => one.wall_s)), cpu_s: median(list.map((one) => one.cpu_s)), rss_mb: median(list.map((one) => one.rss_mb)) };
}

/**
 * What a page runs before any interaction, gzip: each inline classic or
 * module script, and each external one with the chunks it imports
 * statically (`import"./x.js"`, `from"./x.js"`), each file counted once.
 * Scripts of other types (JSON, import maps) are data, and islands that
 * wait for interaction load nothing until then.
 */
export async function firstViewJs(outDir: string, file: string): Promise<number> {
  const html = await readFile(path.join(outDir, file), 'utf8');
  let total = 0;
  const seen = new Set<string>();
  const visit = async (url: string, from: string) => {
    const resolved = new URL(url, `http://site.invalid${from}`).pathname;
    if (seen.has(resolved)) return;
    seen.add(resolved);
    const code = await readFile(path.join(outDir, resolved), 'utf8');
    total += gzipSync(code).length;
    for (const [, next] of code.matchAll(/\b(?:import|from)\s*["']([^"']+\.js)["']/g)) await visit(next, resolved);
  };
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype="([^"]+)"/.exec(attributes)?.[1];
    if (type !== undefined && type !== 'module' && type !== 'text/javascript') continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) await visit(src, `/${file}`);
    else if (body.trim()) total += gzipSync(body).length;
  }
  return total;
}
