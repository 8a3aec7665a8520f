import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, tempDir } from './site.ts';
import { layStarter, type Starter } from '../../src/init/init.ts';
import { buildSite } from '../../src/pipeline.ts';

const run = promisify(execFile);

/** A new site written by `sitegen init` (the real CLI) into a fresh folder: the starter a user gets, with the variants and cards seed() gives. */
export async function initStarter(starter: Starter, prefix = `sitegen-${starter}-`): Promise<string> {
  const root = path.join(await tempDir(prefix), 'site');
  const { FORCE_COLOR: _color, ...env } = process.env;
  await run(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), 'init', '--starter', starter, root], { env: { ...env, NO_COLOR: '1' } });
  await seed(root, starter);
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
  await seed(root, starter);
  return root;
}

/** The caches a copy is seeded with, under .sitegen/cache/. */
const SEEDED = ['images', path.join('integrations', 'cards')];
const built = new Map<Starter, Promise<string>>();

/**
 * Copies into `root` the image variants and social cards of `starter` as built once in this process. Both are named by
 * what they are made from (a variant by its source's hash, a card by its words, colours and font), so a copy that
 * changes an image or a title still makes that one; only the drawing of unchanged ones (about 0.9 s of each cold build
 * of the news starter) is saved.
 */
async function seed(root: string, starter: Starter): Promise<void> {
  let pristine = built.get(starter);
  if (!pristine) {
    built.set(starter, pristine = (async () => {
      const dir = await tempDir(`sitegen-seed-${starter}-`);
      await layStarter(dir, starter);
      await buildSite({ root: dir, outDir: path.join(dir, 'dist'), now: new Date('2026-11-20T12:00:00Z') });
      return dir;
    })());
  }
  const from = await pristine;
  for (const cache of SEEDED) {
    await cp(path.join(from, '.sitegen', 'cache', cache), path.join(root, '.sitegen', 'cache', cache), { recursive: true, force: false }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // a starter with no images, or no cards
    });
  }
}
