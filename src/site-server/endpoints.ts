/**
 * A site's endpoints as a handler of `serve` (src/serve/serve.ts): the path
 * picks the route, the method its handler; the generator reads the body
 * within the server's limit, makes a Web Request of it, and writes the
 * Response back. Written here rather than with an adapter package: Node
 * ships Request and Response, and what an adapter would add (streaming
 * bodies of any size) is what the limit forbids; the headers, time-outs and
 * 405/408/413 rules stay serve's, for the endpoints as for the pages.
 * A handler that throws is serve's 500, with the stack logged.
 */
import type http from 'node:http';
import type { RequestHandler } from '../serve/serve.ts';
import { clientAddress } from '../serve/client-address.ts';
import { readBodyUpTo } from '../serve/read-body.ts';
import type { Routes } from './types.ts';
import { ReadRequest, RequestBodyError, TextResponse } from './web-objects.ts';

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export interface EndpointOptions {
  root: string;
  /** The largest request body a handler gets, in bytes (default 16 KB). */
  maxBodyBytes?: number;
  /** How many proxies in front append to X-Forwarded-For (--trust-proxy). */
  trustProxy?: number;
}

export function endpointHandler(routes: Routes, { root, trustProxy = 0, maxBodyBytes }: EndpointOptions): RequestHandler {
  const limit = maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://site.invalid');
    const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
    if (!route) return false;
    const method = (req.method ?? 'GET').toUpperCase() as keyof typeof route;
    // HEAD is answered by GET's handler, headers only, as the static pages answer it.
    const handler = route[method] ?? (method === 'HEAD' ? route.GET : undefined);
    if (!handler) {
      const methods = Object.keys(route).concat(route.GET && !route.HEAD ? ['HEAD'] : []);
      sendJson(res, 405, { error: `use ${methods.join(' or ')}` }, { allow: methods.join(', ') });
      return true;
    }
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      sendJson(res, 413, { error: `the body is larger than ${limit} bytes` }, { connection: 'close' });
      return true;
    }
    const body = await readBodyUpTo(req, limit);
    if (body === undefined) {
      sendJson(res, 413, { error: `the body is larger than ${limit} bytes` }, { connection: 'close' });
      return true;
    }
    const request = ReadRequest.of(originOf(req.headers.host) + url.pathname + url.search, method, req.rawHeaders, body);
    let response: Response;
    try {
      response = await handler(request, { clientAddress: clientAddress(req, trustProxy), root });
    } catch (error) {
      // A body the handler could not read (too deep, not JSON, not a form) is the client's mistake: the uniform 400.
      if (!(error instanceof RequestBodyError)) throw error;
      sendJson(res, 400, { error: error.message });
      return true;
    }
    if (!(response instanceof Response)) throw new Error(`the ${method} handler of ${url.pathname} in server/ returned no Response`);
    await writeResponse(res, response, method === 'HEAD');
    return true;
  };
}

/** The origin the request was made to, as its Host says; a Host that is no host name (a client's mistake, or worse) is not ours to fail on. */
function originOf(host: string | undefined): string {
  try {
    return new URL(`http://${host ?? 'localhost'}`).origin;
  } catch {
    return 'http://localhost';
  }
}

/** A type whose body is UTF-8 text. */
const UTF8_TEXT = /^(text\/[^;]*|application\/([a-z.+-]*\+)?json)\s*(;\s*charset=(utf-8|"utf-8")\s*)?$/i;

/** The endpoint's status, headers and body, over serve's policy headers (an endpoint may set its own, such as Cache-Control). */
async function writeResponse(res: http.ServerResponse, response: Response, head: boolean): Promise<void> {
  // json()'s replies as they were made, without a Response's stream to read back; any other as the Web gives it.
  const written = response instanceof TextResponse ? response.written() : undefined;
  const headers = written ? Object.entries(written.headers) : [...response.headers].filter(([name]) => name !== 'set-cookie');
  for (const [name, value] of headers) res.setHeader(name, value);
  const cookies = written ? [] : response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!headers.some(([name]) => name === 'cache-control')) res.setHeader('cache-control', 'no-store');
  // Text (JSON, HTML) goes out with the headers in one write; anything else as bytes.
  const body: string | Buffer = written ? written.text
    : UTF8_TEXT.test(response.headers.get('content-type') ?? '') ? await response.text() : Buffer.from(await response.arrayBuffer());
  res.setHeader('content-length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.writeHead(response.status);
  res.end(head ? undefined : body);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}
