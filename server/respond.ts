import type http from 'node:http';
import { clientAddress } from '../serve/client-address.ts';

export { clientAddress };

/** Sends a JSON answer; API answers are never cached. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

const clients = new WeakMap<http.IncomingMessage, string>();

/** Settles, once per request and before any handler, which client the rate limits count (see clientAddress). */
export function identifyClient(req: http.IncomingMessage, trustedProxies: number): void {
  clients.set(req, clientAddress(req, trustedProxies));
}

/** The client a rate limit counts: as identifyClient settled it, else the peer address. */
export function clientOf(req: http.IncomingMessage): string {
  return clients.get(req) ?? req.socket.remoteAddress ?? 'unknown';
}

export function tooMany(res: http.ServerResponse, retryAfter: number, body: unknown): void {
  sendJson(res, 429, body, { 'retry-after': String(retryAfter) });
}

/** Seconds a client is asked to wait while the database cannot be reached: long enough for a restart to finish. */
export const UNREACHABLE_RETRY_AFTER_S = 5;

/** The database cannot be reached now: 503, come back in a few seconds; nothing was stored or acknowledged. */
export function unreachable(res: http.ServerResponse, body: unknown): void {
  if (res.headersSent) return void res.destroy();
  sendJson(res, 503, body, { 'retry-after': String(UNREACHABLE_RETRY_AFTER_S) });
}
