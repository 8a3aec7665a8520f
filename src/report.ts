import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SiteError, SiteErrors, formatSiteError } from './errors.ts';
import { style } from './terminal.ts';

/**
 * Prints an error on stderr: user errors with their location and the lines
 * around it (read from the site root), anything else with its stack. The
 * CLI uses it when a command fails, and `sitegen dev` when a rebuild does.
 */
export function printError(error: unknown, root: string): void {
  if (error instanceof SiteErrors) {
    const sources = readSources(error.errors, root);
    for (const item of error.errors) console.error(style('red', 'error ') + formatSiteError(item, sources) + '\n');
    console.error(style('red', error.message));
  } else if (error instanceof SiteError) {
    console.error(style('red', 'error ') + formatSiteError(error, readSources([error], root)));
  } else {
    console.error(style('red', 'internal error: ') + ((error as Error)?.stack ?? String(error)));
  }
}

function readSources(errors: SiteError[], root: string): Map<string, string> {
  const sources = new Map<string, string>();
  for (const error of errors) {
    const file = error.location?.file;
    if (!file || sources.has(file)) continue;
    try {
      sources.set(file, readFileSync(path.resolve(root, file), 'utf8'));
    } catch {
      // No frame for a file that cannot be read; the location still says where.
    }
  }
  return sources;
}
