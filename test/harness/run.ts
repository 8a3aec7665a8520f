/**
 * The test runner behind `npm test`: uvu's own runner, plus a verdict it
 * lacks. uvu calls a run green when a suite's `before` hook threw (it reports
 * "Total 49, Passed 0" and exits 0, as on a machine without Chromium). Here
 * a run passes only when every test that was defined passed: a failed hook,
 * a skipped test, a suite never run, a file that cannot be loaded or a run
 * with no tests at all exits 1, and the last line says why.
 *
 *   node --import tsx test/harness/run.ts DIR[,DIR…] [PATTERN] [--bail] [--ignore RE] [--no-color] [--jobs N]
 *
 * DIR and PATTERN mean what they mean to uvu's command line; several
 * folders, separated by commas, run as one suite (the generator's tests,
 * and the site server's beside its code).
 *
 * Each file is imported and its suites run before the next is imported
 * (uvu's own runner imports them all first), so that a process can take
 * its files one at a time. With --jobs N (N > 1; `auto` is one per core, at
 * most 4), N processes of this runner take the files from one queue,
 * longest first (./parallel.ts), each with its own verdict: the run passes
 * only when every process did and every file ran. `npm test` runs every
 * file, unit, server and browser, as one run with `--jobs auto`: one
 * process kept two cores 72 % busy (a test waits on Chromium, a child
 * process, a server or a timer), two keep them 95 % busy. Two builds of
 * this repository's site at once take turns (the build lock), so its
 * images are encoded once.
 */
import { register } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { verdict } from './verdict.ts';
import { runAtEnd } from './at-end.ts';
import { FILE_END, QUEUE_ENV, RESULT_ENV, writeShareResult, type Ask, type Given } from './share.ts';

// The suite tests sitegen on the Node it needs: `npm test` runs the one npm install put in node_modules/.bin.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`✘ test run FAILED: this is Node ${process.versions.node}, and sitegen needs 24 or newer: run the tests with \`npm test\`, which uses the Node in node_modules/.bin`);
  process.exit(1);
}

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    bail: { type: 'boolean', short: 'b', default: false },
    ignore: { type: 'string', short: 'i', multiple: true },
    'no-color': { type: 'boolean', default: false },
    jobs: { type: 'string', short: 'j', default: '1' },
    'write-durations': { type: 'boolean', default: false },
  },
});
const [dirList, pattern] = positionals;
if (!dirList) {
  console.error('usage: node --import tsx test/harness/run.ts DIR[,DIR…] [PATTERN] [--bail] [--ignore RE] [--no-color]');
  process.exit(2);
}
// As uvu's command line does by default (its colours are chosen when it loads).
if (!flags['no-color']) process.env.FORCE_COLOR = '1';

const wrapper = new URL('./uvu.ts', import.meta.url).href;
register('./resolve.mjs', { parentURL: import.meta.url, data: { wrapper } });
// uvu queues suites for its runner instead of running each file on its own (what its /run module sets).
(globalThis as { UVU_DEFER?: number }).UVU_DEFER = 1;

const harness = await import('./uvu.ts');
const { parse } = await import('uvu/parse');
const suites: { dir: string; name: string; file: string }[] = [];
for (const dir of dirList.split(',')) {
  for (const file of (await parse(dir, pattern, { ignore: flags.ignore })).suites) suites.push({ dir, ...file });
}

// Several processes: this one holds the queue of files and waits (./parallel.ts); each process takes its files from it.
// `auto`: one per core, at most 4 (each may start a Chromium and builds of its own).
const jobs = flags.jobs === 'auto' ? Math.min(availableParallelism(), 4) : Math.max(1, Number.parseInt(flags.jobs ?? '1', 10) || 1);
// Read, then taken out of the environment: a test that starts this runner itself (harness.test.ts) starts a whole run.
const queued = process.env[QUEUE_ENV] === '1';
const resultFile = process.env[RESULT_ENV];
delete process.env[QUEUE_ENV];
delete process.env[RESULT_ENV];
if (queued) {
  if (!process.send) throw new Error(`${QUEUE_ENV} is set, and this process has no IPC channel to ask for its files on`);
  await runHere(askParent());
} else if (jobs > 1 && suites.length > 1) {
  const { runInParallel } = await import('./parallel.ts');
  const ok = await runInParallel(suites.map((suite) => path.join(suite.dir, suite.name)), Math.min(jobs, suites.length), process.argv.slice(1), flags['write-durations']);
  process.exitCode = ok ? 0 : 1;
} else {
  await runHere(suites.map((suite) => path.join(suite.dir, suite.name)));
}

/**
 * The files of a queued process, asked of the process that started it one at a time (./share.ts), each asked for
 * when the last has run. Its reports go to stdout alone, in the order written, each ended by FILE_END.
 */
