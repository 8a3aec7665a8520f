import type http from 'node:http';

/**
 * The address of the client. With no trusted proxy (the default) that is
 * the peer, and X-Forwarded-For is ignored: anyone can write it. With N
 * proxies in front, each appending the address it saw to X-Forwarded-For,
 * it is the entry the outermost of them wrote: the Nth from the right, as
 * counted with the peer (the innermost proxy) at position 0. Whatever the
 * client itself put at the left of the header is never reached.
 */
export function clientAddress(req: Pick<http.IncomingMessage, 'headers' | 'socket'>, trustedProxies: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const forwarded = req.headers['x-forwarded-for'];
  if (trustedProxies < 1 || !forwarded) return peer;
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',').map((entry) => entry.trim()).filter(Boolean);
  if (hops.length === 0) return peer;
  return hops[Math.max(0, hops.length - trustedProxies)];
}
