import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, tempDir } from './site.ts';

const run = promisify(execFile);

/** A new site written by `sitegen init` (the real CLI) into a fresh folder: the starter a user gets. */
export async function initStarter(starter: 'basic' | 'news', prefix = `sitegen-${starter}-`): Promise<string> {
  const root = path.join(await tempDir(prefix), 'site');
  const { FORCE_COLOR: _color, ...env } = process.env;
  await run(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), 'init', '--starter', starter, root], { env: { ...env, NO_COLOR: '1' } });
  return root;
}
