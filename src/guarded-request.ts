/**
 * One HTTP request that never reaches the machine's own network: every
 * address a host resolves to is judged before connecting (loopback,
 * private, link-local such as the cloud metadata service, unique-local,
 * reserved: ./ip-address.ts), whatever the spelling (`127.1`, `0x7f000001`,
 * `localhost`, a name that resolves to 10.0.0.5). fetch() cannot judge the
 * address it connects to, so this is node:http with a `lookup` of its own.
 * Used by `check --external` (src/check/external-links.ts) and by the build's
 * remote images (src/load/remote-images.ts), each following redirects itself
 * so that every hop is judged again.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { nonPublicKind } from './ip-address.ts';

export interface GuardedRequest {
  method: 'HEAD' | 'GET';
  timeoutMs: number;
  /** Hosts (lower case, `name` or `name:port`) allowed to resolve to addresses that are not public. */
  allowed: ReadonlySet<string>;
  headers?: Record<string, string>;
  /** Read the body, up to this many bytes (more fails the request); without it the body is not read. */
  maxBytes?: number;
  /** Said by a refusal: how to allow the host anyway. */
  allowHint?: string;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body?: Buffer;
}

/** A refusal to connect, with what the address is: never a request to the machine's own network. */
export class Refused extends Error {
  constructor(readonly host: string, readonly address: string, readonly kind: string, hint?: string) {
    super(`refused: ${host} is ${address}, ${kind}${hint ? ` (${hint})` : ''}`);
  }
}

/** The body was longer than the request allowed. */
export class TooLarge extends Error {}

/**
 * Whether a URL's host may be reached: undefined when it may (an allowed host, or one whose every address is
 * public), else the refusal, as guardedRequest would refuse it. For a client that cannot judge the address it
 * connects to itself (Chromium, in `check --browser`): asked before each request is let through.
 */
export async function addressRefusal(url: URL, allowed: ReadonlySet<string>, allowHint?: string): Promise<Refused | undefined> {
  if (isAllowed(url, allowed)) return undefined;
  const written = writtenAddressRefusal(url, allowHint);
  if (written !== false) return written;
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(hostOf(url), { all: true }, (error, found) => resolve(error ? [] : found)));
  return refusalAmong(url, addresses, allowHint);
}

/** A URL's host name without an IPv6 address's brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Whether the host (`name` or `name:port`) is one the caller allows to resolve to addresses that are not public. */
function isAllowed(url: URL, allowed: ReadonlySet<string>): boolean {
  return allowed.has(url.host.toLowerCase()) || allowed.has(hostOf(url).toLowerCase());
}

/**
 * A host written as an address is never looked up: it is judged as written (the URL parser has made 127.1 into
 * 127.0.0.1). The refusal, undefined for a public address, or false for a name (to be judged once looked up).
 */
function writtenAddressRefusal(url: URL, allowHint?: string): Refused | undefined | false {
  const hostname = hostOf(url);
  if (!net.isIP(hostname)) return false;
  const kind = nonPublicKind(hostname);
  return kind ? new Refused(url.host, hostname, kind, allowHint) : undefined;
}

/** Any address that is not public refuses the name: a name that resolves to a public and a private address could connect to either. */
function refusalAmong(url: URL, addresses: readonly LookupAddress[], allowHint?: string): Refused | undefined {
  const refused = addresses.find((entry) => nonPublicKind(entry.address));
  return refused ? new Refused(url.host, refused.address, nonPublicKind(refused.address)!, allowHint) : undefined;
}

/** One request (no redirect followed); the connection is judged by the address it would reach. */
export function guardedRequest(url: URL, options: GuardedRequest): Promise<GuardedResponse> {
  const allowed = isAllowed(url, options.allowed);
  const written = allowed ? undefined : writtenAddressRefusal(url, options.allowHint);
  if (written) return Promise.reject(written);
  const lookup: net.LookupFunction = (name, lookupOptions, callback) => {
    dnsLookup(name, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowed ? undefined : refusalAmong(url, addresses, options.allowHint);
      if (refused) return callback(refused, '', 0);
      if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: options.method, lookup, agent: false, headers: options.headers }, (response) => {
      const answer = { status: response.statusCode ?? 0, headers: response.headers };
      if (options.maxBytes === undefined || options.method === 'HEAD') {
        clearTimeout(timer);
        resolve(answer);
        // The status is all that is needed: the body is not read.
        response.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        length += chunk.length;
        if (length > options.maxBytes!) request.destroy(new TooLarge(`more than ${options.maxBytes} bytes`));
        else chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ ...answer, body: Buffer.concat(chunks) });
      });
    });
    const timer = setTimeout(() => {
      const error = new Error(`timed out after ${options.timeoutMs / 1000} s`);
      error.name = 'TimeoutError';
      request.destroy(error);
    }, options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof Refused || (error as { cause?: unknown }).cause instanceof Refused ? ((error as { cause?: Refused }).cause ?? error) : error);
    });
    request.end();
  });
}
