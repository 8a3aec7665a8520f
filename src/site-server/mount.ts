/**
 * What `serve`, `start` and `dev` mount in front of a site's pages: its own
 * endpoints (server/index.ts, see ./types.ts). A site without server code
 * gets a purely static server: no endpoints, no warnings, no files written.
 */
import type { Mount } from '../commands.ts';
import type { RequestHandler } from '../serve/serve.ts';
import { loadSiteServer, checkRoutes } from './load-server.ts';
import { endpointHandler } from './endpoints.ts';
import type { Routes, SiteServer } from './types.ts';

export function siteMount(root: string, trustProxy = 0): Mount & { prepare(): Promise<void> } {
  // Compiled (or found in the cache) and imported once, for `start`'s prepare and its handlers alike.
  let loading: Promise<SiteServer | undefined> | undefined;
  const load = () => (loading ??= loadSiteServer(root));
  const mount = {
    name: '',
    async handlers(): Promise<RequestHandler[]> {
      const server = await load();
      if (!server) return [];
      const started = (await server.start?.({ root })) ?? undefined;
      const closers = [started?.close, server.close].filter((close) => typeof close === 'function');
      mount.close = async () => {
        for (const close of closers) await close();
      };
      try {
        if (started?.routes !== undefined) checkRoutes(started.routes, 'start() returned, and ');
      } catch (error) {
        await mount.close();
        throw error;
      }
      const routes: Routes = { ...server.routes, ...started?.routes };
      mount.name = `the site's endpoints (${Object.keys(routes).join(', ') || 'none'})`;
      return [endpointHandler(routes, { root, trustProxy, maxBodyBytes: server.maxBodyBytes })];
    },
    close: async (): Promise<void> => {},
    /** `sitegen start`, before its build: what the site's server makes that git does not hold (its `prepare`). */
    async prepare(): Promise<void> {
      const server = await load();
      await server?.prepare?.({ root });
    },
  };
  return mount;
}
