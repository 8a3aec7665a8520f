/**
 * The one reader of what a site gives the build: the files of the folders
 * an editor fills (`content/` and `public/`), a local file a schema reads,
 * a file beside a page, an image. The build, `dev`, `check` and the site's
 * server list and read them only through here, under one set of rules:
 *
 * - Nothing outside the site's root is read, through a path or a link.
 * - A text file holds at most MAX_TEXT_BYTES and is UTF-8; an image is read
 *   whole only under MAX_IMAGE_BYTES (its header otherwise, to say how
 *   large it is), and is decoded only under MAX_IMAGE_PIXELS.
 * - Dotfiles and dot-folders are left out (an editor's `.env`, `.DS_Store`,
 *   a `.git` folder), except public/'s top-level `.well-known/`.
 * - A symbolic link is followed only while it stays inside its folder
 *   (content/ for content, public/ for public/) and leads to no dotfile: the
 *   build reads, and publishes, the file it points at under the link's name.
 *   A link that leads out of its folder, to nothing, or to a private file
 *   fails the build naming the link, and nothing of its target is read, so
 *   no error message can print a line of it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, lstatSync, openSync, readFileSync, readSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from './errors.ts';
import { byCodeUnit, toPosix } from './files.ts';

/** The folders of a site that editors fill, each the boundary of the links inside it. */
export type SiteFolder = 'content' | 'public';

/** Whether a path inside a folder is public: no segment starts with a dot, but for `.well-known` at the top of public/. */
export function isPublished(url: string, folder: SiteFolder = 'public'): boolean {
  const segments = url.split('/').filter(Boolean);
  return segments.every((segment, index) => !segment.startsWith('.') || (folder === 'public' && index === 0 && segment === '.well-known'));
}

/**
 * The files under `root/folder/inside` (`inside` a path within the folder, '' for all of it), as paths relative to
 * that place with forward slashes, sorted by code unit; `recursive: false` lists one level. A missing place has no
 * files. Every link that breaks the rule is an error in the list, with the files that could be listed.
 */
export function listSiteFolder(
  root: string, folder: SiteFolder, inside = '', options: { recursive?: boolean } = {},
): { files: string[]; errors: SiteError[] } {
  const base = path.join(root, folder);
  const realBase = realOrUndefined(base);
  const start = path.join(base, inside);
  const files: string[] = [];
  const errors: SiteError[] = [];
  if (!realBase) return { files, errors };
  // The place listed may itself be a link (content/data → somewhere else): judged as any link inside the folder.
  if (inside !== '') {
    const realStart = realOrUndefined(start);
    const problem = realStart && realStart !== path.join(realBase, inside) ? linkProblem(folder, toPosix(inside), realStart, realBase) : undefined;
    if (problem) return { files, errors: [problem] };
  }
  // The folder and every linked folder walked: a link to a parent folder must not loop.
  const walked = new Set<string>([realBase]);
  // `relative`: the path from the place listed; `inFolder`: the path inside the folder (what the rule judges).
  const walk = (dir: string, relative: string, inFolder: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dir === start) return;
      throw error;
    }
    for (const entry of entries) {
      // Each folder above was judged on the way down: only this name is left to judge.
      if (entry.name.startsWith('.') && !(folder === 'public' && inFolder === '' && entry.name === '.well-known')) continue;
      const name = inFolder + entry.name;
      if (entry.isDirectory()) {
        if (options.recursive !== false) walk(path.join(dir, entry.name), `${relative}${entry.name}/`, `${name}/`);
        continue;
      }
      if (entry.isFile()) {
        files.push(relative + entry.name);
        continue;
      }
      if (!entry.isSymbolicLink()) continue;
      const full = path.join(dir, entry.name);
      const problem = linkProblem(folder, name, realOrUndefined(full), realBase);
      if (problem) {
        errors.push(problem);
        continue;
      }
      const target = realpathSync(full);
      const info = statSync(target);
      if (info.isFile()) files.push(relative + entry.name);
      else if (info.isDirectory() && options.recursive !== false && !walked.has(target)) {
        walked.add(target);
        walk(full, `${relative}${entry.name}/`, `${name}/`);
      }
    }
  };
  walk(start, '', inside ? `${toPosix(inside).replace(/\/+$/, '')}/` : '');
  // A new file the editor checks before it writes it is listed as if it were there.
  const prefix = `${folder}/${inside ? `${toPosix(inside).replace(/\/+$/, '')}/` : ''}`;
  for (const draft of drafts.getStore()?.keys() ?? []) {
    const rest = draft.startsWith(prefix) ? draft.slice(prefix.length) : undefined;
    if (rest && !(options.recursive === false && rest.includes('/')) && !files.includes(rest)) files.push(rest);
  }
  files.sort(byCodeUnit);
  return { files, errors };
}

