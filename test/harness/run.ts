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
 * With --jobs N (N > 1; `auto` is one per core, at most 4), the test files
 * are shared out to N processes of this runner (./parallel.ts), each with
 * its own verdict, by how long each file took (./durations.json): the run
 * passes only when every process did. `npm test` runs every file, unit,
 * server and browser, as one run with `--jobs auto`: one process kept two
 * cores 72 % busy (a test waits on Chromium, a child process, a server or a
 * timer), two keep them 95 % busy. Two builds of this repository's site at
 * once take turns (the build lock), so its images are encoded once.
 */
import { register } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { verdict } from './verdict.ts';
import { runAtEnd } from './at-end.ts';
import { RESULT_ENV, SHARE_ENV, writeShareResult } from './share.ts';

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

// Several processes: this one shares the files out and waits (./parallel.ts); a share runs below as a whole run does.
// `auto`: one per core, at most 4 (each may start a Chromium and builds of its own).
const jobs = flags.jobs === 'auto' ? Math.min(availableParallelism(), 4) : Math.max(1, Number.parseInt(flags.jobs ?? '1', 10) || 1);
// Read, then taken out of the environment: a test that starts this runner itself (harness.test.ts) starts a whole run.
const share = process.env[SHARE_ENV];
const resultFile = process.env[RESULT_ENV];
delete process.env[SHARE_ENV];
delete process.env[RESULT_ENV];
if (share === undefined && jobs > 1 && suites.length > 1) {
  const { runInParallel } = await import('./parallel.ts');
  const ok = await runInParallel(suites.map((suite) => path.join(suite.dir, suite.name)), Math.min(jobs, suites.length), process.argv.slice(1), flags['write-durations']);
  process.exitCode = ok ? 0 : 1;
} else {
  await runHere(share === undefined ? undefined : JSON.parse(share) as string[]);
}

/** A whole run in this process: every file found, or those of this process's share (`given`), each of which must be found. */
async function runHere(given: string[] | undefined): Promise<void> {
  const loadFailures: { file: string; error: unknown }[] = [];
  if (given) {
    const wanted = new Set(given);
    suites.splice(0, suites.length, ...suites.filter((suite) => wanted.has(path.join(suite.dir, suite.name))));
    // A file of the share this process does not find is a failure, never a file quietly left out.
    const found = new Set(suites.map((suite) => path.join(suite.dir, suite.name)));
    for (const file of given) if (!found.has(file)) loadFailures.push({ file, error: new Error('given to this process, and not found by it') });
  }
  for (const [index, file] of suites.entries()) {
    globalThis.UVU_INDEX = index;
    globalThis.UVU_QUEUE.push([file.name]);
    harness.loading.file = path.join(file.dir, file.name);
    try {
      await import(pathToFileURL(file.file).href);
    } catch (error) {
      loadFailures.push({ file: harness.loading.file, error });
    }
  }

  let stopped: unknown;
  try {
    await harness.exec(flags.bail);
  } catch (error) {
    stopped = error;
  }
  const endFailures = await runAtEnd();

  const result = verdict(harness.records, loadFailures, stopped, endFailures);
  for (const block of result.details) console.error(block);
  for (const line of result.lines) console.error(line);
  process.exitCode = result.ok ? 0 : 1;
  // A share tells the process that started it what it ran: its counts, and how long each file took.
  if (resultFile) writeShareResult(resultFile, harness.records, result.ok);
}
