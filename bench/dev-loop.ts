/**
 * The dev loop: `sitegen dev` on a copy of the repo's site root, or on the
 * scale part's corpus (5,000 pages by default), then edits of different
 * content files, each timed from the file write to the moment the page's
 * HTML in the served folder (ROOT/.sitegen/dev) holds the edit.
 */
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseDocument } from 'yaml';
import { startListening } from './listen.ts';
import { percentile } from './measure.ts';
import { SITEGEN_BIN } from './builders.ts';
import { snapshotSite } from './site.ts';
import { writeCorpus } from './corpus.ts';

export interface DevLoopResult {
  p50: number;
  p95: number;
  edits: number;
  timeouts: number;
  /** Median of the `rebuilt … in N ms` figures the dev server printed. */
  reported_rebuild_ms_p50?: number;
  samples_ms: number[];
}

const POLL_MS = 2;
const EDIT_TIMEOUT_MS = 15_000;

/** Appends a sentence that reaches the HTML: Markdown gets a paragraph, YAML a longer description. */
export function editContent(file: string, source: string, sentence: string): string {
  if (file.endsWith('.md')) return `${source.trimEnd()}\n\n${sentence}\n`;
  const doc = parseDocument(source);
  doc.set('description', `${String(doc.get('description') ?? '')} ${sentence}`.trim());
  return doc.toString();
}

function outputOf(relative: string): string {
  const route = relative.replace(/\.(ya?ml|md)$/, '').replace(/(^|\/)index$/, '');
  return route === '' ? 'index.html' : `${route}.html`;
}

async function fingerprint(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  return info ? `${info.ino}:${info.mtimeMs}:${info.size}` : 'missing';
}

/** Polls every 2 ms until `file` changes and holds `marker`; returns the milliseconds since `since`. */
async function waitForMarker(file: string, before: string, marker: string, since: number): Promise<number | undefined> {
  let last = before;
  while (performance.now() - since < EDIT_TIMEOUT_MS) {
    const now = await fingerprint(file);
    if (now !== last) {
      const elapsed = performance.now() - since;
      last = now;
      if ((await readFile(file, 'utf8').catch(() => '')).includes(marker)) return elapsed;
    }
    await sleep(POLL_MS);
  }
  return undefined;
}

/**
 * `corpus`: the scale part's generated site of that many pages instead of
 * this site. The real site's 404.yaml is not edited: under the
 * specification's fallback its page is the redirect file, never built.
 */
export async function devLoop(work: string, edits: number, corpus?: { pages: number; seed: number }): Promise<DevLoopResult | { error: string }> {
  const root = corpus ? (await writeCorpus(path.join(work, 'dev-corpus'), corpus.pages, corpus.seed)).sitegen : await snapshotSite(work);
  const reported: number[] = [];
  let server;
  try {
    server = await startListening([process.execPath, SITEGEN_BIN, 'dev', '--root', root, '--port', '0'], {
      onLine: (line) => {
        const match = /rebuilt .* in ([\d.]+) ?ms/.exec(line);
        if (match) reported.push(Number(match[1]));
      },
    });
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    return { error: `sitegen dev could not run: ${(error as Error).message}` };
  }
  try {
    const files = (await readdir(path.join(root, 'content', 'pages'))).filter((file) => /\.(ya?ml|md)$/.test(file) && file !== '404.yaml').sort();
    const samples: number[] = [];
    let timeouts = 0;
    for (let index = 0; index < edits; index++) {
      const relative = files[index % files.length];
      const source = path.join(root, 'content', 'pages', relative);
      const output = path.join(root, '.sitegen', 'dev', outputOf(relative));
      const marker = `Bench edit ${index + 1} of ${edits}`;
      const next = editContent(relative, await readFile(source, 'utf8'), `${marker}.`);
      const before = await fingerprint(output);
      const started = performance.now();
      await writeFile(source, next);
      const elapsed = await waitForMarker(output, before, marker, started);
      if (elapsed === undefined) {
        timeouts++;
        if (samples.length === 0 && timeouts >= 3) {
          return { error: `no rebuild seen in .sitegen/dev/ for 3 edits (${EDIT_TIMEOUT_MS / 1000} s each); dev output:\n${server.output().trim().split('\n').slice(-15).join('\n')}` };
        }
      } else {
        samples.push(elapsed);
      }
      // Let the watcher settle so that one edit's rebuild does not overlap the next.
      await sleep(150);
    }
    const sorted = [...reported].sort((a, b) => a - b);
    return {
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      edits: samples.length,
      timeouts,
      reported_rebuild_ms_p50: sorted.length ? percentile(sorted, 50) : undefined,
      samples_ms: samples.map((ms) => Math.round(ms * 10) / 10),
    };
  } finally {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}
