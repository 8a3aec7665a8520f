/**
 * What a build's start costs beyond Node's own is mostly V8 compiling
 * sitegen's code, React, zod and marked: the CLI keeps that compiled code in
 * Node's compile cache, made by `npm install` (bin/prepare.js) and used by
 * every later start, worker threads included. Node's own debug log
 * (NODE_DEBUG_NATIVE=COMPILE_CACHE) says which modules' code was taken from
 * the cache.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toPosix } from '../../src/files.ts';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';
import { initStarter } from '../helpers/starter.ts';

const run = promisify(execFile);
const SITEGEN = path.join(REPO_ROOT, 'bin', 'sitegen.js');
const { FORCE_COLOR: _color, NODE_COMPILE_CACHE: _cache, NODE_DEBUG_NATIVE: _debug, ...inherited } = process.env;
const env = { ...inherited, NO_COLOR: '1' };

/** The modules whose code a run of the CLI took from the cache (file names), from Node's debug log on stderr. */
function acceptedModules(stderr: string): Set<string> {
  return new Set([...stderr.matchAll(/V8 code cache for (?:ESM|CommonJS) (\S+) was accepted/g)].map((match) => path.basename(match[1])));
}

async function build(root: string, extraEnv: Record<string, string>, ...flags: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [SITEGEN, 'build', '--root', root, '--no-cache', ...flags], { env: { ...env, ...extraEnv }, maxBuffer: 16 * 1024 * 1024 });
}

const cache = suite('the compile cache');

cache('npm install leaves the code cached: the first build after it compiles neither sitegen, React nor zod', async () => {
  const directory = await tempDir('sitegen-v8-');
  await run(process.execPath, [path.join(REPO_ROOT, 'bin', 'prepare.js')], { env: { ...env, NODE_COMPILE_CACHE: directory } });
  const root = await initStarter('basic');
  const { stdout, stderr } = await build(root, { NODE_COMPILE_CACHE: directory, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
  assert.match(stdout, /^built 2 pages into /);
  const accepted = acceptedModules(stderr);
  for (const name of ['cli.js', 'react-dom-server.js', 'zod.js']) {
    assert.ok(accepted.has(name), `${name} was compiled again; taken from the cache: ${[...accepted].join(', ')}`);
  }
});

cache('worker threads use the same cache', async () => {
  const root = await initStarter('basic');
  // Two threads for a one-page site: the page goes to the main thread, but the worker starts and loads its modules.
  await build(root, {}, '--threads', '2');
  const { stderr } = await build(root, { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }, '--threads', '2');
  const accepted = acceptedModules(stderr);
  assert.ok(accepted.has('worker.js'), `the worker compiled its code again; taken from the cache: ${[...accepted].join(', ')}`);
});

cache('without NODE_COMPILE_CACHE, the cache lives beside the compiled CLI (and goes with it)', async () => {
  const root = await initStarter('basic');
  const { stderr } = await build(root, { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
  const resolved = /\[compile cache\] resolved path (\S+) \+/.exec(stderr)?.[1];
  assert.ok(resolved, 'the compile cache was not enabled');
  assert.match(toPosix(resolved), /\/node_modules\/\.cache\/sitegen\/[0-9a-f]{16}\/v8$/);
  assert.ok((await readdir(resolved)).length > 0, `nothing in ${resolved}`);
});

cache.run();
