import net from 'node:net';
import { ipv4Of, ipv6Groups } from '../ip-address.ts';
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
  return withoutPort(hops[Math.max(0, hops.length - trustedProxies)]);
}

/** An address as a proxy may write it with its port (`198.51.100.7:1234`, `[2001:db8::1]:443`), without the port. */
function withoutPort(entry: string): string {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  if (v4) return v4[1];
  const v6 = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  return v6 ? v6[1] : entry;
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
  const bare = withoutPort(address).replace(/%.*$/, '');
  if (net.isIPv4(bare)) return bare;
  if (!net.isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') return ipv4Of(groups[6], groups[7]);
  return `${groups.slice(0, 4).join(':')}::/64`;
}
