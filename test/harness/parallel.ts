/**
 * `--jobs N`: the test files shared out to N processes of the runner, each
 * a whole run of its own (its own uvu, verdict and Chromium), at once. The
 * files are shared by how long each took (./durations.json, written with
 * `--write-durations`), longest first, each to the process with the least
 * so far; a file not listed counts as the median. A process's output is
 * printed whole when it ends, so that two never interleave. The run passes
 * only when every process passed and ran what it was given.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULT_ENV, SHARE_ENV, type ShareResult } from './share.ts';

const DURATIONS = fileURLToPath(new URL('./durations.json', import.meta.url));

/** Runs `files` in `jobs` processes of the runner (`argv`: this run's script and arguments); whether all passed. */
export async function runInParallel(files: readonly string[], jobs: number, argv: readonly string[], writeDurations: boolean): Promise<boolean> {
  const known = readDurations();
  const shares = shareOut(files, jobs, known);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sitegen-test-shares-'));
  const started = performance.now();
  try {
    const runs = shares.map((share, index) => runShare(share, index, shares.length, argv, path.join(scratch, `${index}.json`)));
    const results = await Promise.all(runs);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const defined = results.reduce((sum, result) => sum + (result.result?.defined ?? 0), 0);
    const passed = results.reduce((sum, result) => sum + (result.result?.passed ?? 0), 0);
    const failed = results.filter((result) => !result.ok);
    if (writeDurations) {
      const measured = Object.assign({}, known, ...results.map((result) => roundedSeconds(result.result?.ms ?? {})));
      writeFileSync(DURATIONS, JSON.stringify(Object.fromEntries(Object.entries(measured).sort(([a], [b]) => (a < b ? -1 : 1))), null, 2) + '\n');
    }
    if (failed.length === 0 && defined > 0 && passed === defined) {
      console.error(`✔ ${passed} tests passed in ${shares.length} processes, ${files.length} files, ${seconds} s`);
      return true;
    }
    const why = failed.map((result) => `process ${result.index + 1} (${result.reason})`).join(', ') || 'no tests ran';
    console.error(`✘ test run FAILED: ${passed} of ${defined} tests passed in ${shares.length} processes: ${why}; each process's own verdict is above`);
    return false;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Longest first, each to the share with the least time so far (LPT): a share's files keep their order otherwise. */
export function shareOut(files: readonly string[], jobs: number, known: Readonly<Record<string, number>>): string[][] {
  const times = Object.values(known).sort((a, b) => a - b);
  const median = times.length ? times[Math.floor(times.length / 2)] : 1;
  const weight = (file: string) => known[file] ?? median;
  const shares = Array.from({ length: jobs }, () => ({ files: [] as string[], total: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1))) {
    const lightest = shares.reduce((best, share) => (share.total < best.total ? share : best));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  const order = new Map(files.map((file, index) => [file, index]));
  return shares.filter((share) => share.files.length > 0).map((share) => share.files.sort((a, b) => order.get(a)! - order.get(b)!));
}

interface ShareRun {
  index: number;
  ok: boolean;
  reason: string;
  result?: ShareResult;
}

function runShare(files: readonly string[], index: number, count: number, argv: readonly string[], resultFile: string): Promise<ShareRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, ...argv], {
      env: { ...process.env, [SHARE_ENV]: JSON.stringify(files), [RESULT_ENV]: resultFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      process.stderr.write(`\n── process ${index + 1} of ${count}: ${files.length} files ──\n`);
      process.stderr.write(Buffer.concat(output));
      let result: ShareResult | undefined;
      try {
        result = JSON.parse(readFileSync(resultFile, 'utf8')) as ShareResult;
      } catch {
        // No result: it stopped before its verdict (a crash, a kill): a failure, said below.
      }
      const reason = signal ? `killed by ${signal}` : !result ? `stopped with code ${code} before its verdict` : code !== 0 || !result.ok ? `exit ${code}` : '';
      resolve({ index, ok: reason === '', reason, result });
    });
  });
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function roundedSeconds(ms: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(ms).map(([file, time]) => [file, Math.round(time / 100) / 10]));
}
