import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The sitegen package folder. Found by walking up to its package.json, since
 * this module runs both from src/ (under tsx, in tests) and from the compiled
 * CLI in node_modules/.cache (see bin/compile.js).
 */
export const SITEGEN_DIR = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'bin', 'sitegen.js'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`sitegen: cannot find the package folder above ${start}`);
  }
}
