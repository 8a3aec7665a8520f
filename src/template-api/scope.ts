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
}

/** What a parse found besides errors: local files it read (for the build cache) and warnings for the editor. */
export interface ValidationNotes {
  /** Absolute paths of the local files read, missing ones included (their appearance must change the cache key). */
  localFiles: string[];
  warnings: string[];
  /** Routes the content links to, so that a build can refuse links to drafts it leaves out. */
  links?: string[];
  /** Public URLs of the PNG and JPEG images that image() fields use: the emit stage makes their variants. */
  images: string[];
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
