import { execFile } from 'node:child_process';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteError } from '../../src/errors.ts';
import { openStore, type NewSubmission } from '../store.ts';
import { stateFiles } from '../state.ts';
import { apiRoot, apiSite, post } from '../../test/helpers/api-site.ts';
import { REPO_ROOT, tempDir } from '../../test/helpers/site.ts';

const runFile = promisify(execFile);
const SITEGEN = path.join(REPO_ROOT, 'bin', 'sitegen.js');
/** The CLI's environment: no colour (uvu sets FORCE_COLOR, which would win over NO_COLOR with a warning). */
const { FORCE_COLOR: _color, ...PLAIN_ENV }: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };

const contact = (name: string) => ({ name, request_type: 'contact', company_name: 'Acme', email_id: 'a@example.com', mobile_number: '+91 1', message: 'Hello' });
const row = (name: string): NewSubmission => ({ request_type: 'contact', name, lastname: null, company_name: 'Acme', email_id: 'a@example.com', mobile_number: '1', message: 'Hi' });

/** What `sitegen submissions` prints, through the real command line. */
async function submissions(root: string, format: 'json' | 'csv'): Promise<string> {
  const { stdout } = await runFile(process.execPath, [SITEGEN, 'submissions', '--root', root, '--format', format], { env: PLAIN_ENV });
  return stdout;
}

async function storedNames(root: string): Promise<string[]> {
  return (JSON.parse(await submissions(root, 'json')) as { name: string }[]).map((stored) => stored.name);
}

/** Removes the named files of ROOT/.sitegen/ as an operator would with rm. */
function removing(...suffixes: string[]) {
  return async (root: string) => {
    for (const suffix of suffixes) await rm(stateFiles(root).database + suffix, { force: true });
  };
}

/**
 * What the operator does to the database while the server runs, and which
 * rows `sitegen submissions` must show afterwards: every acknowledged row
 * whose file is still there, and the one acknowledged after the change.
 */
const CHANGES: [string, (root: string) => Promise<void>, string[]][] = [
  ['the database, its -wal and its -shm removed', removing('', '-wal', '-shm'), ['after']],
  ['the database file alone removed', removing(''), ['after']],
  ['the -wal alone removed', removing('-wal'), ['before', 'after']],
  ['the -shm alone removed', removing('-shm'), ['before', 'after']],
  ['the whole .sitegen folder removed', (root) => rm(stateFiles(root).dir, { recursive: true }), ['after']],
  ['the database replaced by another one', async (root) => {
    // Made by another process, as a restored backup would be.
    const other = await tempDir('sitegen-other-');
    const script = `import { openStore } from ${JSON.stringify(path.join(REPO_ROOT, 'server/store.ts'))};
      const store = await openStore(${JSON.stringify(other)});
      await store.add(${JSON.stringify(row('restored'))});
      await store.close();`;
    await runFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT });
    await rename(stateFiles(other).database, stateFiles(root).database);
  }, ['restored', 'after']],
];

for (const [change, makeChange, expected] of CHANGES) {
  test(`${change} while the server runs: whatever was acknowledged can be read back`, async () => {
    const { root, server } = await apiSite();
    const log = captureConsole();
    try {
      assert.is((await post(server, '/api/contact', contact('before'))).status, 200);
      await makeChange(root);
      const answer = await post(server, '/api/contact', contact('after'));
      assert.is(answer.status, 200, `the request after the change: ${answer.text}`);
      assert.equal(await storedNames(root), expected, 'what `sitegen submissions` lists');
      assert.is((await stat(stateFiles(root).database)).mode & 0o777, 0o600, 'a database made again is private too');
      assert.equal(log.lines(), [`warning: ${stateFiles(root).database} was removed or replaced while the server ran; storing in the database now at that path`]);
    } finally {
      log.restore();
      await server.close();
    }
  });
}

