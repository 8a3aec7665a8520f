/**
 * The build's redirects as `sitegen serve` and `dev` answer them: the exact
 * rules of dist/_redirects (emit/redirects.ts writes them), read again when
 * the file changes, since a rebuild swaps dist/ under a running server.
 * The catch-all of the fallback is fallback.ts's.
 */
import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RedirectRule {
  to: string;
  status: number;
}

const cache = new Map<string, { stamp: string; rules: Map<string, RedirectRule> }>();

/** The rule for a path (as asked, base path included), if the build wrote one. */
export function redirectFor(outDir: string, pathname: string): RedirectRule | undefined {
  return rulesOf(outDir).get(pathname);
}

function rulesOf(outDir: string): Map<string, RedirectRule> {
  const file = path.join(outDir, '_redirects');
  let stamp: string;
  try {
    const info = statSync(file);
    stamp = `${info.mtimeMs} ${info.size} ${info.ino}`;
  } catch {
    return new Map();
  }
  const known = cache.get(file);
  if (known?.stamp === stamp) return known.rules;
  const rules = new Map<string, RedirectRule>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return new Map(); // gone since the stat: a build swapped the folder
  }
  for (const line of text.split('\n')) {
    const [from, to, code] = line.trim().split(/\s+/);
    // Comments, blank lines and the fallback's splat (`/*`) are not exact rules.
    if (!from || !to || from.startsWith('#') || from.includes('*')) continue;
    // The build refuses these; a hand-edited file is not followed to another host (`//evil.example`) either.
    if (/^\/[/\\]/.test(to) || /^\/[/\\]/.test(from)) continue;
    const status = Number.parseInt(code ?? '301', 10);
    if (!rules.has(from) && [301, 302, 307, 308].includes(status)) rules.set(from, { to, status });
  }
  cache.set(file, { stamp, rules });
  return rules;
}
