import { rmSync } from 'node:fs';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite, type BuildResult } from '../../src/pipeline.ts';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { createReferenceApi } from './reference-api.ts';
import { ensureLoginKeys } from '../../server/keys.ts';

export const REPO_ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');

/** The folders that make this repository's site: what a copy of it needs. */
export const SITE_FOLDERS = ['content', 'templates', 'public', 'server'] as const;

/**
 * This site (SITE_FOLDERS, without the server's tests) copied into `root`, with the packages its server imports
 * (node_modules, linked) and its images' AVIF and WebP variants as the repo's own build made them
 * (.sitegen/cache/images): encoding them takes a copy's first build 30 to 80 s on two cores, which the repo's own
 * first build in a test run (on a fresh clone, as in CI) has already paid. Nothing else of .sitegen/: no login keys,
 * no build cache. The variants are named by their source's hash, so a copy whose test changes an image still encodes
 * that one.
 */
export async function copyRepoSite(root: string): Promise<void> {
  for (const item of SITE_FOLDERS) {
    await cp(path.join(REPO_ROOT, item), path.join(root, item), { recursive: true, filter: (source) => !/[/\\]server[/\\]test$/.test(source) });
  }
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await seedRepoImages(root);
}

/** Gives `root` (a copy of this site, or of part of it) the image variants the repo's own build made: see copyRepoSite. */
export async function seedRepoImages(root: string): Promise<void> {
  await buildRealSite(); // makes the variants in the repo's cache, once per test process (a fresh clone's first run encodes them there)
  await cp(path.join(REPO_ROOT, IMAGE_CACHE), path.join(root, IMAGE_CACHE), { recursive: true });
}

const IMAGE_CACHE = path.join('.sitegen', 'cache', 'images');
export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures');

let realBuild: Promise<BuildResult> | undefined;

/** The real site, built once per test process into a temporary folder. */
export function buildRealSite(): Promise<BuildResult> {
  realBuild ??= (async () => {
    // The login page embeds the public key; like `npm start`, make the pair in the repo's gitignored .sitegen/ if missing.
    await ensureLoginKeys(REPO_ROOT);
    const outDir = path.join(await tempDir(), 'dist');
    return buildSite({ root: REPO_ROOT, outDir });
  })();
  return realBuild;
}

/** Serves a built folder on 127.0.0.1 on a free port; the caller closes it. */
export async function serveBuild(outDir: string, options: { api?: boolean; root?: string } = {}): Promise<RunningServer> {
  process.env.SITEGEN_QUIET = '1';
  const handlers = options.api ? [await createReferenceApi(options.root ?? REPO_ROOT)] : [];
  return startServer({ outDir, port: 0, host: '127.0.0.1', handlers });
}

const temporaryDirs: string[] = [];
process.once('exit', () => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed when the process exits. */
export async function tempDir(prefix = 'sitegen-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}
