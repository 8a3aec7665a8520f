/**
 * Dev only: the event stream that drives open tabs, and the client script
 * every dev page loads (src/client/dev-client.ts, bundled on first request).
 * Events: `reload` after a rebuild that wrote files (`styles` when only
 * stylesheets changed: the tab swaps them in place); `build-error` with the
 * report the terminal printed, while the site is broken (also sent to a tab
 * that connects then); `build-ok` once it builds again.
 */
import type http from 'node:http';
import path from 'node:path';
import { loadEsbuild } from '../esbuild.ts';
import { SITEGEN_DIR } from '../paths.ts';
import type { ErrorReport } from '../report.ts';
import { OVERLAY_CSS } from '../client/dev-overlay-style.ts';

export const DEV_CLIENT_URL = '/__sitegen/reload.js';

export interface LiveReload {
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean | Promise<boolean>;
  reload(): void;
  /** Only stylesheets changed: open tabs swap them in place, keeping their scroll and state. */
  reloadStyles(): void;
  /** The site is broken: open tabs show this report, and tabs opened later too, until `clearErrors`. */
  showErrors(report: ErrorReport): void;
  clearErrors(): void;
  /** The report open tabs show now, if the site is broken. */
  errors(): ErrorReport | undefined;
  close(): void;
}

/** What keeps dev's event streams from piling up: a heartbeat that finds clients gone, a lifetime, a count. */
export interface StreamLimits {
  /** A comment line this often: a write to a client that is gone fails, and the stream is dropped. */
  heartbeatMs: number;
  /** Each stream is closed after this long; the browser's EventSource connects again by itself. */
  maxAgeMs: number;
  /** Open streams kept at most; past it the oldest is closed (a tab reconnects; a flood of them does not pile up). */
  maxStreams: number;
}

const DEFAULT_LIMITS: StreamLimits = { heartbeatMs: 15_000, maxAgeMs: 5 * 60_000, maxStreams: 64 };

export function liveReload(limits: Partial<StreamLimits> = {}): LiveReload {
  const { heartbeatMs, maxAgeMs, maxStreams } = { ...DEFAULT_LIMITS, ...limits };
  // In the order they connected, so the oldest is first.
  const clients = new Set<http.ServerResponse>();
  let current: ErrorReport | undefined;
  let client: Promise<string> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const send = (target: http.ServerResponse, event: string, data: string) => target.write(`event: ${event}\ndata: ${data}\n\n`);
  const broadcast = (event: string, data: string) => {
    for (const target of clients) send(target, event, data);
  };
  const drop = (target: http.ServerResponse) => {
    clients.delete(target);
    if (clients.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };
  const open = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    // `retry` tells the browser how soon to connect again when the stream is closed at its age.
    res.write(': connected\nretry: 1000\n\n');
    if (current) send(res, 'build-error', JSON.stringify(current));
    clients.add(res);
    if (clients.size > maxStreams) clients.values().next().value?.end();
    const age = setTimeout(() => res.end(), maxAgeMs).unref();
    res.on('close', () => {
      clearTimeout(age);
      drop(res);
    });
    req.on('close', () => drop(res));
    heartbeat ??= setInterval(() => {
      for (const target of clients) target.write(': ping\n\n');
    }, heartbeatMs).unref();
  };
  return {
    async handle(req, res) {
      const url = req.url ?? '/';
      if (url === DEV_CLIENT_URL) {
        // A failed bundle is tried again on the next request rather than kept.
        const script = await (client ??= bundleClient().catch((error: unknown) => { client = undefined; throw error; }));
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(script);
        return true;
      }
      if (url === '/__sitegen/overlay.css') {
        res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(OVERLAY_CSS);
        return true;
      }
      if (url === '/__sitegen/events') {
        open(req, res);
        return true;
      }
      return false;
    },
    reload() {
      broadcast('reload', 'now');
    },
    reloadStyles() {
      broadcast('styles', 'now');
    },
    showErrors(report) {
      current = report;
      // JSON keeps the report on one `data:` line whatever newlines its text holds.
      broadcast('build-error', JSON.stringify(report));
    },
    clearErrors() {
      if (!current) return;
      current = undefined;
      broadcast('build-ok', 'now');
    },
    errors: () => current,
    close() {
      for (const target of clients) target.end();
      clients.clear();
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}

/** The client as one small ES module (it is dev's own code, so it is bundled when first asked for, not at build time). */
async function bundleClient(): Promise<string> {
  const result = await (await loadEsbuild()).build({
    entryPoints: [path.join(SITEGEN_DIR, 'src', 'client', 'dev-client.ts')],
    bundle: true, write: false, format: 'esm', target: 'es2022', logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
