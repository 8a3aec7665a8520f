/**
 * What `sitegen serve` answers for a path that is no file: what a static host
 * does with the same dist/. The build's `_redirects` catch-all (fallback
 * `redirect`, the default) sends it to `/`; without one (fallback
 * `not-found`) it gets 404.html with status 404, pages and assets alike, as
 * Netlify, Cloudflare Pages and GitHub Pages answer.
 */
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { staticHeaders } from './static-headers.ts';

/** Whether the build's _redirects sends every unknown path home (read on each miss: a rebuild may change it). */
export function redirectsHome(outDir: string): boolean {
  let rules: string;
  try {
    rules = readFileSync(path.join(outDir, '_redirects'), 'utf8');
  } catch {
    return false;
  }
  // `/*  /  302`, or `/docs/*  /docs/  302` under a base path.
  return rules.split('\n').some((line) => /^(\S*)\/\*\s+\1\/\s+30[12]\b/.test(line.trim()));
}

/** The not-found page with status 404; a plain text one when the build has no 404.html. */
export function sendNotFound(req: http.IncomingMessage, res: http.ServerResponse, outDir: string, basePath: string): void {
  let page: Buffer | undefined;
  try {
    page = readFileSync(path.join(outDir, '404.html'));
  } catch {
    page = undefined;
  }
  // The page's own headers (its CSP allows its inline scripts); never cached, so a later deploy of the path shows.
  for (const [name, value] of Object.entries(staticHeaders(outDir, `${basePath}/404`))) res.setHeader(name, value);
  const body = page ?? Buffer.from('Not found\n');
  res.writeHead(404, {
    'content-type': page ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
