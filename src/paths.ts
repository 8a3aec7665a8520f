import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toPosix } from './files.ts';
import { packageRootAbove } from './package-root.ts';

/** Where a site's pages are, from its root: every stage may name it. */
export const PAGES_DIR = 'content/pages';

/**
 * `make` of a list of page files, made once per list: dev's rebuilds are handed the same list while no file comes or
 * goes (BuildOptions.listed), and at 5,000 pages each pass over it (paths, routes, duplicate routes) was a
 * millisecond or more.
 */
export function perPageList<T>(make: (pageFiles: readonly string[]) => T): (pageFiles: readonly string[]) => T {
  const made = new WeakMap<readonly string[], T>();
  return (pageFiles) => {
    if (!made.has(pageFiles)) made.set(pageFiles, make(pageFiles));
    return made.get(pageFiles)!;
  };
}

/** Page files (paths under content/pages/) as paths from the root (`content/pages/about.yaml`), in their order. */
export const pageNamesOf = perPageList((pageFiles): readonly string[] => pageFiles.map((file) => `${PAGES_DIR}/${toPosix(file)}`));

/**
 * The sitegen package folder. Found by walking up to its package.json, since
 * this module runs both from src/ (under tsx, in tests) and from the compiled
 * CLI in node_modules/.cache (see bin/compile.js).
 */
export const SITEGEN_DIR = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  const root = packageRootAbove(start);
  if (root === undefined) throw new Error(`sitegen: cannot find the package folder above ${start}`);
  return root;
}
