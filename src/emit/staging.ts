import { copyFileSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { outputPathOf } from '../output-path.ts';
import type { OutputFiles } from './site-files.ts';
import type { SiteInfo } from '../model.ts';

/**
 * The emit stage: everything a build made goes into a fresh folder beside
 * the output folder, which is then swapped in whole, so the output folder
 * always holds either the previous build or the new one, never half of each.
 */

/**
 * A fresh folder beside `outDir`, holding a copy of public/'s published files, where a build
 * writes everything before `publishSite` swaps it in: `outDir` always holds
 * either the previous build or the new one, never half of each.
 */
export async function stageSite(root: string, outDir: string, publicFiles: Iterable<string>): Promise<string> {
  const staging = path.join(path.dirname(outDir), `.${path.basename(outDir)}.next-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  await copyPublicFiles(root, publicFiles, staging);
  return staging;
}

/** Swaps a staged build in for `outDir`. */
export async function publishSite(staging: string, outDir: string): Promise<void> {
  const previous = path.join(path.dirname(outDir), `.${path.basename(outDir)}.old-${process.pid}-${Date.now()}`);
  const hadPrevious = await rename(outDir, previous).then(() => true, (error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  });
  await rename(staging, outDir);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

export async function discardStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
}

/** Writes files (relative path → contents) under a folder, synchronously: cheapest for thousands of small files. */
export function writeOutputs(dir: string, files: Map<string, string | Uint8Array>, madeDirs = new Set<string>()): void {
  for (const [relative, contents] of files) {
    const target = path.join(dir, relative);
    const parent = path.dirname(target);
    if (!madeDirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      madeDirs.add(parent);
    }
    writeFileSync(target, contents);
  }
}

/**
 * Carries unchanged pages from the current output folder into the staging
 * one as hard links (no copy; every write replaces a file rather than
 * changing it in place, so the old and new folders never disturb each other).
 */
export function linkOutputs(outDir: string, staging: string, routes: string[], trailingSlash: SiteInfo['trailingSlash'] = 'never'): void {
  linkFiles(outDir, staging, routes.map((route) => outputPathOf(route, trailingSlash)));
}

/** linkOutputs for files named by their path in the output folder (a list page's pages and feeds). */
export function linkFiles(outDir: string, staging: string, files: readonly string[]): void {
  const madeDirs = new Set<string>();
  for (const relative of files) {
    const target = path.join(staging, relative);
    const parent = path.dirname(target);
    if (!madeDirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      madeDirs.add(parent);
    }
    try {
      linkSync(path.join(outDir, relative), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      copyFileSync(path.join(outDir, relative), target);
    }
  }
}

/** Writes files into an existing output folder, each through a temporary name (for incremental rebuilds). */
export async function emitFiles(outDir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  await Promise.all([...files].map(async ([relative, contents]) => {
    const target = path.join(outDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, target);
  }));
}

/**
 * Copies the published files of public/ into a build folder, as plain files
 * (a link inside public/ becomes a copy of what it points at).
 */
export async function copyPublicFiles(root: string, files: Iterable<string>, targetDir: string): Promise<void> {
  const publicDir = path.join(root, 'public');
  // One mkdir per folder, shared by the copies into it (they run at once).
  const folders = new Map<string, Promise<unknown>>();
  await Promise.all([...files].map(async (url) => {
    const target = path.join(targetDir, url);
    const parent = path.dirname(target);
    if (!folders.has(parent)) folders.set(parent, mkdir(parent, { recursive: true }));
    await folders.get(parent);
    await copyFile(path.join(publicDir, url), target);
  }));
}

/** Writes the site files and the bundle into the staging folder and swaps it in for `outDir`. */
export async function emitSite(staging: string, outDir: string, files: OutputFiles): Promise<void> {
  writeOutputs(staging, files);
  await publishSite(staging, outDir);
}
