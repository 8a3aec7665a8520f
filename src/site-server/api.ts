/**
 * `sitegen/server`: what a site's server code (server/) imports of sitegen.
 * The compiled server imports this very module of the running sitegen (see
 * ./load-server.ts), so an error it throws is the generator's SiteError,
 * printed as the generator prints its own.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ZodType } from 'zod';
import { SiteError, throwIfAny, type SourceLocation } from '../errors.ts';
import type { ErrorCode } from '../error-codes.ts';
import { parseContentFile } from '../load/parse.ts';
import { validateDoc } from '../validate/validate.ts';
import { TextResponse } from './web-objects.ts';
import { readSiteText } from '../site-reader.ts';

export { jsonDepth, MAX_REQUEST_JSON_DEPTH, RequestBodyError } from './web-objects.ts';

export { defineServer } from './types.ts';
export type { SiteServer, StartedServer, Routes, Endpoint, EndpointContext, HttpMethod, SiteCommandTools } from './types.ts';
export { style } from '../terminal.ts';
export { printable, printableJson } from '../escape.ts';
export { createRateLimiter, MAX_CLIENTS, type RateLimit, type RateLimiter, type Reservation } from './rate-limit.ts';
export { rateLimitKey } from '../serve/client-address.ts';

/**
 * A 403 for a request another site's page made a visitor's browser send (a
 * form posted from elsewhere, a cross-site fetch), or undefined: browsers
 * say so in `Sec-Fetch-Site`, and one too old to send it still sends
 * `Origin` with a POST, which must then be this request's own. A form
 * endpoint calls this before it counts or stores anything, so no page
 * elsewhere can sign visitors up or spend their allowance.
 *
 * `same-site` (a sibling subdomain: blog.example.com posting to
 * example.com) is refused too: a plain form post needs no CORS preflight,
 * and a sibling may be a host the site does not control (a user's pages, a
 * forgotten CNAME). Only this origin's own pages (`same-origin`) and a
 * visitor's own navigation (`none`) are answered.
 */
export function refuseCrossSite(request: Request): Response | undefined {
  const site = request.headers.get('sec-fetch-site')?.toLowerCase();
  const origin = request.headers.get('origin');
  const foreign = site !== undefined ? site !== 'same-origin' && site !== 'none' : origin !== null && origin !== new URL(request.url).origin;
  return foreign ? json({ error: 'requests from other sites are refused' }, { status: 403 }) : undefined;
}
export { SiteError, SiteErrors } from '../errors.ts';

/**
 * An error of the site's server that its operator can fix, printed as
 * sitegen prints its own (message, hint, no stack) with the site's code and
 * where the site explains it: `docs`, a path in the site's repository, by
 * default the code's heading in server/README.md.
 */
export class ServerError extends SiteError {
  constructor(code: string, message: string, options: { hint?: string; cause?: unknown; docs?: string; location?: SourceLocation } = {}) {
    // The code is the site's, not one of the generator's catalogue: `docs` says where it is explained.
    super(code as ErrorCode, message, { ...options, docs: options.docs ?? `server/README.md#${code}` });
    this.name = 'ServerError';
  }
}

/**
 * A YAML or Markdown file of the site's content, read and checked against a
 * zod schema as the build checks pages: an error names the file, the line
 * and the field. Undefined when the file does not exist.
 */
export async function readContentFile<T>(root: string, file: string, schema: ZodType<T>): Promise<T | undefined> {
  let source: string;
  try {
    source = readSiteText(root, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const { value, errors } = validateDoc(parseContentFile(file, source), schema);
  throwIfAny(errors);
  return value as T;
}

/**
 * Logs an error behind a 500 of the site's own making (one caught rather
 * than thrown) in the server's one log: the first of a kind in a minute
 * with its stack, the rest counted, as for the handlers that throw.
 */
export { logServerError, type ErrorLog } from '../serve/error-log.ts';

/**
 * `Response.json(data, init)`, whose text sitegen sends as it is rather
 * than read back through the Response's stream: the same reply, for a few
 * microseconds less a request. `Cache-Control: no-store` unless `init` says
 * otherwise, as sitegen adds to any endpoint's reply.
 */
export function json(data: unknown, init: { status?: number; statusText?: string; headers?: Record<string, string> } = {}): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  return TextResponse.of(JSON.stringify(data), { ...init, headers });
}

/**
 * The file of a worker thread, written in the server's source as
 * `new URL('./name.worker.ts', import.meta.url)`: sitegen compiles every
 * server/**\/*.worker.ts beside the server's index, as a .mjs of the same
 * name, and this finds it there (run from the sources, it is the .ts).
 */
export function workerFile(url: URL): URL {
  if (!url.pathname.endsWith('.ts') || existsSync(fileURLToPath(url))) return url;
  return new URL(url.href.replace(/\.ts$/, '.mjs'));
}