test('when the database cannot be made again, the request gets a 500 and nothing is acknowledged; the next one, once fixed, is stored', async () => {
  const { root, server } = await apiSite();
  const warnings = captureConsole();
  try {
    await rm(stateFiles(root).dir, { recursive: true });
    await writeFile(stateFiles(root).dir, 'a file where the folder was');
    const refused = await post(server, '/api/contact', contact('lost'));
    assert.is(refused.status, 500, refused.text);
    assert.not.match(refused.text, '"ok"', 'no acknowledgement');
    const logged = warnings.lines().filter((line) => line.includes(stateFiles(root).dir));
    assert.ok(logged.length >= 1, `a log line names the folder: ${warnings.lines().join(' | ')}`);
    assert.not.ok(warnings.lines().some((line) => /^\s+at /m.test(line)), 'no stack trace in the log');
    await rm(stateFiles(root).dir);
    assert.is((await post(server, '/api/contact', contact('stored'))).status, 200);
    assert.equal(await storedNames(root), ['stored']);
  } finally {
    warnings.restore();
    await server.close();
  }
});

test('a value with NUL bytes round-trips through the API and `sitegen submissions` as JSON and CSV', async () => {
  const { root, server } = await apiSite();
  const message = 'first\u0000second, "quoted"\u0000';
  try {
    const answer = await post(server, '/api/contact', { ...contact('A\u0000B'), message });
    assert.is(answer.status, 200, answer.text);
  } finally {
    await server.close();
  }
  const json = await submissions(root, 'json');
  assert.match(json, '"A\\u0000B"', 'JSON escapes the NUL');
  const [stored] = JSON.parse(json) as { name: string; message: string }[];
  assert.is(stored.name, 'A\u0000B');
  assert.is(stored.message, message);
  const csv = await submissions(root, 'csv');
  assert.ok(csv.includes('"A\u0000B"'), `CSV keeps the NUL inside quotes: ${JSON.stringify(csv)}`);
  assert.ok(csv.includes('"first\u0000second, ""quoted""\u0000"'), `every byte of the message: ${JSON.stringify(csv)}`);
});

test('opening the store keeps the mode the operator gave an existing database', async () => {
  const root = await tempDir('sitegen-store-');
  await (await openStore(root)).close();
  await chmod(stateFiles(root).database, 0o640);
  const store = await openStore(root);
  await store.add(row('kept'));
  await store.close();
  assert.is((await stat(stateFiles(root).database)).mode & 0o777, 0o640);
});

test('a .sitegen that is a file stops the store with one line naming it and how to fix it', async () => {
  const root = await tempDir('sitegen-store-');
  await writeFile(stateFiles(root).dir, 'not a folder');
  try {
    await openStore(root);
    assert.unreachable('the store opened');
  } catch (error) {
    assert.instance(error, SiteError);
    const { message } = error as SiteError;
    assert.not.match(message, '\n', 'one line');
    assert.match(message, `cannot open the submissions database at ${stateFiles(root).dir} `);
    assert.match(message, `; ${stateFiles(root).dir} must be a folder: move that file away`);
  }
});

/** Databases that cannot be written, as they stop root too (its permissions do not). */
const UNWRITABLE: [string, (root: string) => Promise<void>, (root: string) => string][] = [
  // apiRoot made the database (its customer is in it): these replace it.
  ['the database is a folder', async (root) => {
    await rm(stateFiles(root).database);
    await mkdir(stateFiles(root).database, { recursive: true });
  }, (root) => stateFiles(root).database],
  ['the database is not SQLite', async (root) => {
    await mkdir(stateFiles(root).dir, { recursive: true });
    await writeFile(stateFiles(root).database, 'x'.repeat(4096));
  }, (root) => stateFiles(root).database],
];

for (const [situation, arrange, named] of UNWRITABLE) {
  test(`${situation}: \`sitegen serve\` stops with one line that says what, where and how to fix`, async () => {
    const root = await apiRoot();
    await writeFile(path.join(root, 'dist', 'index.html'), '<!doctype html><title>home</title>');
    await arrange(root);
    const result = await failure(process.execPath, [SITEGEN, 'serve', '--root', root, '--port', '0']);
    assert.is(result.code, 1, 'a non-zero exit');
    const lines = result.stderr.trim().split('\n');
    assert.is(lines.length, 1, `one line, no stack: ${result.stderr}`);
    assert.match(lines[0], named(root), 'names the path');
    assert.match(lines[0], /submissions database/, 'says what');
    assert.match(lines[0], /; .*(move it away|writable)/, 'says how to fix');
  });
}