/** The most a text file of the site may hold (a page, site.yaml, a data file, a local file a schema reads, an SVG beside a page). */
export const MAX_TEXT_BYTES = 16 * 1024 * 1024;
/** The most an image may weigh: one larger is not read whole (its header says how large it is) and is refused. */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
/** The most pixels an image may hold: one with more is refused before it is decoded (a small file can hold a huge image). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Text files as an editor has them before saving (path from the root → text), for the build that checks them: see withDrafts. */
const drafts = new AsyncLocalStorage<ReadonlyMap<string, string>>();

/**
 * Runs `work` with the site's text files read as `texts` holds them (paths from the root, forward slashes) where it
 * holds them: the browser editor checks a change with the build's own reader before it writes a byte. Only the calls
 * made inside `work` see the drafts; a build that runs beside it reads the disk.
 */
export function withDrafts<T>(texts: ReadonlyMap<string, string>, work: () => Promise<T>): Promise<T> {
  return drafts.run(texts, work);
}

/**
 * A file of the site (`file`, a path from the root), read as text after the rule is checked: a link out of its folder
 * is a SiteError naming the link, and its target is never opened; so is a file over MAX_TEXT_BYTES, or one that is
 * not text. A missing file throws Node's ENOENT, for the caller to say what it needed it for.
 */
export function readSiteText(root: string, file: string): string {
  const draft = drafts.getStore()?.get(toPosix(file));
  if (draft !== undefined) return draft;
  const problem = checkSiteFile(root, file);
  if (problem) throw problem;
  const full = path.join(root, file);
  const size = statSync(full).size;
  if (size > MAX_TEXT_BYTES) {
    throw new SiteError('unreadable', `is ${megabytes(size)}, over the ${megabytes(MAX_TEXT_BYTES)} a text file of the site may be`, {
      location: { file: toPosix(file) }, hint: 'split it into several files; a large document or a data export belongs in public/ as a download',
    });
  }
  // Node reads UTF-8 text in one native call; bytes that are no UTF-8 come out as U+FFFD, and only then is the file
  // read again to tell a written U+FFFD from a binary file (or text in another encoding), told without a byte of it.
  const text = readFileSync(full, 'utf8');
  if (!text.includes('\ufffd')) return text;
  try {
    return UTF8.decode(readFileSync(full));
  } catch {
    throw binaryFileError(file);
  }
}

/**
 * A file the site names by a path from its root (a schema's localFile(), site.yaml's card font): inside the root,
 * by its path and by any link on the way, under the rule of content/ and public/ when it is in one, and at most
 * MAX_TEXT_BYTES. Undefined when there is no such file; what is wrong, in words, when it may not be read.
 */
export function readLocalBytes(root: string, file: string): { bytes: Buffer } | { problem: string } | undefined {
  const absolute = path.resolve(root, file);
  const relative = path.relative(root, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return { problem: `${file} is outside the site folder` };
  const outside = leadsOutside(root, absolute);
  if (outside) return { problem: `${file} is a symbolic link to ${outside}, outside the site folder` };
  const problem = checkSiteFile(root, relative);
  if (problem) return { problem: problem.message };
  let read: Buffer | number;
  try {
    read = readBounded(absolute, MAX_TEXT_BYTES);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'EISDIR') return { problem: `${file} is a folder, not a file` };
    throw error;
  }
  if (typeof read === 'number') return { problem: `${file} is ${megabytes(read)}, over the ${megabytes(MAX_TEXT_BYTES)} a file the site reads may be` };
  return { bytes: read };
}

/** A local file (readLocalBytes) as UTF-8 text. */
export function readLocalText(root: string, file: string): { text: string } | { problem: string } | undefined {
  const read = readLocalBytes(root, file);
  if (!read || 'problem' in read) return read;
  try {
    return { text: UTF8.decode(read.bytes) };
  } catch {
    return { problem: `${file} is a binary file, not text: save it as UTF-8` };
  }
}

/**
 * An image's bytes (`file`, absolute, found by the rules above, of `size` bytes as its caller stat()ed it): whole under
 * MAX_IMAGE_BYTES, else its first 512 kB, where every format keeps its dimensions, so that the build can say how large
 * it is without reading it.
 */
