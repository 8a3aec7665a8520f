import net from 'node:net';
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

/**
 * The client a rate limit counts: an IPv4 address as it is, an IPv6
 * address by its /64. One subscriber line or one cloud instance is given a
 * whole /64 (2^64 addresses), so a limit per IPv6 address limits nothing;
 * Cloudflare's and nginx's limiters count by /64 for the same reason.
 * An IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack socket
 * reports IPv4 peers) is its IPv4 address. Anything that is no address is
 * counted as written.
 */
export function rateLimitKey(address: string): string {
  const bare = address.replace(/^\[|\](?::\d+)?$/g, '').replace(/%.*$/, '');
  if (net.isIPv4(bare)) return bare;
  if (!net.isIPv6(bare)) return address;
  const groups = hextets(bare);
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [Number.parseInt(groups[6], 16), Number.parseInt(groups[7], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (an embedded IPv4 tail as two groups). */
function hextets(address: string): string[] {
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`);
  const [head, tail] = withoutV4.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
