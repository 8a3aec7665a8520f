/**
 * Dev only: the event stream that drives open tabs, and the client script
 * every dev page loads (src/client/dev-client.ts, bundled on first request).
 * Events: `reload` after a rebuild that wrote files; `build-error` with the
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
  /** The site is broken: open tabs show this report, and tabs opened later too, until `clearErrors`. */
  showErrors(report: ErrorReport): void;
  clearErrors(): void;
  /** The report open tabs show now, if the site is broken. */
  errors(): ErrorReport | undefined;
  close(): void;
}

export function liveReload(): LiveReload {
  const clients = new Set<http.ServerResponse>();
  let current: ErrorReport | undefined;
  let client: Promise<string> | undefined;
  const send = (target: http.ServerResponse, event: string, data: string) => target.write(`event: ${event}\ndata: ${data}\n\n`);
  const broadcast = (event: string, data: string) => {
    for (const target of clients) send(target, event, data);
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
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        res.write(': connected\n\n');
        if (current) send(res, 'build-error', JSON.stringify(current));
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      }
      return false;
    },
    reload() {
      broadcast('reload', 'now');
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
