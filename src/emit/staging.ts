import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { outputPathOf } from '../output-path.ts';
import { listFiles } from '../files.ts';
import { finishUpdate, journalOf, moveFiles, recoverOutput, removeTree, updateJournalOf } from '../output-recovery.ts';
import type { OutputFiles } from './site-files.ts';
import type { OutputFile } from '../integrations/api.ts';
import type { SiteInfo } from '../model.ts';

/**
 * The emit stage: everything a build made goes into a fresh folder beside
 * the output folder first. A cold build (and any build with --atomic) then
 * swaps that folder in whole, so the output folder holds either the
 * previous build or the new one, never half of each. A warm build, and each
 * of dev's rebuilds, moves what changed into the output folder in an order
 * that keeps every page whole with its assets, under a journal
 * (updateSite).
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
 * dev's rebuilds that change no asset (the site key held: the pages link only what the output has): the staged pages,
 * the files made beside them (their twins) and their new image variants moved into the output as soon as they are
 * rendered, new variants first, before the site-wide files are made, so that the edited page is served (and the
 * browser told to reload) without waiting for a sitemap and an llms.txt of 5,000 pages. Returns every file staged
 * (moved, or the same as served) for updateSite to keep, and how many moved.
 */
export function publishRenderedPages(staging: string, outDir: string): { staged: string[]; moved: number } {
  const staged = listFiles(staging, { hidden: true });
  const changed = staged.filter((file) => !sameBytes(readFileSync(path.join(staging, file)), path.join(outDir, file)));
  moveFiles(outDir, staging, inRankOrder(changed, new Set()));
  return { staged, moved: changed.length };
}

/** Files in the order an update moves them: assets/ first, then pages and the files beside them, then `late` (the site-wide files); else as listed. */
function inRankOrder(list: readonly string[], late: ReadonlySet<string>): string[] {
  return list.map((file, index) => ({ file, index, rank: rankOf(file, late) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ file }) => file);
}

/** Which step of an update moves a file: 0 assets/, 1 a page and the files beside it, 2 a site-wide file (`late`). */
function rankOf(file: string, late: ReadonlySet<string>): 0 | 1 | 2 {
  return file.startsWith('assets/') ? 0 : late.has(file) ? 2 : 1;
}

/**
 * Updates an output folder in place with a staged build (a warm build's, and
 * each of dev's rebuilds: its server keeps serving the folder). Everything
 * new is in the staging folder before the output is touched: the staged
 * pages, the site files (`files`) whose bytes differ from the served ones,
 * and public/'s files whose size or time moved. A file whose bytes did not
 * change is left alone (it keeps its time, and dev's browser reloads only
 * for a real change). Then a journal beside the output lists every move and
 * removal, in an order that keeps every page whole with its assets:
 *
 *   1. new files under assets/ (hashed names: nothing links them yet);
 *   2. each changed page and the files beside it, by a rename each, so a
 *      request never reads half a file;
 *   3. the site-wide files (`siteWide`: the sitemap, the feeds' and agents'
 *      files, the search index, the headers and redirects);
 *   4. the files the build no longer makes (a deleted page, an old bundle).
 *
 * A build killed in between leaves the journal and the staging folder: the
 * next build, or `serve` as it starts, finishes the update
 * (output-recovery.ts). `kept` names the outputs reused as they are.
 *
 * dev's rebuilds (`journal: false`) write into a folder of dev's own, which
 * the next session builds again: they keep the order but not the journal,
 * and move the rendered pages in as soon as they are compared, before the
 * site-wide files are, so the edited page is served a little sooner (most
 * of them have gone even earlier: publishRenderedPages).
 * Returns how many files changed.
 */
