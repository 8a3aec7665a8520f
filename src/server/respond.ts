import type http from 'node:http';

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

/** The client a rate limit counts: the peer address (this server trusts no forwarding header). */
export function clientOf(req: http.IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

export function tooMany(res: http.ServerResponse, retryAfter: number, body: unknown): void {
  sendJson(res, 429, body, { 'retry-after': String(retryAfter) });
}
