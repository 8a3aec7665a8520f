/**
 * `sitegen init DIR`: a small starter site (layout, one page template, one
 * Markdown page, site.yaml, a stylesheet, a favicon) that builds and passes
 * `sitegen check` as it is. The files are the package's `starter/` folder;
 * `--starter news` adds `starters/shared/` and `starters/news/` (a news
 * section) over it, less the basic files it does without, `--starter docs`
 * the same with `starters/docs/`; a package.json with the npm scripts and a
 * .gitignore are written beside.
 */
import { cp, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { SITEGEN_DIR } from '../paths.ts';
import { toPosix } from '../files.ts';

export const STARTER_DIR = path.join(SITEGEN_DIR, 'starter');
/** Starters beyond the basic one: each is the basic starter with its own files added or replacing some. */
export const STARTERS_DIR = path.join(SITEGEN_DIR, 'starters');

/** What a site root keeps out of git: what sitegen writes and the machine's secrets. (npm would drop a .gitignore from starter/.) */
const GITIGNORE = ['node_modules/', 'dist/', '.dist.*', '.sitegen/', '*.pem', ''].join('\n');

/** The starters `init` writes: basic alone, or basic with news's or docs's files over it. */
export type Starter = 'basic' | 'news' | 'docs';

/**
 * The basic starter's files a starter over it does without, left out of its sites: the news starter draws the copy
 * button and the video embed with the build and its page script, so that no post loads an island's machinery.
 */
const LEFT_OUT: Readonly<Record<Starter, readonly string[]>> = {
  basic: [],
  news: ['templates/islands/copy-code.tsx', 'templates/islands/video-embed.tsx'],
  docs: [],
};

/** Writes the starter into `dir`, which must not exist or be empty; the files written, relative to it. */
export async function initSite(dir: string, starter: Starter = 'basic'): Promise<string[]> {
  await refuseUnlessEmpty(dir);
  await layStarter(dir, starter);
  await writeFile(path.join(dir, '.gitignore'), GITIGNORE, { flag: 'wx' });
  await writeFile(path.join(dir, 'package.json'), sitePackage(dir), { flag: 'wx' });
  return listed(dir);
}

/**
 * The site's own package.json, as `npm create astro` writes one: the four
 * commands as npm scripts (`npm run dev`, `npm start` …), run by the sitegen
 * installed in the site's folder or any folder above it (npm puts each
 * node_modules/.bin up the path on PATH), and the Node sitegen needs.
 */
function sitePackage(dir: string): string {
  const name = path.basename(path.resolve(dir)).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|-+$/g, '') || 'site';
  return JSON.stringify({
    name,
    private: true,
    type: 'module',
    scripts: { dev: 'sitegen dev', build: 'sitegen build', start: 'sitegen start', check: 'sitegen check' },
    engines: { node: '>=24' },
  }, null, 2) + '\n';
}

/** The starter's files in `dir` (an empty folder): the basic starter, and for news or docs the shared files and its own over it. */
export async function layStarter(dir: string, starter: Starter): Promise<void> {
  const leftOut = new Set(LEFT_OUT[starter].map((file) => path.join(STARTER_DIR, file)));
  // `dir` is empty (initSite refused it otherwise), so nothing is written over. (errorOnExist would refuse the folder
  // itself: `init` into an empty folder that exists was an internal error.)
  await cp(STARTER_DIR, dir, { recursive: true, filter: (source) => !leftOut.has(source) });
  if (starter === 'basic') return;
  // What the news and docs starters share (a table of contents, the language switcher, Pagefind's loader), then their own.
  await cp(path.join(STARTERS_DIR, 'shared'), dir, { recursive: true, force: true });
  await cp(path.join(STARTERS_DIR, starter), dir, { recursive: true, force: true });
}

async function refuseUnlessEmpty(dir: string): Promise<void> {
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) return;
  if (!info.isDirectory()) throw new SiteError('init-not-empty', `${dir} is a file, not a folder`, { hint: 'name a new folder for the site' });
  const entries = await readdir(dir);
  if (entries.length > 0) {
    throw new SiteError('init-not-empty', `${dir} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}); nothing was written`, {
      hint: 'name a new or empty folder: `sitegen init` never writes over files',
    });
  }
}

async function listed(dir: string): Promise<string[]> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  return files.filter((entry) => entry.isFile())
    .map((entry) => toPosix(path.relative(dir, path.join(entry.parentPath, entry.name))))
    .sort();
}