export async function updateSite(
  root: string, staging: string, outDir: string, files: OutputFiles, publicFiles: Iterable<string>, kept: Iterable<string>,
  siteWide: Iterable<string> = files.keys(), options: { journal?: boolean } = {},
): Promise<number> {
  const late = new Set(siteWide);
  const rank = (file: string) => rankOf(file, late);
  const inOrder = (list: readonly string[]) => inRankOrder(list, late);
  const journal = options.journal ?? true;
  // What was staged, changed or not: a file the build made, which the output keeps.
  const stagedFiles = listFiles(staging, { hidden: true });
  let moves = stagedFiles.filter((file) => !sameBytes(readFileSync(path.join(staging, file)), path.join(outDir, file)));
  const staged = new Set(moves);
  let moved = 0;
  if (!journal) {
    // The assets and the pages now; the site-wide files below, with the rest.
    const early = inOrder(moves.filter((file) => rank(file) < 2));
    moveFiles(outDir, staging, early);
    moved = early.length;
    moves = moves.filter((file) => rank(file) === 2);
  }
  const madeDirs = new Set<string>();
  for (const [file, contents] of files) {
    if (staged.has(file)) continue;
    const target = path.join(outDir, file);
    if (typeof contents === 'object' && 'copy' in contents) {
      // A file named by its bytes that the output holds already is this one: kept, unread.
      if (contents.named === 'by-content' && existsSync(target)) continue;
      if (sameBytes(readFileSync(contents.copy), target)) continue;
    } else if (sameBytes(typeof contents === 'string' ? Buffer.from(contents) : contents, target)) {
      continue;
    }
    writeOutputs(staging, new Map([[file, contents]]), madeDirs);
    moves.push(file);
  }
  const published = [...publicFiles].map((url) => url.slice(1));
  for (const file of published) {
    const source = path.join(root, 'public', file);
    const [from, to] = [statSync(source), statSync(path.join(outDir, file), { throwIfNoEntry: false })];
    // Within the millisecond a copy's time is set to (a Date rounds it).
    if (to && to.size === from.size && Math.abs(to.mtimeMs - from.mtimeMs) < 1) continue;
    const copy = path.join(staging, file);
    await mkdir(path.dirname(copy), { recursive: true });
    await copyFile(source, copy);
    // The copy takes its original's time, which the next update compares.
    await utimes(copy, from.atime, from.mtime);
    moves.push(file);
  }
  const made = new Set([...stagedFiles, ...files.keys(), ...published, ...kept]);
  const removals = listFiles(outDir, { hidden: true }).filter((file) => !made.has(file));
  const ordered = inOrder(moves);
  if (!journal) {
    moveFiles(outDir, staging, ordered);
    for (const file of removals) rmSync(path.join(outDir, file), { force: true });
  } else if (ordered.length + removals.length > 0) {
    writeFileSync(updateJournalOf(outDir), JSON.stringify({ next: path.basename(staging), moves: ordered, removals }));
    finishUpdate(outDir, staging, ordered, removals);
  }
  await discardStaging(staging);
  return moved + ordered.length + removals.length;
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

/**
 * Removes a staging folder once its build is done with it; kept when an update's journal still names it (the update
 * failed part-way, a disk full, say): the next build or `serve` finishes that update from it.
 */
export async function discardStaging(staging: string): Promise<void> {
  const outDir = path.join(path.dirname(staging), path.basename(staging).replace(/^\.(.+)\.next-\d+-\d+$/, '$1'));
  if (existsSync(updateJournalOf(outDir)) && readFileSync(updateJournalOf(outDir), 'utf8').includes(JSON.stringify(path.basename(staging)))) return;
  removeTree(staging);
}

/** Writes files (relative path → contents, or the file on disk to copy) under a folder, synchronously: cheapest for thousands of small files. */
export function writeOutputs(dir: string, files: ReadonlyMap<string, OutputFile>, madeDirs = new Set<string>()): void {
  for (const [relative, contents] of files) {
    const target = path.join(dir, relative);
    const parent = path.dirname(target);
    if (!madeDirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      madeDirs.add(parent);
    }
    if (typeof contents === 'object' && 'copy' in contents) copyFileSync(contents.copy, target);
    else writeFileSync(target, contents);
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
