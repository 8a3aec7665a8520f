/**
 * IP addresses as the network sees them: the /64 an IPv6 client holds, and
 * the ranges a link checker must never be led into (loopback, private,
 * link-local with the cloud metadata service, unique-local …), judged on
 * the address a name resolves to, never on how a link spells it.
 */
import net from 'node:net';

/** The eight groups of an IPv6 address, without leading zeros (an embedded IPv4 tail as two groups). */
export function ipv6Groups(address: string): string[] {
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`);
  const [head, tail] = withoutV4.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

/** The IPv4 address in two IPv6 groups (`7f00`, `1` → 127.0.0.1). */
export function ipv4Of(high: string, low: string): string {
  const [h, l] = [Number.parseInt(high, 16), Number.parseInt(low, 16)];
  return [h >> 8, h & 255, l >> 8, l & 255].join('.');
}

const RANGES: [kind: string, family: 'ipv4' | 'ipv6', network: string, prefix: number][] = [
  ['a loopback address', 'ipv4', '127.0.0.0', 8],
  ['a loopback address', 'ipv6', '::1', 128],
  ['an address of this host', 'ipv4', '0.0.0.0', 8],
  ['an address of this host', 'ipv6', '::', 128],
  ['a private address', 'ipv4', '10.0.0.0', 8],
  ['a private address', 'ipv4', '172.16.0.0', 12],
  ['a private address', 'ipv4', '192.168.0.0', 16],
  ['a carrier-grade NAT address', 'ipv4', '100.64.0.0', 10],
  ['a link-local address (the cloud metadata service is one)', 'ipv4', '169.254.0.0', 16],
  ['a link-local address', 'ipv6', 'fe80::', 10],
  ['a unique-local address', 'ipv6', 'fc00::', 7],
  ['a site-local address', 'ipv6', 'fec0::', 10],
  ['a reserved address', 'ipv4', '192.0.0.0', 24],
  ['a reserved address', 'ipv4', '198.18.0.0', 15],
  ['a reserved address', 'ipv4', '240.0.0.0', 4],
  ['a reserved address', 'ipv6', '100::', 64],
  ['a multicast address', 'ipv4', '224.0.0.0', 4],
  ['a multicast address', 'ipv6', 'ff00::', 8],
];

const lists = new Map<string, net.BlockList>();
for (const [kind, family, network, prefix] of RANGES) {
  if (!lists.has(kind)) lists.set(kind, new net.BlockList());
  lists.get(kind)!.addSubnet(network, prefix, family);
}

/**
 * What keeps an address from being a host of the public internet (`a
 * loopback address`), or undefined for a public one. An IPv4 address inside
 * IPv6 (mapped ::ffff:, NAT64 64:ff9b::, 6to4 2002::) is judged as the IPv4
 * address it carries.
 */
export function nonPublicKind(address: string): string | undefined {
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return 'not an IP address';
  if (family === 'ipv6') {
    const groups = ipv6Groups(address.replace(/%.*$/, ''));
    const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === '0');
    const tail = ipv4Of(groups[6], groups[7]);
    // Mapped (::ffff:a.b.c.d), compatible (::a.b.c.d, deprecated but still parsed), translated (::ffff:0:a.b.c.d),
    // NAT64 (64:ff9b::/96 and the local 64:ff9b:1::/48), 6to4 (2002:AABB:CCDD::).
    const embedded = zero(0, 5) && groups[5] === 'ffff' ? tail
      : zero(0, 6) && !zero(6, 7) ? tail
        : zero(0, 4) && groups[4] === 'ffff' && groups[5] === '0' ? tail
          : groups[0] === '64' && groups[1] === 'ff9b' && (zero(2, 6) || groups[2] === '1') ? tail
            : groups[0] === '2002' ? ipv4Of(groups[1], groups[2]) : undefined;
    if (embedded) return nonPublicKind(embedded) ?? (zero(0, 6) ? 'an IPv4-compatible address' : undefined);
  }
  for (const [kind, list] of lists) if (list.check(address.replace(/%.*$/, ''), family)) return kind;
  return undefined;
}
