import path from 'node:path';
import { throwIfAny } from '../errors.ts';
import { contentHash, stampsOf } from '../files.ts';
import { listSiteFolder } from '../site-folders.ts';

/**
 * Every file under public/ that the site publishes, as URL paths
 * (`/img/logo.svg`). What is published is decided here, once, for the build,
 * `dev` and `check`, by the rule every folder an editor fills keeps
 * (./site-folders.ts): no dotfile but `/.well-known/`, and a symbolic link
 * only while it stays inside public/ (the copy holds the file it points at);
 * one that leads out (or nowhere) fails the build, because publishing it
 * would publish whatever it points at: a private key, /etc/passwd.
 */
export async function listPublicFiles(root: string): Promise<Set<string>> {
  const { files, errors } = listSiteFolder(root, 'public');
  throwIfAny(errors);
  return new Set(files.map((file) => `/${file}`));
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
