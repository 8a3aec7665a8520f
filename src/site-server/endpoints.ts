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
    const handler = route[method];
    if (!handler) {
      sendJson(res, 405, { error: `use ${Object.keys(route).join(' or ')}` }, { allow: Object.keys(route).join(', ') });
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
    const request = new ReadRequest(new URL(url.pathname + url.search, originOf(req.headers.host)), { method, headers: headersOf(req) }, body);
    const response = await handler(request, { clientAddress: clientAddress(req, trustProxy), root });
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

/** The request's headers as they came, name and value pairs: the Request makes its Headers of them once. */
function headersOf(req: http.IncomingMessage): [string, string][] {
  const raw = req.rawHeaders;
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
}

/**
 * A Request whose body the generator has read already, within the limit:
 * its readers answer from those bytes, with no stream to pump (what a
 * Request made with a body costs each reply about a third of an API's
 * throughput). Reading it twice is the TypeError the standard's is.
 */
class ReadRequest extends Request {
  readonly #bytes: Uint8Array;
  #used = false;

  constructor(url: URL, init: { method: string; headers: HeadersInit }, bytes: Uint8Array) {
    super(url, init);
    this.#bytes = bytes;
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError('the request body was read already');
    this.#used = true;
    return this.#bytes;
  }

  override get bodyUsed(): boolean {
    return this.#used;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  override async text(): Promise<string> {
    return new TextDecoder().decode(this.#take());
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  override async formData(): Promise<FormData> {
    return this.#asResponse().formData();
  }

  /** The body as a stream, for a handler that wants one: made when asked for. */
  get stream(): ReadableStream<Uint8Array> | null {
    return this.#bytes.length === 0 ? null : this.#asResponse().body;
  }

  override clone(): Request {
    return new ReadRequest(new URL(this.url), { method: this.method, headers: new Headers(this.headers) }, this.#bytes);
  }

  #asResponse(): Response {
    return new Response(this.#take() as Uint8Array<ArrayBuffer>, { headers: { 'content-type': this.headers.get('content-type') ?? '' } });
  }
}
// `body` is a property of Request in TypeScript's view, a getter in fact: the stream, made when asked for.
Object.defineProperty(ReadRequest.prototype, 'body', { get(this: ReadRequest) { return this.stream; }, configurable: true });

/** The text a Response of `json()` (./api.ts) was made from: sent as it is, without reading the Response's stream back. */
export const RESPONSE_TEXT = Symbol('sitegen.responseText');

/** The endpoint's status, headers and body, over serve's policy headers (an endpoint may set its own, such as Cache-Control). */
async function writeResponse(res: http.ServerResponse, response: Response, head: boolean): Promise<void> {
  // Text (JSON, HTML) goes out with the headers in one write; anything else as bytes.
  const type = response.headers.get('content-type') ?? '';
  const kept = (response as { [RESPONSE_TEXT]?: string })[RESPONSE_TEXT];
  const text = /^(text\/[^;]*|application\/([a-z.+-]*\+)?json)\s*(;\s*charset=(utf-8|"utf-8")\s*)?$/i.test(type);
  const body: string | Buffer = typeof kept === 'string' && !response.bodyUsed ? kept
    : text ? await response.text() : Buffer.from(await response.arrayBuffer());
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.headers.has('cache-control')) res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.writeHead(response.status);
  res.end(head ? undefined : body);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}
