import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, tempDir } from './site.ts';
import { layStarter } from '../../src/init/init.ts';

const run = promisify(execFile);

/** A new site written by `sitegen init` (the real CLI) into a fresh folder: the starter a user gets. */
export async function initStarter(starter: 'basic' | 'news' | 'docs', prefix = `sitegen-${starter}-`): Promise<string> {
  const root = path.join(await tempDir(prefix), 'site');
  const { FORCE_COLOR: _color, ...env } = process.env;
  await run(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), 'init', '--starter', starter, root], { env: { ...env, NO_COLOR: '1' } });
  return root;
}

/** The news starter as `init --starter news` lays it out (the basic starter, the news starter over it), copied without the CLI: quicker for unit tests. */
export async function copyNewsStarter(prefix: string): Promise<string> {
  return copyStarter('news', prefix);
}

/** A starter as `init --starter NAME` lays it out (the basic starter, NAME's files over it), written without the CLI. */
export async function copyStarter(starter: 'news' | 'docs', prefix: string): Promise<string> {
  const root = await tempDir(prefix);
  await layStarter(root, starter);
  return root;
}
