/**
 * `--jobs N`: the test files run in N processes of the runner at once, each
 * a whole run of its own (its own uvu, verdict and Chromium) that takes its
 * files one at a time from a queue held here, longest first by how long each
 * took (./durations.json, written with `--write-durations`; a file not
 * listed counts as the median). A process that ends a file asks for the
 * next, so none stands idle while another has a long list left, whatever
 * the timings of another machine or day said. Each file's report is printed
 * whole as it ends, and each process's verdict when it ends. The run passes
 * only when every process passed and every file was run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_END, QUEUE_ENV, RESULT_ENV, type Ask, type Given, type ShareResult } from './share.ts';

const DURATIONS = fileURLToPath(new URL('./durations.json', import.meta.url));

/** Runs `files` in `jobs` processes of the runner (`argv`: this run's script and arguments); whether all passed. */
export async function runInParallel(files: readonly string[], jobs: number, argv: readonly string[], writeDurations: boolean): Promise<boolean> {
  const known = readDurations();
  const queue = longestFirst(files, known);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sitegen-test-shares-'));
  const started = performance.now();
  try {
    const runs = Array.from({ length: jobs }, (_, index) => runProcess(queue, index, jobs, argv, path.join(scratch, `${index}.json`)));
    const results = await Promise.all(runs);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const defined = results.reduce((sum, result) => sum + (result.result?.defined ?? 0), 0);
    const passed = results.reduce((sum, result) => sum + (result.result?.passed ?? 0), 0);
    const ran = results.reduce((sum, result) => sum + result.files.length, 0);
    const failed = results.filter((result) => !result.ok);
    if (writeDurations) {
      const measured = Object.assign({}, known, ...results.map((result) => roundedSeconds(result.result?.ms ?? {})));
      writeFileSync(DURATIONS, JSON.stringify(Object.fromEntries(Object.entries(measured).sort(([a], [b]) => (a < b ? -1 : 1))), null, 2) + '\n');
    }
    if (failed.length === 0 && ran === files.length && defined > 0 && passed === defined) {
      console.error(`✔ ${passed} tests passed in ${jobs} processes, ${files.length} files, ${seconds} s`);
      return true;
    }
    const why = [
      ...failed.map((result) => `process ${result.index + 1} (${result.reason})`),
      ...(ran < files.length ? [`${files.length - ran} of ${files.length} files never run`] : []),
    ].join(', ') || 'no tests ran';
    console.error(`✘ test run FAILED: ${passed} of ${defined} tests passed in ${jobs} processes: ${why}; each process's own verdict is above`);
    return false;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The order the processes take the files in: longest first, so that the short ones fill the end; ties by name. */
export function longestFirst(files: readonly string[], known: Readonly<Record<string, number>>): string[] {
  const times = Object.values(known).sort((a, b) => a - b);
  const median = times.length ? times[Math.floor(times.length / 2)] : 1;
  const weight = (file: string) => known[file] ?? median;
  return [...files].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1));
}

interface ProcessRun {
  index: number;
  ok: boolean;
  reason: string;
  /** The files it was given. */
  files: string[];
  result?: ShareResult;
}

function runProcess(queue: string[], index: number, count: number, argv: readonly string[], resultFile: string): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, ...argv], {
      env: { ...process.env, [QUEUE_ENV]: '1', [RESULT_ENV]: resultFile },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const given: string[] = [];
    const report = fileReports(child, (text) => process.stderr.write(text));
    child.on('message', (message: Ask) => {
      if (!message?.ask) return;
      const file = queue.shift() ?? null;
      if (file) given.push(file);
      child.send({ file } satisfies Given);
    });
    child.on('close', (code, signal) => {
      process.stderr.write(`\n── process ${index + 1} of ${count}: ${given.length} files ──\n`);
      report.flush();
      let result: ShareResult | undefined;
      try {
        result = JSON.parse(readFileSync(resultFile, 'utf8')) as ShareResult;
      } catch {
        // No result: it stopped before its verdict (a crash, a kill): a failure, said below.
      }
      const reason = signal ? `killed by ${signal}` : !result ? `stopped with code ${code} before its verdict` : code !== 0 || !result.ok ? `exit ${code}` : '';
      resolve({ index, ok: reason === '', reason, files: given, result });
    });
  });
}

/**
 * A process's output (stdout and stderr, in the order they arrive), printed a file's report at a time: each ends
 * at FILE_END. What follows the last file (the process's verdict) is printed by flush(), when the process has ended.
 */
function fileReports(child: ChildProcess, print: (text: string) => void): { flush(): void } {
  let pending = '';
  const take = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    for (let end = pending.indexOf(FILE_END); end !== -1; end = pending.indexOf(FILE_END)) {
      print(pending.slice(0, end));
      pending = pending.slice(end + FILE_END.length);
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  return {
    flush() {
      print(pending);
      pending = '';
    },
  };
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
