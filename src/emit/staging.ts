import { copyFileSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { outputPathOf } from '../output-path.ts';
import { listFiles } from '../files.ts';
import { journalOf, recoverOutput, removeTree } from '../output-recovery.ts';
import type { OutputFiles } from './site-files.ts';
import type { SiteInfo } from '../model.ts';

/**
 * The emit stage: everything a build made goes into a fresh folder beside
 * the output folder first. A build then swaps that folder in whole, so the
 * output folder always holds either the previous build or the new one,
 * never half of each. dev's rebuilds instead move what changed into the
 * folder its server keeps serving (updateSite).
 */

/**
 * A fresh folder beside `outDir` where a build writes everything before `publishSite` swaps it in (with a copy of
 * public/'s published files) or `updateSite` moves what changed into `outDir` (empty: public/ is synced there).
 */
export async function stageSite(root: string, outDir: string, publicFiles: Iterable<string>): Promise<string> {
  recoverOutput(outDir);
  const staging = path.join(path.dirname(outDir), `.${path.basename(outDir)}.next-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  await copyPublicFiles(root, publicFiles, staging);
  return staging;
}

/**
 * Moves a staged update into an output folder as it is, for dev's rebuilds:
 * each staged file only when its bytes differ from the served one (a page
 * rendered again to the same HTML keeps its time, and the browser reloads
 * only for a real change), each by a rename, so a request never reads half a
 * file. The site files (`files`: the sitemap, the headers, the bundle) are
 * compared in memory and written the same way; public/'s files are copied
 * when their size or time moved; and every file the build no longer makes (a
 * deleted page, an old bundle) is removed. `kept` names the outputs reused as
 * they are. Returns how many files changed.
 */
export async function updateSite(
  root: string, staging: string, outDir: string, files: OutputFiles, publicFiles: Iterable<string>, kept: Iterable<string>,
): Promise<number> {
  let changed = 0;
  const staged = listFiles(staging, { hidden: true });
  for (const file of staged) {
    const target = path.join(outDir, file);
    if (sameBytes(readFileSync(path.join(staging, file)), target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await rename(path.join(staging, file), target);
    changed++;
  }
  for (const [file, contents] of files) {
    const target = path.join(outDir, file);
    if (sameBytes(typeof contents === 'string' ? Buffer.from(contents) : contents, target)) continue;
    await replaceFile(target, (temporary) => writeFile(temporary, contents));
    changed++;
  }
  const published = [...publicFiles].map((url) => url.slice(1));
  for (const file of published) {
    const source = path.join(root, 'public', file);
    const target = path.join(outDir, file);
    const [from, to] = [statSync(source), statSync(target, { throwIfNoEntry: false })];
    // Within the millisecond a copy's time is set to (a Date rounds it).
    if (to && to.size === from.size && Math.abs(to.mtimeMs - from.mtimeMs) < 1) continue;
    await replaceFile(target, async (temporary) => {
      await copyFile(source, temporary);
      // The copy takes its original's time, which the next update compares.
      await utimes(temporary, from.atime, from.mtime);
    });
    changed++;
  }
  const made = new Set([...staged, ...files.keys(), ...published, ...kept]);
  for (const file of listFiles(outDir, { hidden: true })) {
    if (made.has(file)) continue;
    await rm(path.join(outDir, file), { force: true });
    changed++;
  }
  await discardStaging(staging);
  return changed;
}

/** Replaces `target` with what `write` puts at a temporary name beside it: a reader never sees half a file. */
async function replaceFile(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  await write(temporary);
  await rename(temporary, target);
}

/** Whether a file holds exactly these bytes. */
function sameBytes(contents: Uint8Array, file: string): boolean {
  const other = statSync(file, { throwIfNoEntry: false });
  return other !== undefined && other.size === contents.byteLength && Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength).equals(readFileSync(file));
}

/**
 * Swaps a staged build in for `outDir`: the output moved aside, the staged folder renamed in its place, then the old
 * one removed. The two renames are synchronous and back to back, so that nothing of this process runs between them:
 * a reader finds no output folder for the time of one system call, not for as long as the event loop is busy
 * (`sitegen serve` waits that moment out: serve.ts). A journal beside the output names both folders first, so that a
 * build killed between the two renames is put right by the next build or `serve` (recoverOutput).
 */
export async function publishSite(staging: string, outDir: string): Promise<void> {
  const previous = path.join(path.dirname(outDir), `.${path.basename(outDir)}.old-${process.pid}-${Date.now()}`);
  const journal = journalOf(outDir);
  writeFileSync(journal, JSON.stringify({ next: path.basename(staging), old: path.basename(previous) }));
  let hadPrevious = true;
  try {
    renameSync(outDir, previous);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadPrevious = false;
  }
  renameSync(staging, outDir);
  rmSync(journal, { force: true });
  if (hadPrevious) removeTree(previous);
}

export async function discardStaging(staging: string): Promise<void> {
  removeTree(staging);
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
