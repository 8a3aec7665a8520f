/**
 * The reference API: the backend of the site's contact and demo forms and
 * of its customer login (users, keys, license, stored submissions), the
 * only part of sitegen that knows them. This is its one entry:
 * - `createReferenceApi`: the request handler that `sitegen serve` mounts;
 * - `declareReferenceApiCommands`: its commands (`keys`, `users add`,
 *   `submissions`) for the CLI to declare;
 * - `prepareFirstStart`: the key pair and demo customer `sitegen start` makes.
 * The contract of its calls, shared with the islands, is ./contract.ts
 * (`sitegen/reference-api` to templates); the license's shape is the site's
 * (templates/lib/license.ts). The CLI loads this file at every start, so the
 * heavy parts (SQLite, the crypto worker) are imported only when used.
 */
import type { ApiOptions, ReferenceApi } from './api.ts';

export type { ApiOptions, ReferenceApi } from './api.ts';
export { declareReferenceApiCommands, type CommandTools } from './cli.ts';
export { prepareFirstStart } from './commands.ts';

/** The reference API of the site at `root`, as a handler for `startServer({ handlers })`. */
export async function createReferenceApi(root: string, options: ApiOptions = {}): Promise<ReferenceApi> {
  const { createApi } = await import('./api.ts');
  return createApi(root, options);
}
