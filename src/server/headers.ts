import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { headersFor, parseHeadersFile, type HeaderRule } from '../headers.ts';

let cached: { file: string; mtimeMs: number; rules: HeaderRule[] } | undefined;

/** The headers the build wrote to dist/_headers for this path (re-read when a rebuild replaces it). */
export function staticHeaders(outDir: string, pathname: string): Record<string, string> {
  return headersFor(rulesOf(outDir), pathname);
}

export function rulesOf(outDir: string): HeaderRule[] {
  const file = path.join(outDir, '_headers');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (!cached || cached.file !== file || cached.mtimeMs !== mtimeMs) {
    cached = { file, mtimeMs, rules: parseHeadersFile(readFileSync(file, 'utf8')) };
  }
  return cached.rules;
}
