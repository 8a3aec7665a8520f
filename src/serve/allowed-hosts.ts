import { isIP } from 'node:net';

/**
 * Dev only: whether a request's Host header names this server, as Vite's
 * `server.allowedHosts` decides. A page on evil.example whose name is
 * rebound to 127.0.0.1 (DNS rebinding) reaches the dev server with
 * `Host: evil.example`, and could read the live-reload stream, which
 * carries source lines of a broken file. Accepted: localhost (and names
 * under .localhost), any IP address (a rebinding needs a name), the address
 * given to --host, and a request without Host (no browser sends one).
 */
export function isAllowedHost(header: string | undefined, listenHost: string): boolean {
  if (header === undefined) return true;
  const name = hostName(header);
  if (name === undefined) return false;
  return name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0 || name === hostName(listenHost);
}

/** The name in a Host header, lower case, without its port, brackets or final dot; undefined when it cannot be read. */
function hostName(header: string): string | undefined {
  const text = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1];
  // A bare IPv6 address (as --host gives it) has colons but no port.
  if (isIP(text) === 6) return text;
  const plain = /^([a-z0-9.-]+?)\.?(?::\d+)?$/.exec(text);
  return plain?.[1];
}
