/**
 * This site's API (server/api.ts) with the limits a test or bench chooses,
 * mounted as `sitegen serve` mounts the site's endpoints (the generator's
 * body limit and --trust-proxy): a handler for startServer, and its close.
 */
import { createApi, type ApiOptions } from '../../server/api.ts';
import { MAX_REQUEST_BYTES } from '../../server/contract.ts';
import { endpointHandler } from '../../src/site-server/endpoints.ts';
import type { RequestHandler } from '../../src/serve/serve.ts';

export type ReferenceApiOptions = ApiOptions & {
  /** How many proxies in front append to X-Forwarded-For (--trust-proxy). */
  trustProxy?: number;
};

export async function createReferenceApi(root: string, { trustProxy, ...options }: ReferenceApiOptions = {}): Promise<RequestHandler & { close(): Promise<void> }> {
  const api = await createApi(root, options);
  return Object.assign(endpointHandler(api.routes, { root, trustProxy, maxBodyBytes: MAX_REQUEST_BYTES }), { close: api.close });
}
