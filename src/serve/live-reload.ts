import type http from 'node:http';

export interface LiveReload {
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  reload(): void;
  close(): void;
}

// An EventSource client: one small external file, so the CSP needs no inline script.
// Connected, it marks <html data-sitegen-dev="connected"> (tests wait for it before saving a file).
const CLIENT = `const events = new EventSource('/__sitegen/events');
events.addEventListener('open', () => { document.documentElement.dataset.sitegenDev = 'connected'; });
events.addEventListener('reload', () => location.reload());
`;

/** Dev only: a script that reloads the tab, injected into every HTML page, and the event stream that triggers it. */
export function liveReload(): LiveReload {
  const clients = new Set<http.ServerResponse>();
  return {
    handle(req, res) {
      const url = req.url ?? '/';
      if (url === '/__sitegen/reload.js') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(CLIENT);
        return true;
      }
      if (url === '/__sitegen/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        res.write(': connected\n\n');
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      }
      return false;
    },
    reload() {
      for (const client of clients) client.write('event: reload\ndata: now\n\n');
    },
    close() {
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}
