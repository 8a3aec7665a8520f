import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isPublished } from '../site-reader.ts';

/** A request target in the one form every handler sees: decoded, normalised, re-encoded. */
export interface RequestPath {
  /** Decoded and normalised: no `//`, no `.` or `..` segments, no trailing slash (except `/`). */
  pathname: string;
  /** The query string with its `?`, or ''. */
  search: string;
  /** `pathname` encoded again, plus `search`: what the request's URL becomes. */
  url: string;
}

/**
 * Parses a request's target. `//evil.com` is a path here, not a host, and
 * `%2F`, `%5F`, `//` and `..` are resolved before anything looks at the path,
 * so that no spelling reaches a file a plain one would not. Undefined for a
 * target that is not an absolute path as RFC 3986 spells one (absolute form,
 * a raw `[` or space, bad percent-encoding, a NUL): the caller answers 400.
 */
export function parseRequestPath(target: string | undefined): RequestPath | undefined {
  if (!target?.startsWith('/')) return undefined;
  const queryAt = target.search(/[?#]/);
  const rawPath = queryAt < 0 ? target : target.slice(0, queryAt);
  if (!PATH_CHARACTERS.test(rawPath)) return undefined;
  const search = queryAt < 0 || target[queryAt] === '#' ? '' : target.slice(queryAt).replace(/#.*$/, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const normalised = path.posix.normalize(decoded);
  const pathname = normalised.length > 1 && normalised.endsWith('/') ? normalised.slice(0, -1) : normalised;
  return { pathname, search, url: encodePath(pathname) + search };
}

/** A decoded path written back into a URL: encoded, with `?` and `#` kept in the path rather than starting a query or a fragment. */
export function encodePath(pathname: string): string {
  return encodeURI(pathname).replace(/\?/g, '%3F').replace(/#/g, '%23');
}

/** RFC 3986 `path-absolute`: unreserved, sub-delims, `:`, `@`, `/` and percent-escapes (checked when decoded). */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

/**
 * The file under `outDir` that a path names, tried as a static host does:
 * the path itself, NAME.html, NAME/index.html (the order of static hosts). Undefined when
 * there is none, when the path is not published (a dotfile, a host file such
 * as `_headers`), or when the file's real path is outside `outDir`: a link in
 * the output must never serve a file from elsewhere on the machine.
 */
export function resolveStaticFile(outDir: string, pathname: string, hostFiles: ReadonlySet<string>): string | undefined {
  if (!isPublished(pathname) || hostFiles.has(pathname.split('/')[1])) return undefined;
  const base = pathname === '/' ? '' : pathname;
  const candidates = base ? [base, `${base}/index`, `${base}.html`, `${base}/index.html`] : ['/index', '/index.html'];
  let realRoot: string;
  try {
    realRoot = realpathSync(outDir);
  } catch {
    return undefined;
  }
  for (const candidate of candidates) {
    const file = path.join(outDir, candidate);
    let real: string;
    try {
      real = realpathSync(file);
      if (statSync(real).isDirectory()) continue;
    } catch {
      // Not there, or gone between two looks (a build swapped the folder): the next spelling, as if asked a moment later.
      continue;
    }
    return real.startsWith(realRoot + path.sep) ? candidate : undefined;
  }
  return undefined;
}
