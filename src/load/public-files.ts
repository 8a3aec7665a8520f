import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, throwIfAny } from '../errors.ts';
import { contentHash, stampsOf, toPosix } from '../files.ts';

/**
 * Every file under public/ that the site publishes, as URL paths
 * (`/img/logo.svg`). What is published is decided here, once, for the build,
 * `dev` and `check`:
 * - Dotfiles and dot-folders are left out (an editor's `.env`, `.DS_Store`,
 *   a `.git` folder), except `/.well-known/`, which exists to be published.
 * - A symbolic link is followed only while it stays inside public/: the copy
 *   holds the file it points at, never the link. A link that leads out of
 *   public/ (or nowhere) fails the build, because publishing it would publish
 *   whatever it points at: a private key, /etc/passwd.
 */
export async function listPublicFiles(root: string): Promise<Set<string>> {
  const publicDir = path.join(root, 'public');
  const realPublic = await realpath(publicDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const found = new Set<string>();
  if (!realPublic) return found;
  const errors: SiteError[] = [];
  // Real folders already walked: a link to a parent folder inside public/ must not loop.
  const walked = new Set<string>([realPublic]);

  async function walk(dir: string, prefix: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    await Promise.all(entries.map(async (entry) => {
      const url = `${prefix}/${entry.name}`;
      if (!isPublished(url)) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full, url);
      if (!entry.isSymbolicLink()) return void (entry.isFile() && found.add(url));
      const target = await realpath(full).catch(() => undefined);
      if (!target || !isInside(target, realPublic!)) {
        errors.push(linkOutside(url, target));
        return;
      }
      const targetUrl = '/' + toPosix(path.relative(realPublic!, target));
      if (!isPublished(targetUrl)) {
        errors.push(linkToPrivate(url, targetUrl));
        return;
      }
      const info = await stat(target);
      if (info.isFile()) return void found.add(url);
      if (info.isDirectory() && !walked.has(target)) {
        walked.add(target);
        await walk(full, url);
      }
    }));
  }
  await walk(publicDir, '');
  throwIfAny(errors);
  return found;
}

/** Dotfiles and dot-folders stay private, except the top-level /.well-known/ folder. */
export function isPublished(url: string): boolean {
  const segments = url.split('/').filter(Boolean);
  return segments.every((segment, index) => !segment.startsWith('.') || (index === 0 && segment === '.well-known'));
}

/** Whether a real path is the folder itself or anything under it. */
function isInside(target: string, dir: string): boolean {
  const relative = path.relative(dir, target);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

function linkOutside(url: string, target: string | undefined): SiteError {
  const file = `public${url}`;
  return new SiteError('public-link', target
    ? `${file} is a symbolic link to ${target}, outside public/`
    : `${file} is a symbolic link to nothing`, {
    location: { file },
    hint: target
      ? 'copy the file into public/ instead of linking to it: a link out of public/ would publish whatever it points at'
      : 'remove the link, or make it point at a file inside public/',
  });
}

function linkToPrivate(url: string, targetUrl: string): SiteError {
  const file = `public${url}`;
  return new SiteError('public-link', `${file} is a symbolic link to public${targetUrl}, which is private (a dotfile or inside a dot-folder)`, {
    location: { file },
    hint: 'dotfiles stay out of the site, and so does what a link to one would publish: remove the link, or copy what should be public under a name without a leading dot',
  });
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/**
 * One stamp for every image under public/, beside the pages and fetched
 * (`others`, paths from the root): image() reads their sizes and
 * hashes into the pages, so the keys that decide what a build may reuse
 * (the validated site.yaml, the pages) include it.
 */
export function imagesStampOf(root: string, publicFiles: Iterable<string>, others: Iterable<string> = []): string {
  const images = [...[...publicFiles].map((url) => `public${url}`), ...others].filter((file) => IMAGE.test(file)).sort();
  return contentHash(JSON.stringify(stampsOf(images.map((file) => path.join(root, file)))));
}
