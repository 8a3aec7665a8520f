/**
 * `sitegen build --json`: what a build made, as one JSON document for CI
 * (routes, files and their sizes, warnings, timings). Its shape is in
 * docs/dev-and-errors.md; a failed build's document is errorDocument (src/report.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BuildResult } from './build-result.ts';
import { outputPathOf } from './output-path.ts';
import { toPosix } from './files.ts';

export interface BuildDocument {
  ok: true;
  outDir: string;
  pages: number;
  /** Pages rendered by this build; the others were unchanged and reused from the last one. */
  rendered: number;
  routes: { route: string; source: string; file: string; bytes: number; islands: string[]; sitemap: boolean }[];
  /** Every file in the output folder, in code-unit order of their paths. */
  files: { file: string; bytes: number }[];
  bytes: number;
  warnings: string[];
  /** Milliseconds: each stage (stages overlap) and `total`, the build's wall time. */
  timings: Record<string, number>;
}

export async function buildDocument(result: BuildResult, totalMs: number): Promise<BuildDocument> {
  const files = await listOutput(result.outDir);
  const sizes = new Map(files.map((entry) => [entry.file, entry.bytes]));
  const timings = Object.fromEntries([...Object.entries(result.timings), ['total', totalMs]].map(([stage, ms]) => [stage, round(ms as number)]));
  return {
    ok: true,
    outDir: result.outDir,
    pages: result.pages.length,
    rendered: result.rendered,
    routes: result.pages.map((page) => {
      const file = outputPathOf(page.route, result.model.site.trailingSlash);
      return { route: page.route, source: page.file, file, bytes: sizes.get(file) ?? 0, islands: page.islands, sitemap: page.sitemap };
    }),
    files,
    bytes: files.reduce((sum, entry) => sum + entry.bytes, 0),
    warnings: result.warnings,
    timings,
  };
}

async function listOutput(outDir: string): Promise<{ file: string; bytes: number }[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return { file: toPosix(path.relative(outDir, full)), bytes: (await stat(full)).size };
  }));
  return files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
