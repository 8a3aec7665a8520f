import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { basePathOf, defaultHeaders, staticHeaders } from './static-headers.ts';
import { encodePath, parseRequestPath, resolveStaticFile } from './request-path.ts';
import { liveReload, type LiveReload, type StreamLimits } from './live-reload.ts';
import { isAllowedHost } from './allowed-hosts.ts';
import { logServerError } from './error-log.ts';
import { sendErrorPage } from './error-page.ts';
import { redirectsHome, sendNotFound } from './fallback.ts';
import { redirectFor } from './redirect-rules.ts';
import { readRange } from './byte-range.ts';
import { sendFile } from './send-file.ts';
import { SiteError } from '../errors.ts';
import { recoverOutput } from '../output-recovery.ts';
import type { ErrorReport } from '../report.ts';

/**
 * What `serve` mounts in front of the static files, such as a site's API
 * (the CLI composes the site's endpoints in; this server knows none). It sees
 * each request first, with the checked path in `req.url`, and answers true
 * when it has answered the request; false lets the next handler, then the
 * static files, have it. A handler that throws gets a 500.
 */
export type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean> | boolean;

export interface ServeOptions {
  outDir: string;
  port: number;
  host: string;
  /** Mounted in this order, before the static files. */
  handlers?: readonly RequestHandler[];
  /** Dev mode: files change under the server, and open tabs reload on rebuild. */
  dev?: boolean;
  /** Dev mode: whether a path is a page of the site (its content file exists), built or not. */
  isRoute?: (pathname: string) => boolean;
  /** Dev mode: how often the event streams send a heartbeat, how long each lives, how many are kept (tests shorten them). */
  streams?: Partial<StreamLimits>;
  /** How long a client may take to send a request's headers, and the whole request (tests shorten them). */
  timeouts?: { headersMs: number; requestMs: number };
}

/**
 * The site's requests are small (a page, a form of at most 16 KB): a client
 * that needs longer than this is slow on purpose, holding a connection. Node's
 * defaults (60 s for headers, 300 s for a request) suit uploads, not this.
 */
const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 20_000 };

export interface RunningServer {
  url: string;
  server: http.Server;
  /** Tells open tabs to reload (dev mode). */
  reload(): void;
  /** Tells open tabs to swap their stylesheets in place (dev mode, when only stylesheets changed). */
  reloadStyles(): void;
  /** Dev mode: open tabs show this report over the page, and paths of pages that failed to build answer with it. */
  showErrors(report: ErrorReport): void;
  /** Dev mode: the site builds again; the overlay goes away. */
  clearErrors(): void;
  close(): Promise<void>;
}