test('a .sitegen replaced by a file: `sitegen serve` stops with one line that says what to do', async () => {
  const root = await apiRoot();
  await rm(stateFiles(root).dir, { recursive: true });
  await writeFile(stateFiles(root).dir, 'not a folder');
  const result = await failure(process.execPath, [SITEGEN, 'serve', '--root', root, '--port', '0']);
  assert.is(result.code, 1, 'a non-zero exit');
  const lines = result.stderr.trim().split('\n');
  assert.is(lines.length, 1, `one line, no stack: ${result.stderr}`);
  // The compiled server is the first thing sitegen keeps in .sitegen/ (its cache), before the store opens.
  assert.ok(lines[0].startsWith(`error cannot write the compiled server to ${path.join(stateFiles(root).dir, 'cache', 'server')} (ENOTDIR)`), lines[0]);
  assert.match(lines[0], `; ${stateFiles(root).dir} must be a folder: move that file away`);
});

test('a login key `sitegen serve` cannot read stops it with one line that names it', async () => {
  const root = await apiRoot();
  await rm(stateFiles(root).privateKey);
  await mkdir(stateFiles(root).privateKey);
  const result = await failure(process.execPath, [SITEGEN, 'serve', '--root', root, '--port', '0']);
  assert.is(result.code, 1, 'a non-zero exit');
  const lines = result.stderr.trim().split('\n');
  assert.ok(lines.length <= 2, `the error and its hint, no stack: ${result.stderr}`);
  assert.ok(lines[0].startsWith(`error cannot read the login key at ${stateFiles(root).privateKey} (EISDIR)`), lines[0]);
});

test('a database the user running `sitegen serve` cannot write stops it with one line', async () => {
  const root = await apiRoot();
  await writeFile(path.join(root, 'dist', 'index.html'), '<!doctype html><title>home</title>');
  await (await openStore(root)).close();
  // Compiles the CLI, and the site's server into .sitegen/cache, before the folder is made read-only.
  await runFile(process.execPath, [SITEGEN, '--help', '--root', root]);
  await chmod(stateFiles(root).database, 0o444);
  await chmod(stateFiles(root).dir, 0o555);
  // Root writes whatever the mode says: the server runs as root without that capability, so the modes bind it
  // as they bind any other user, and it still reads sitegen wherever the repository was cloned.
  const argv = [process.execPath, SITEGEN, 'serve', '--root', root, '--port', '0'];
  const withoutOverride = ['setpriv', '--bounding-set', '-dac_override,-dac_read_search', '--inh-caps', '-dac_override,-dac_read_search', '--'];
  const [command, ...args] = process.getuid?.() === 0 ? [...withoutOverride, ...argv] : argv;
  const result = await failure(command, args);
  assert.is(result.code, 1);
  const lines = result.stderr.trim().split('\n');
  assert.is(lines.length, 1, `one line, no stack: ${result.stderr}`);
  assert.ok(lines[0].startsWith(`error cannot open the submissions database at ${stateFiles(root).database} (SQLITE_`), lines[0]);
  assert.ok(lines[0].endsWith(`; make it and ${stateFiles(root).dir} writable by the user running sitegen, or move the file away and sitegen makes a new one [store] see server/README.md#store`), lines[0]);
});

test.run();

/** Runs a command that must fail; its exit code and what it printed on stderr. */
async function failure(command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await runFile(command, args, { env: PLAIN_ENV });
  } catch (error) {
    return error as { code: number; stderr: string };
  }
  throw new Error(`${args.slice(1, 3).join(' ')} succeeded where it should have stopped`);
}

/** Collects what console.warn and console.error print until restored. */
function captureConsole() {
  const seen: string[] = [];
  const { warn, error } = console;
  console.warn = (...args: unknown[]) => { seen.push(args.map(String).join(' ')); };
  console.error = (...args: unknown[]) => { seen.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')); };
  return {
    lines: () => seen,
    restore: () => { Object.assign(console, { warn, error }); },
  };
}
