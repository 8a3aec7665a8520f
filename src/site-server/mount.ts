/**
 * What `serve`, `start` and `dev` mount in front of a site's pages: its own
 * endpoints (server/index.ts, see ./types.ts), and the reference API for a
 * site whose content/site.yaml configures it (`api:`). A site with neither
 * gets a purely static server: no API, no warnings, no database file.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseContentFile } from '../load/parse.ts';
import type { Mount } from '../commands.ts';
import type { RequestHandler } from '../serve/serve.ts';
import { hasSiteServer, loadSiteServer } from './load-server.ts';
import { endpointHandler } from './endpoints.ts';

export function siteMount(root: string, trustProxy = 0): Mount & { prepare(): Promise<void> } {
  const mount = {
    name: '',
    async handlers(): Promise<RequestHandler[]> {
      const handlers: RequestHandler[] = [];
      const names: string[] = [];
      const closers: (() => unknown)[] = [];
      const server = await loadSiteServer(root);
      if (server) {
        await server.start?.({ root });
        if (server.close) closers.push(() => server.close!());
        handlers.push(endpointHandler(server, { root, trustProxy }));
        names.push(`the site's endpoints (${Object.keys(server.routes).join(', ')})`);
      }
      if (await usesReferenceApi(root)) {
        const { createReferenceApi } = await import('../reference-api/index.ts');
        const api = await createReferenceApi(root, { trustProxy });
        closers.push(() => api.close());
        handlers.push(api);
        names.push('the reference API');
      }
      mount.name = names.join(' and ');
      mount.close = async () => {
        for (const close of closers) await close();
      };
      return handlers;
    },
    close: async (): Promise<void> => {},
    /** `sitegen start` on a fresh clone: what the reference API needs before the build (its keys, a demo customer). */
    async prepare(): Promise<void> {
      if (!(await usesReferenceApi(root))) return;
      const { prepareFirstStart } = await import('../reference-api/index.ts');
      await prepareFirstStart(root);
    },
  };
  return mount;
}

/**
 * Whether the site uses the reference API: an `api:` key in content/site.yaml
 * (its calls' addresses, its key), or a license in content/private/ for its
 * login to answer with.
 */
async function usesReferenceApi(root: string): Promise<boolean> {
  if (existsSync(path.join(root, 'content', 'private', 'license.yaml'))) return true;
  const file = 'content/site.yaml';
  let source: string;
  try {
    source = await readFile(path.join(root, file), 'utf8');
  } catch {
    return false;
  }
  try {
    const data = parseContentFile(file, source).data as { api?: unknown } | undefined;
    return data?.api !== undefined && data.api !== null;
  } catch {
    // A site.yaml the build cannot read is the build's error to report; the server mounts no API for it.
    return false;
  }
}

export { hasSiteServer };
