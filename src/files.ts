/**
 * The file-system helpers every stage shares: listing a folder's files, and
 * stamping a file (or hashing contents) so that a later run can tell whether it moved.
 * (public/ has its own walk in src/load/public-files.ts: it follows links
 * inside public/ and refuses those that lead out, which no other folder needs.)
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A path relative to a folder, with forward slashes whatever the system writes: how sitegen names files to users and in URLs. */
export function toPosix(relativePath: string): string {
  // On POSIX systems the path is already so: no copy (this runs for every file of every listing).
  return path.sep === '/' ? relativePath : relativePath.replaceAll(path.sep, '/');
}

/**
 * The files under a folder, as paths relative to it with forward slashes,
 * sorted by code unit; dotfiles and dot-folders left out (an editor's swap
 * file, `.DS_Store`) unless `hidden` (an output folder's `.well-known/`). A missing folder has no files. Synchronous: these
 * folders are small next to what the build does with their files.
 */
export function listFiles(dir: string, options: { recursive?: boolean; hidden?: boolean } = {}): string[] {
  const found: string[] = [];
  const walk = (current: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && current === dir) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') && !options.hidden) continue;
      const relative = prefix + entry.name;
      if (entry.isDirectory()) {
        if (options.recursive !== false) walk(path.join(current, entry.name), relative + '/');
      } else if (entry.isFile()) {
        found.push(relative);
      }
    }
  };
  walk(dir, '');
  return found.sort(byCodeUnit);
}

/**
 * Strings in code-unit order, the same on every machine: what sitegen sorts paths, routes and URLs by. localeCompare's
 * order follows the process's locale, and it loads ICU's collation (about 8 ms) in a build that needs nothing else of it.
 */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Modification time, size and inode; `missing` for a file that is not there. Equal stamps: the file did not move. */
export function stampOf(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.size}:${info.ino}` : 'missing';
}

/**
 * `valueAt(i)` by `keys[i]` (a later key wins), as a record with no prototype, for tables of every page: at 5,000
 * pages Object.fromEntries took 9 to 30 ms a table, entry by entry on V8's generic path; this loop takes under 1 ms.
 */
export function recordOf<T>(keys: readonly string[], valueAt: (index: number) => T): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  for (let index = 0; index < keys.length; index++) record[keys[index]] = valueAt(index);
  return record;
}

export function stampsOf(files: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...files].map((file) => [file, stampOf(file)]));
}

/** A short hash of contents, for when a stamp moved but the contents may not have (a touch, a checkout). */
export function contentHash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
