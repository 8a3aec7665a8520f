/**
 * A flag with a value it cannot take is the user's mistake: one line that
 * says which flag, what it expects and where the catalogue explains it, no
 * stack, exit 1. And the CLI runs on the Node it needs.
 */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/site.ts';
import { initStarter } from '../helpers/starter.ts';

const run = promisify(execFile);
const SITEGEN = path.join(REPO_ROOT, 'bin', 'sitegen.js');
const { FORCE_COLOR: _color, ...inherited } = process.env;
const env = { ...inherited, NO_COLOR: '1' };

async function failure(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [SITEGEN, ...args], { env });
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, stderr };
  }
  return assert.unreachable(`sitegen ${args.join(' ')} succeeded`) as never;
}

const flags = suite('bad flags');

for (const [args, expected] of [
  [['build', '--threads', '0'], 'error --threads 0: expected a whole number from 1 to 64 [bad-flag] see docs/errors.md#bad-flag'],
  [['serve', '--port', 'abc'], 'error --port abc: expected a number from 0 to 65535 [bad-flag] see docs/errors.md#bad-flag'],
  [['start', '--trust-proxy', '-1'], 'error --trust-proxy -1: expected the number of proxies in front of the server, from 0 to 16 [bad-flag] see docs/errors.md#bad-flag'],
] as const) {
  flags(`sitegen ${args.join(' ')}: one line, no stack, exit 1`, async () => {
    const result = await failure([...args]);
    assert.is(result.code, 1);
    assert.is(result.stderr.trim(), expected);
  });
}

flags('the CLI and the tests run on Node 24 or newer', () => {
  assert.ok(Number(process.versions.node.split('.')[0]) >= 24, `Node ${process.version}`);
});

flags.run();

const lines = suite('what the CLI says');

lines('a one-page site is "built 1 page"', async () => {
  const root = await initStarter('basic');
  // The starter's one page, without its not-found page.
  await rm(path.join(root, 'content', 'pages', '404.md'));
  const { stdout } = await run(process.execPath, [SITEGEN, 'build', '--root', root], { env });
  assert.match(stdout, /^built 1 page into /);
});

lines('a layout without a schema export is an error that names the file, not a crash', async () => {
  const root = await initStarter('basic');
  const layout = path.join(root, 'templates', 'layout.tsx');
  await writeFile(layout, (await readFile(layout, 'utf8')).replace(/export const schema = [\s\S]*?\n\}\);\n/, '').replace('z.infer<typeof schema>', '{ nav: { label: string; href: string }[] }'));
  const result = await failure(['build', '--root', root]);
  assert.is(result.code, 1);
  assert.match(result.stderr.split('\n')[0], 'error templates/layout.tsx: templates/layout.tsx exports no zod `schema` of its content [template-build]');
  assert.not.match(result.stderr, 'internal error');
});

lines.run();
