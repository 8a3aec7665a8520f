import { execFile, fork } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';

const RUNNER = path.join('test', 'harness', 'run.ts');
const CASES = path.join('test', 'fixtures', 'harness');

/** Runs a folder of test files through the runner `npm test` uses, in a child process. */
function runTests(dir: string, pattern?: string, env: NodeJS.ProcessEnv = {}, flags: string[] = []): Promise<{ code: number; lastLine: string; output: string }> {
  const { FORCE_COLOR: _color, ...plain } = process.env;
  const args = ['--import', 'tsx', RUNNER, dir, ...(pattern ? [pattern] : []), '--no-color', ...flags];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: REPO_ROOT, env: { ...plain, ...env } }, (error, stdout, stderr) => {
      const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
      const lines = stderr.trim().split('\n');
      resolve({ code, lastLine: lines[lines.length - 1], output: stdout + stderr });
    });
  });
}

const verdict = (passed: number, defined: number, reason: string) => `✘ test run FAILED: ${passed} of ${defined} tests passed: ${reason}`;

test('a suite whose before hook throws fails the run, and the last line says why', async () => {
  const run = await runTests(path.join(CASES, 'hook-fails'));
  assert.is(run.code, 1, run.output);
  assert.is(run.lastLine, verdict(1, 3, `${path.join(CASES, 'hook-fails', 'browser.test.ts')} › pages: its before hook failed, so none of its 2 tests ran: `
    + 'Chromium is not at /nowhere/chromium: install it (apt-get install chromium) or set CHROME_PATH to its path'));
  assert.match(run.output, 'at launchBrowser (browser.ts:1:1)', 'the stack that uvu hides is shown above');
});

test('a browser suite on a machine without Chromium fails the run and says what to install', async () => {
  const run = await runTests(path.join('test', 'browser'), 'frame.test', { CHROME_PATH: '/nowhere/chromium' });
  assert.is(run.code, 1, run.output);
  assert.match(run.lastLine, /^✘ test run FAILED: 0 of \d+ tests passed: test\/browser\/frame\.test\.ts › test: its before hook failed/);
  assert.ok(run.lastLine.endsWith('Chromium is not at /nowhere/chromium: install it (apt-get install chromium) or set CHROME_PATH to a Chromium binary'), run.lastLine);
});

test('tests defined but never run fail the run: a suite without .run(), a skipped test', async () => {
  const forgotten = await runTests(path.join(CASES, 'not-run'));
  assert.is(forgotten.code, 1, forgotten.output);
  assert.is(forgotten.lastLine, verdict(1, 3, `${path.join(CASES, 'not-run', 'forgotten.test.ts')} › forgotten: 2 test(s) defined after its last .run(), so never run`));
  const skipped = await runTests(path.join(CASES, 'skipped'));
  assert.is(skipped.code, 1, skipped.output);
  assert.is(skipped.lastLine, verdict(1, 2, `${path.join(CASES, 'skipped', 'skip.test.ts')} › test: 1 test(s) skipped; a skipped test is not a passed one`));
});

test('a failing after hook, a file that does not load, a failing test and no tests at all each fail the run', async () => {
  const cases: [string, string][] = [
    ['after-fails', verdict(1, 1, `${path.join(CASES, 'after-fails', 'after.test.ts')} › server: its after hook failed: the server did not stop`)],
    ['load-fails', verdict(1, 1, `${path.join(CASES, 'load-fails', 'broken.test.ts')}: the file failed to load: a top-level statement of this file threw`)],
    ['test-fails', verdict(1, 2, '1 failed (see above)')],
    ['empty', verdict(0, 0, 'no tests were found')],
  ];
  for (const [folder, expected] of cases) {
    const run = await runTests(path.join(CASES, folder));
    assert.is(run.code, 1, `${folder}: ${run.output}`);
    assert.is(run.lastLine, expected, folder);
  }
});

test('a run where every defined test passed exits 0, counting every file and suite', async () => {
  const run = await runTests(path.join(CASES, 'passes'));
  assert.is(run.code, 0, run.output);
  assert.match(run.output, /Total:\s+4\s+Passed:\s+4/);
  assert.not.match(run.output, 'FAILED');
});

test('a queued process given a file it cannot find fails, rather than running the others as if all were there', async () => {
  // As ./parallel.ts runs it: the files asked for over the IPC channel, one at a time, until it is given none.
  const given = [path.join(CASES, 'passes', 'a.test.ts'), path.join(CASES, 'passes', 'gone.test.ts')];
  const { FORCE_COLOR: _color, ...plain } = process.env;
  const child = fork(RUNNER, [path.join(CASES, 'passes'), '--no-color'], {
    cwd: REPO_ROOT, execArgv: ['--import', 'tsx'], env: { ...plain, SITEGEN_TEST_QUEUE: '1' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.on('message', (message: { ask?: boolean }) => void (message.ask && child.send({ file: given.shift() ?? null })));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.is(code, 1, output);
  assert.is(given.length, 0, 'it asked until it was given none');
  assert.match(output, /Total:\s+2\s+Passed:\s+2/, 'the file it found ran');
  assert.match(output.trim().split('\n').at(-1)!, `gone.test.ts: the file failed to load: given to this process, and not found by it`);
});

test('--jobs 2 gives a process its next file when it has run the last: while one is in a long file, the other runs the rest', async () => {
  // The first file (longest first; these are unknown to durations.json, so by name) waits until each other file has run.
  const log = path.join(await tempDir('sitegen-harness-'), 'ran');
  const run = await runTests(path.join(CASES, 'queue'), undefined, { HARNESS_QUEUE_LOG: log }, ['--jobs', '2']);
  assert.is(run.code, 0, run.output);
  assert.equal(run.output.match(/(?<=── process \d of 2: )\d(?= files ──)/g)?.sort(), ['1', '3'], 'one process ran the long file alone');
});

test('--jobs 2 runs the files in two processes: all passing passes, and one process whose hook failed fails the whole run', async () => {
  const green = await runTests(path.join(CASES, 'passes'), undefined, {}, ['--jobs', '2']);
  assert.is(green.code, 0, green.output);
  assert.is(green.lastLine.replace(/, [\d.]+ s$/, ''), '✔ 4 tests passed in 2 processes, 2 files');
  // Which process ran which file is whichever asked first; together they ran both, once.
  const counts = [...green.output.matchAll(/── process \d of 2: (\d) files ──/g)].map((match) => Number(match[1]));
  assert.is(counts.length, 2, 'each process says what it ran');
  assert.is(counts[0] + counts[1], 2, green.output);
  for (const file of ['a.test.ts', 'b.test.ts']) assert.is(green.output.split(file).length - 1, 1, `${file}'s report, whole and once`);
  const red = await runTests(path.join(CASES, 'hook-fails'), undefined, {}, ['--jobs', '2']);
  assert.is(red.code, 1, red.output);
  assert.match(red.lastLine, /^✘ test run FAILED: 1 of 3 tests passed in 2 processes: process \d \(exit 1\); each process's own verdict is above$/);
  assert.match(red.output, 'its before hook failed, so none of its 2 tests ran', 'the failing process\'s own verdict is shown');
});

test.run();
