import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toPosix } from './files.ts';
import { packageRootAbove } from './package-root.ts';

/** Where a site's pages are, from its root: every stage may name it. */
export const PAGES_DIR = 'content/pages';

/**
 * Page files (paths under content/pages/) as paths from the root (`content/pages/about.yaml`), in their order; made
 * once per list, as dev's rebuilds are handed the same list while no file comes or goes (BuildOptions.listed).
 */
export function pageNamesOf(pageFiles: readonly string[]): readonly string[] {
  let names = pageNames.get(pageFiles);
  if (!names) pageNames.set(pageFiles, (names = pageFiles.map((file) => `${PAGES_DIR}/${toPosix(file)}`)));
  return names;
}

const pageNames = new WeakMap<readonly string[], readonly string[]>();

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
