import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { staticHeaders } from './headers.ts';
import { liveReload, type LiveReload } from './live-reload.ts';
import type { ApiOptions } from './api.ts';

export interface ServeOptions {
  root: string;
  outDir: string;
  port: number;
  host: string;
  /** Mount the reference API (contact, demo and login) on the same origin. */
  api: boolean;
  /** Rate limits of the reference API (tests and the load bench raise or lower them). */
  apiOptions?: ApiOptions;
  /** Dev mode: files change under the server, and open tabs reload on rebuild. */
  dev?: boolean;
}

export interface RunningServer {
  url: string;
  server: http.Server;
  /** Tells open tabs to reload (dev mode). */
  reload(): void;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean> | boolean;

/** Serves dist/ (and the API); every path that is no file is redirected to `/`. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const reloader: LiveReload | undefined = options.dev ? liveReload() : undefined;
  const handlers: Handler[] = [];
  if (reloader) handlers.push(reloader.handle);
  if (options.api) {
    const { createApi } = await import('./api.ts');
    handlers.push(await createApi(options.root, options.apiOptions));
  }
  const files = sirv(options.outDir, {
    // Read the folder on each request: a rebuild swaps dist/ under a running server.
    dev: true,
    etag: true,
    extensions: ['html'],
    dotfiles: false,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(staticHeaders(options.outDir, pathname))) res.setHeader(name, value);
    },
  });

  const server = http.createServer(async (req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => logRequest(req, res, started));
    try {
      for (const handle of handlers) if (await handle(req, res)) return;
      const notFound = () => redirectHome(req, res, options.outDir);
      // Host configuration files are for the host, not for visitors.
      if (HOST_FILES.test(req.url ?? '')) return notFound();
      files(req, res, notFound);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"internal error"}');
      } else {
        res.destroy();
      }
    }
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    server,
    reload: () => reloader?.reload(),
    close: () => new Promise((resolve) => {
      reloader?.close();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

const HOST_FILES = /^\/(_headers|_redirects)(\?|$)/;

function redirectHome(req: http.IncomingMessage, res: http.ServerResponse, outDir: string): void {
  for (const [name, value] of Object.entries(staticHeaders(outDir, '/'))) res.setHeader(name, value);
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return;
  }
  // With no home page (nothing built yet), a redirect to / would loop.
  if (new URL(req.url ?? '/', 'http://localhost').pathname === '/') {
    res.writeHead(404, { 'cache-control': 'no-cache', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not built yet: run `sitegen build`\n');
    return;
  }
  res.writeHead(302, { location: '/', 'cache-control': 'no-cache', 'content-type': 'text/plain; charset=utf-8' });
  res.end('Redirecting to /\n');
}

function logRequest(req: http.IncomingMessage, res: http.ServerResponse, started: bigint): void {
  if (process.env.SITEGEN_QUIET) return;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`${req.method} ${req.url} ${res.statusCode} ${ms.toFixed(1)} ms`);
}
