import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { headersFor, parseHeadersFile, type HeaderRule } from '../emit/security-headers.ts';

let cached: { file: string; mtimeMs: number; rules: HeaderRule[] } | undefined;

/** The headers the build wrote to dist/_headers for this path (re-read when a rebuild replaces it). */
export function staticHeaders(outDir: string, pathname: string): Record<string, string> {
  return headersFor(rulesOf(outDir), pathname);
}

/**
 * What every answer carries before a handler adds its own: the build's
 * policy headers for `/`, with a Content-Security-Policy that allows nothing
 * (an API reply, an error or a 304 has no business running anything) and
 * resources readable by this origin only. A page's answer replaces these
 * with its own (staticHeaders).
 */
export function defaultHeaders(outDir: string): Readonly<Record<string, string>> {
  const rules = rulesOf(outDir);
  let headers = defaults.get(rules);
  if (!headers) {
    headers = { ...headersFor(rules, `${basePathIn(rules)}/`), ...LOCKED_DOWN };
    defaults.set(rules, headers);
  }
  return headers;
}

/** defaultHeaders of each set of rules, made once: every request of a server asks for them. */
const defaults = new WeakMap<readonly HeaderRule[], Readonly<Record<string, string>>>();

/**
 * The path the build put the site under (`basePath`), read from its first
 * header rule (`/docs/*`, or `/*` at the root): the server follows the files
 * the build wrote for hosts, so the two cannot disagree.
 */
export function basePathOf(outDir: string): string {
  return basePathIn(rulesOf(outDir));
}

function basePathIn(rules: readonly HeaderRule[]): string {
  return rules[0]?.pattern.replace(/\/\*$/, '') ?? '';
}

const LOCKED_DOWN: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** The rules of a folder without _headers: one array, so that what is made of it is made once. */
const NO_RULES: HeaderRule[] = [];

export function rulesOf(outDir: string): HeaderRule[] {
  const file = path.join(outDir, '_headers');
  let mtimeMs: number | undefined;
  try {
    // Asked up to three times a request: a folder without the file (a test's, a bench's) costs no thrown error.
    mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  } catch {
    return NO_RULES;
  }
  if (mtimeMs === undefined) return NO_RULES;
  if (!cached || cached.file !== file || cached.mtimeMs !== mtimeMs) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // Gone since the stat (a build swapped the folder): the last rules read, else none, until it is there again.
      return cached?.file === file ? cached.rules : NO_RULES;
    }
    cached = { file, mtimeMs, rules: parseHeadersFile(text) };
  }
  return cached.rules;
}
