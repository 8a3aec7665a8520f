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
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Modification time, size and inode; `missing` for a file that is not there. Equal stamps: the file did not move. */
export function stampOf(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.size}:${info.ino}` : 'missing';
}

export function stampsOf(files: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...files].map((file) => [file, stampOf(file)]));
}

/** A short hash of contents, for when a stamp moved but the contents may not have (a touch, a checkout). */
export function contentHash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
