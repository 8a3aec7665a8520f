/**
 * One static file sent as a static host sends it (the headers sirv sent
 * before: type, length, Last-Modified, a weak ETag with 304s, one byte
 * range), and safe while a build swaps the output under the server: the file
 * is opened first and everything is read from that open file, so a file
 * renamed or removed a moment later is still sent whole, and one gone
 * before it could be opened is answered as if the request came a moment
 * later (`gone`: the caller looks again). A read that fails mid-way ends
 * that one response; it never reaches the process.
 */
import { closeSync, createReadStream, fstatSync, openSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { lookup } from 'mrmime';

/** Sends `file` (an absolute path), or calls `gone` when it is no longer a file. */
export async function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, gone: () => void | Promise<void>): Promise<void> {
  // Opened and stated synchronously, as sirv stated: two calls of microseconds, not two trips through the thread pool.
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch (error) {
    if (isGone(error)) return void await gone();
    throw error;
  }
  let streaming = false;
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return void await gone();
    const etag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
    let type = lookup(path.basename(file)) ?? '';
    if (type === 'text/html') type += ';charset=utf-8';
    const headers: Record<string, string | number> = {
      'Content-Length': stats.size, 'Content-Type': type, 'Last-Modified': stats.mtime.toUTCString(), ETag: etag, 'Cache-Control': 'no-cache',
    };
    // What the server set already (the site's headers for this path) wins over the defaults, as with sirv.
    for (const name of Object.keys(headers)) {
      const set = res.getHeader(name);
      if (set !== undefined) headers[name] = set as string;
    }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304);
      return void res.end();
    }
    let range: { start: number; end: number } | undefined;
    // serve.ts has left at most one satisfiable range (byte-range.ts).
    const asked = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (asked && stats.size > 0) {
      const start = asked[1] ? Number(asked[1]) : 0;
      const end = Math.min(asked[2] ? Number(asked[2]) : stats.size - 1, stats.size - 1);
      if (start <= end) {
        range = { start, end };
        Object.assign(headers, { 'Content-Range': `bytes ${start}-${end}/${stats.size}`, 'Content-Length': end - start + 1, 'Accept-Ranges': 'bytes' });
      }
    }
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === 'HEAD' || stats.size === 0) return void res.end();
    const stream = createReadStream(file, { fd: descriptor, ...range, autoClose: true });
    streaming = true;
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  } finally {
    if (!streaming) closeSync(descriptor);
  }
}

/** Whether an error says the path is no longer a readable file (removed, or a folder now, or its folder swapped away). */
function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}