export function readImageBytes(file: string, size: number): Buffer {
  return size > MAX_IMAGE_BYTES ? readHead(file) : readFileSync(file);
}

const IMAGE_HEAD_BYTES = 512 * 1024;

/** A file's bytes when it holds at most `limit`, else its size (nothing read). */
function readBounded(file: string, limit: number): Buffer | number {
  const { size } = statSync(file);
  return size > limit ? size : readFileSync(file);
}

/** The first IMAGE_HEAD_BYTES of a file. */
function readHead(file: string): Buffer {
  const head = Buffer.alloc(IMAGE_HEAD_BYTES);
  const descriptor = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(descriptor, head, 0, head.length, 0));
  } finally {
    closeSync(descriptor);
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/** A content file that is not text, told without a byte of it. */
export function binaryFileError(file: string): SiteError {
  return new SiteError('unreadable', 'is a binary file, not text: a content file is YAML or Markdown, saved as UTF-8', {
    location: { file }, hint: 'an image or a document goes in public/, or beside its page; if this is text, save it again as UTF-8',
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The rule for one file named by its path from the root: undefined when it may be read, else the error. */
export function checkSiteFile(root: string, file: string): SiteError | undefined {
  const folder = toPosix(file).split('/')[0] as SiteFolder;
  if (folder !== 'content' && folder !== 'public') return undefined;
  const full = path.join(root, file);
  // A plain file: its folders were judged as the folder was listed (listSiteFolder follows no link it refuses), and
  // content/ or public/ itself is the site's own to place. One lstat, where a real path takes one a folder.
  if (lstatSync(full, { throwIfNoEntry: false })?.isFile() && !hasLinkedFolder(root, folder, file)) return undefined;
  const real = realOrUndefined(full);
  // A missing file is the reader's to report (missing-file); only a link to nothing is the rule's.
  if (!real) return isLink(full) ? linkProblem(folder, toPosix(path.relative(path.join(root, folder), full)), undefined, '') : undefined;
  const realBase = realOrUndefined(path.join(root, folder));
  if (!realBase) return undefined;
  // Most files are no link and lie where they are named: nothing more to ask.
  if (real === path.resolve(realBase, path.relative(path.join(root, folder), full))) return undefined;
  return linkProblem(folder, toPosix(path.relative(path.join(root, folder), full)), real, realBase);
}

/** What is wrong with a link at `name` (a path inside the folder) whose real target is `target`, if anything. */
function linkProblem(folder: SiteFolder, name: string, target: string | undefined, realBase: string): SiteError | undefined {
  const file = `${folder}/${name}`;
  if (!target) {
    return new SiteError('symlink', `${file} is a symbolic link to nothing`, {
      location: { file }, hint: `remove the link, or make it point at a file inside ${folder}/`,
    });
  }
  if (!isInside(realBase, target)) {
    return new SiteError('symlink', `${file} is a symbolic link to ${target}, outside ${folder}/`, {
      location: { file },
      hint: `copy the file into ${folder}/ instead of linking to it: a link out of ${folder}/ would ${folder === 'public' ? 'publish' : 'read and publish'} whatever it points at`,
    });
  }
  const inside = toPosix(path.relative(realBase, target));
  if (!isPublished(inside, folder)) {
    return new SiteError('symlink', `${file} is a symbolic link to ${folder}/${inside}, which is private (a dotfile or inside a dot-folder)`, {
      location: { file },
      hint: 'dotfiles stay out of the site, and so does what a link to one would publish: remove the link, or copy what should be public under a name without a leading dot',
    });
  }
  return undefined;
}

/**
 * Whether a file named directly (site.yaml, a data file, a page by its path) sits below a linked folder inside its
 * site folder: then its real path is judged. Most files are at most two folders down: a few lstats at most.
 */
function hasLinkedFolder(root: string, folder: SiteFolder, file: string): boolean {
  const parts = toPosix(file).split('/').slice(1, -1);
  let current = path.join(root, folder);
  for (const part of parts) {
    current = path.join(current, part);
    if (lstatSync(current, { throwIfNoEntry: false })?.isSymbolicLink()) return true;
  }
  return false;
}

function realOrUndefined(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function isLink(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
}

/** Where a file inside the root really is, when a link takes it outside the root; undefined for a file inside (or none). */
function leadsOutside(root: string, absolute: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    return undefined;
  }
  return isInside(realpathSync(root), real) ? undefined : real;
}

/** Whether a real path is the folder itself or anything under it. */
function isInside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
