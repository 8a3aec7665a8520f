import { existsSync } from 'node:fs';
import path from 'node:path';

/** The sitegen package folder above `start` (its package.json beside bin/sitegen.js), or undefined when there is none. */
export function packageRootAbove(start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'bin', 'sitegen.js'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}