/** Serves dist/ (and what the handlers answer); a path that is no file is redirected to `/` or answered 404, as the build's fallback says. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  // A build killed in the middle of its swap left the output aside: put back before the first request.
  recoverOutput(options.outDir);
  const reloader: LiveReload | undefined = options.dev ? liveReload(options.streams) : undefined;
  const handlers: RequestHandler[] = [...(reloader ? [reloader.handle] : []), ...(options.handlers ?? [])];
  // A file a build swapped away between the look-up and the open: said once, then answered quietly as a moment later.
  let toldOfSwap = false;
  const swappedAway = (pathname: string) => {
    if (toldOfSwap || process.env.SITEGEN_QUIET) return;
    toldOfSwap = true;
    console.log(`${pathname} changed while it was asked for (a build replaced ${path.basename(options.outDir)}/): answered with what is there now; said once`);
  };

  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const responses = new WeakMap<Duplex, http.ServerResponse>();
  const server = http.createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // How often Node looks for connections past those limits (30 s by default, longer than the limits themselves).
    connectionsCheckingInterval: Math.min(1000, timeouts.headersMs / 2),
  }, async (req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => logRequest(req, res, started));
    responses.set(req.socket, res);
    // Every answer carries the policy headers, whoever writes it: the API, an error, a 304; pages override them below.
    for (const [name, value] of Object.entries(defaultHeaders(options.outDir))) res.setHeader(name, value);
    try {
      if (options.dev && !isAllowedHost(req.headers.host, options.host)) {
        return sendText(res, 403, `Blocked: the Host ${JSON.stringify(req.headers.host)} is not this dev server's. Open it as localhost or by its address, or start dev with --host NAME for that name.\n`);
      }
      const asked = req.url ?? '';
      const target = parseRequestPath(asked);
      if (!target) return sendText(res, 400, 'Bad request: the path cannot be read\n');
      const base = basePathOf(options.outDir);
      // dev's own endpoints stay at the server's root whatever the base path: its client asks for them by absolute path.
      const inner = pathInside(base, target.pathname) ?? (reloader && target.pathname.startsWith('/__sitegen/') ? target.pathname : undefined);
      // Outside the base path nothing is the site's: send the visitor to its home (what a proxy in front would do).
      if (inner === undefined) return isRead(req) ? redirectTo(res, `${base}/`) : notAllowed(res);
      // Handlers and the file sender all see the one normalised spelling of the path that was checked, inside the base path.
      req.url = encodePath(inner) + target.search;
      for (const handle of handlers) if (await handle(req, res)) return;
      // A build swaps the output folder in with two renames, back to back: a request that falls between them is
      // answered a moment later, from the new folder, not as a path that does not exist.
      let folder = statSync(options.outDir, { throwIfNoEntry: false })?.ino;
      if (folder === undefined) {
        await outputBack(options.outDir);
        folder = statSync(options.outDir, { throwIfNoEntry: false })?.ino;
      }
      const moved = redirectFor(options.outDir, base + inner);
      if (moved) return redirectTo(res, moved.to.includes('?') ? moved.to : moved.to + target.search, moved.status);
      let file = resolveStaticFile(options.outDir, inner, HOST_FILE_NAMES);
      // Not found while a build swapped the folder (it is another one now, or none): looked for again, a moment later.
      if (!file && statSync(options.outDir, { throwIfNoEntry: false })?.ino !== folder) {
        await outputBack(options.outDir);
        file = resolveStaticFile(options.outDir, inner, HOST_FILE_NAMES);
      }
      const failed = reloader?.errors();
      if (!file && failed && isRead(req) && options.isRoute?.(inner)) return sendErrorPage(req, res, inner, failed);
      if (!file) return answerUnknown(req, res, options.outDir, base, inner);
      if (req.method !== 'GET' && req.method !== 'HEAD') return notAllowed(res);
      // A folder's index.html (trailingSlash: always) is the page at /about/: /about goes there, as static hosts send it.
      const slashed = /\/$/.test(asked.replace(/[?#].*$/s, ''));
      if (file.endsWith('/index.html') && inner !== '/' && !slashed) {
        return redirectTo(res, `${base}${encodePath(inner)}/${target.search}`, 301);
      }
      // And the page /about (about.html) has one address: /about/ goes there, as the nginx recipe sends it.
      if (slashed && inner !== '/' && file === `${inner}.html`) {
        return redirectTo(res, `${base}${encodePath(inner)}${target.search}`, 301);
      }
      for (const [name, value] of Object.entries(staticHeaders(options.outDir, base + inner))) res.setHeader(name, value);
      if (req.headers.range !== undefined && !checkRange(req, res, path.join(options.outDir, file))) return;
      // Read from the file as opened: what a build does to the folder after that cannot cut the answer short.
      await sendFile(req, res, path.join(options.outDir, file), async () => {
        swappedAway(inner);
        const again = resolveStaticFile(options.outDir, inner, HOST_FILE_NAMES);
        if (!again) return answerUnknown(req, res, options.outDir, base, inner);
        await sendFile(req, res, path.join(options.outDir, again), () => answerUnknown(req, res, options.outDir, base, inner));
      });
    } catch (error) {
      // A client that hung up (or was timed out) mid-request is not an error of the server.
      if (req.socket.destroyed) return;
      logServerError(error, `${req.method} ${req.url}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"internal error"}');
      } else {
        res.destroy();
      }
    }
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own answer for a malformed or slow request, with the policy headers, unless a response has begun.
    if (!socket.writable || responses.get(socket)?.headersSent) return void socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    socket.end(rawResponse(status, defaultHeaders(options.outDir)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' || error.code === 'EACCES'
      ? new SiteError('bad-flag', error.code === 'EADDRINUSE' ? `port ${options.port} on ${options.host} is taken by another program` : `port ${options.port} on ${options.host} may not be used by this user`, {
        hint: `choose another port with --port, such as --port ${options.port === 0 ? 3001 : Math.min(65535, options.port + 1)}, or stop the program that has it`,
      })
      : error));
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    server,
    reload: () => reloader?.reload(),
    reloadStyles: () => reloader?.reloadStyles(),
    showErrors: (report) => reloader?.showErrors(report),
    clearErrors: () => reloader?.clearErrors(),
    close: () => new Promise((resolve) => {
      reloader?.close();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/**
 * Leaves the file sender one range, or none (see byte-range.ts); answers
 * 416 itself for a range past the end, and says false when it has.
 */
