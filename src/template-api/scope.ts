/**
 * What the schema helpers check content against while one file is being
 * validated: the routes, the public files, and the site root for local
 * files. The validate stage hands it to `withValidationScope` for the length
 * of one synchronous parse, so no state outlives the call and nothing is set
 * by one stage for another.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ValidationScope {
  routes: ReadonlySet<string>;
  publicFiles: ReadonlySet<string>;
  /** The site root, which localFile() paths are relative to. */
  root: string;
  /** The files beside the pages in content/pages/ (their bundles): address → path from the root (listPagesFolder). */
  bundleFiles?: ReadonlyMap<string, string>;
  /** The remote images the build fetched: URL → the cached copy's path from the root (src/load/remote-images.ts). */
  remoteImages?: ReadonlyMap<string, string>;
  /** The origins site.yaml's images.remote allows. */
  remoteOrigins?: readonly string[];
  /** The folder of the page being validated, as a path of the site (`/news/my-post/`): what `./photo.jpg` is relative to. */
  folder?: string;
}

/** The file behind an address a page names, as a path from the site root: public/, a page's bundle, or a fetched remote image. */
export function fileOf(scope: ValidationScope, url: string): string | undefined {
  if (scope.publicFiles.has(url)) return `public${url}`;
  return scope.bundleFiles?.get(url) ?? scope.remoteImages?.get(url);
}

/** What a parse found besides errors: local files it read (for the build cache) and warnings for the editor. */
export interface ValidationNotes {
  /** Absolute paths of the local files read, missing ones included (their appearance must change the cache key). */
  localFiles: string[];
  warnings: string[];
  /** Routes the content links to, so that a build can refuse links to drafts it leaves out. */
  links?: string[];
  /**
   * The images that image() fields and Markdown use, as paths from the root (`public/img/a.png`,
   * `content/pages/news/post/photo.jpg`): the emit stage makes a PNG's or JPEG's variants, and copies any other
   * image from outside public/ to its place under /assets/img/.
   */
  images: string[];
  /** Files of a page's bundle that it links to, as paths from the root: the emit stage copies each to its address. */
  copies?: string[];
}

const current = new AsyncLocalStorage<{ scope: ValidationScope; notes: ValidationNotes }>();

/** Runs a parse with the scope its helpers check against; returns its result and what the helpers noted. */
export function withValidationScope<T>(scope: ValidationScope, parse: () => T): { result: T; notes: ValidationNotes } {
  const notes: ValidationNotes = { localFiles: [], warnings: [], links: [], images: [] };
  const result = current.run({ scope, notes }, parse);
  return { result, notes };
}

/** The scope of the parse in progress; a schema helper used outside one is a mistake in sitegen. */
export function activeScope(): { scope: ValidationScope; notes: ValidationNotes } {
  const active = current.getStore();
  if (!active) throw new Error('a sitegen schema helper ran outside validation (withValidationScope)');
  return active;
}
