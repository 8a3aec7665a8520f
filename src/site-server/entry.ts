/**
 * Where a site's server code starts, and whether a site has any: asked by a
 * build (to say that dist/ alone does not answer the endpoints) and by the
 * command line, neither of which should load the compiler of ./load-server.ts
 * to know it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const SERVER_ENTRY = 'server/index.ts';

/** Whether the site at `root` has server code. */
export function hasSiteServer(root: string): boolean {
  return existsSync(path.join(root, SERVER_ENTRY));
}