async function* askParent(): AsyncGenerator<string> {
  process.stderr.write = process.stdout.write.bind(process.stdout) as typeof process.stderr.write;
  const answers: ((file: string | null) => void)[] = [];
  process.on('message', (message: Given) => answers.shift()?.(message.file));
  try {
    for (;;) {
      const next = new Promise<string | null>((resolve) => answers.push(resolve));
      process.send!({ ask: true } satisfies Ask);
      const file = await next;
      if (file === null) return;
      yield file;
      process.stdout.write(FILE_END);
    }
  } finally {
    process.channel?.unref();
  }
}

/**
 * A whole run in this process: each file (DIR/NAME) imported and its suites run, one file after another, then the
 * verdict. A file given that the run's folders and pattern do not find is a failure, never a file quietly left out.
 */
async function runHere(files: Iterable<string> | AsyncIterable<string>): Promise<void> {
  const loadFailures: { file: string; error: unknown }[] = [];
  const byPath = new Map(suites.map((suite) => [path.join(suite.dir, suite.name), suite]));
  const fileMs: Record<string, number> = {};
  const totals = { total: 0, passed: 0, skipped: 0, failed: false };
  const started = performance.now();
  let stopped: unknown;
  // A test that ends the process itself (process.exit) ends it before the verdict: never a pass.
  const early = () => {
    console.error('✘ test run FAILED: the process exited before every file had run');
    process.exitCode = 1;
  };
  process.on('exit', early);
  for await (const file of files) {
    const suite = byPath.get(file);
    if (!suite) {
      loadFailures.push({ file, error: new Error('given to this process, and not found by it') });
      continue;
    }
    const start = performance.now();
    globalThis.UVU_QUEUE.splice(0, Infinity, [file]); // its header: DIR/NAME (test/unit and test/browser both have a dev.test.ts)
    globalThis.UVU_INDEX = 0;
    harness.loading.file = file;
    try {
      await import(pathToFileURL(suite.file).href);
    } catch (error) {
      loadFailures.push({ file, error });
    }
    try {
      await runQueuedSuites(totals);
    } catch (error) {
      stopped = error;
    }
    fileMs[file] = performance.now() - start;
    if (stopped !== undefined) break;
  }
  process.off('exit', early);
  const endFailures = await runAtEnd();
  // A queued process the others left no file to has nothing to report; the process that started it counts the files run.
  if (resultFile && Object.keys(fileMs).length === 0 && loadFailures.length === 0 && endFailures.length === 0) {
    writeShareResult(resultFile, harness.records, fileMs, true);
    return;
  }
  printTotals(totals, performance.now() - started);

  const result = verdict(harness.records, loadFailures, stopped, endFailures);
  for (const block of result.details) console.error(block);
  for (const line of result.lines) console.error(line);
  process.exitCode = result.ok ? 0 : 1;
  // A queued process tells the process that started it what it ran: its counts, and how long each file took.
  if (resultFile) writeShareResult(resultFile, harness.records, fileMs, result.ok);
}

/** What uvu's exec does with the suites a file queued: each run in turn, its report printed; with --bail, the first failure ends the process. */
async function runQueuedSuites(totals: { total: number; passed: number; skipped: number; failed: boolean }): Promise<void> {
  for (const group of globalThis.UVU_QUEUE) {
    const name = group.shift();
    if (typeof name === 'string') process.stdout.write(`${style('1;4;37', name)}\n`);
    for (const run of group as (() => Promise<[string | true, number, number, number]>)[]) {
      const [errors, passed, skipped, total] = await run();
      totals.total += total;
      totals.passed += passed;
      totals.skipped += skipped;
      if (errors !== true && errors.length > 0) {
        process.stdout.write(`\n${errors}\n`);
        totals.failed = true;
        if (flags.bail) process.exit(1);
      }
    }
  }
  process.stdout.write('\n');
}

/** uvu's closing lines, once for the run. */
function printTotals(totals: { total: number; passed: number; skipped: number; failed: boolean }, ms: number): void {
  process.stdout.write(`\n  Total:     ${totals.total}${style(totals.failed ? '31' : '32', `\n  Passed:    ${totals.passed}`)}`
    + `\n  Skipped:   ${totals.skipped ? style('33', String(totals.skipped)) : 0}\n  Duration:  ${ms.toFixed(2)}ms\n\n`);
}

/** An SGR style, when colours are on: as uvu's kleur decides (FORCE_COLOR is set above unless --no-color). */
function style(codes: string, text: string): string {
  const { NODE_DISABLE_COLORS, NO_COLOR, TERM, FORCE_COLOR } = process.env;
  const on = !NODE_DISABLE_COLORS && NO_COLOR === undefined && TERM !== 'dumb' && ((FORCE_COLOR !== undefined && FORCE_COLOR !== '0') || process.stdout.isTTY);
  return on ? `\u001b[${codes}m${text}\u001b[0m` : text;
}