function checkRange(req: http.IncomingMessage, res: http.ServerResponse, file: string): boolean {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    delete req.headers.range;
    return true;
  }
  const answer = req.method === 'GET' ? readRange(req.headers.range, size) : { kind: 'whole' as const };
  if (answer.kind === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${size}`, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Range not satisfiable\n');
    return false;
  }
  // A range that ends at byte 0 is answered whole, as the RFC allows (and as sirv, which served files before, had to).
  if (answer.kind === 'whole' || answer.end === 0) delete req.headers.range;
  else req.headers.range = `bytes=${answer.start}-${answer.end}`;
  return true;
}

/** Waits, up to a quarter of a second, for an output folder that a swap has between its two renames. */
async function outputBack(outDir: string): Promise<void> {
  for (let waited = 0; waited < 250 && !existsSync(outDir); waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
}

function isRead(req: http.IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/**
 * Host configuration files the build writes (the redirects, and the headers integration's header files), in their
 * Netlify and nginx forms: for the host, never for visitors, as a static host keeps them.
 */
export const HOST_FILES: readonly string[] = ['_headers', '_redirects', '_redirects.nginx', '_headers.nginx', '_headers.assets.nginx'];

export const HOST_FILE_NAMES: ReadonlySet<string> = new Set(HOST_FILES);

/** The path inside the site: `/docs/about` → `/about` under the base path /docs; undefined outside it. */
function pathInside(base: string, pathname: string): string | undefined {
  if (!base) return pathname;
  if (pathname === base) return '/';
  return pathname.startsWith(base + '/') ? pathname.slice(base.length) : undefined;
}

/**
 * A path that is no file (`pathname` is inside the base path): sent home, or
 * the not-found page, as the build's fallback says (see fallback.ts).
 */
function answerUnknown(req: http.IncomingMessage, res: http.ServerResponse, outDir: string, base: string, pathname: string): void {
  const home = `${base}/`;
  for (const [name, value] of Object.entries(staticHeaders(outDir, home))) res.setHeader(name, value);
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return notAllowed(res);
  if (!redirectsHome(outDir) && existsSync(path.join(outDir, 'index.html'))) return sendNotFound(req, res, outDir, base);
  // With no home page (nothing built yet), a redirect to / would loop.
  if (pathname === '/') {
    res.writeHead(404, { 'cache-control': 'no-cache', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not built yet: run `sitegen build`\n');
    return;
  }
  redirectTo(res, home);
}

function redirectTo(res: http.ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'cache-control': 'no-cache', 'content-type': 'text/plain; charset=utf-8' });
  res.end(`Redirecting to ${location}\n`);
}

function notAllowed(res: http.ServerResponse): void {
  sendText(res, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
}

function sendText(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** A whole HTTP/1.1 answer as bytes, for a socket the HTTP parser has given up on. */
function rawResponse(status: number, headers: Record<string, string>): string {
  const lines = [`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`, 'Connection: close', 'Content-Length: 0', 'Cache-Control: no-store'];
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== 'cache-control') lines.push(`${name}: ${value}`);
  return lines.join('\r\n') + '\r\n\r\n';
}

function logRequest(req: http.IncomingMessage, res: http.ServerResponse, started: bigint): void {
  if (process.env.SITEGEN_QUIET) return;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${req.method} ${req.url} ${res.statusCode} ${ms.toFixed(1)} ms`);
}
