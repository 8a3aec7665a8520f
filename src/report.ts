import { readFileSync } from 'node:fs';
import { checkSiteFile } from './site-reader.ts';
import path from 'node:path';
import { SiteError, SiteErrors, formatSiteError } from './errors.ts';
import { style } from './terminal.ts';
import { errorDocsLink } from './error-codes.ts';

/**
 * An error as the terminal shows it, as plain text: one entry per error
 * (its location, message, code frame and hint, or an internal error's stack)
 * and the summary line under them. The terminal prints it with colour; the
 * browser overlay of `sitegen dev` shows the same text.
 */
export interface ErrorReport {
  errors: { label: 'error' | 'internal error'; text: string }[];
  /** `2 errors in the content; nothing was written.` when there are several. */
  summary?: string;
}

export function describeError(error: unknown, root: string): ErrorReport {
  if (error instanceof SiteErrors) {
    const sources = readSources(error.errors, root);
    return { errors: error.errors.map((item) => ({ label: 'error', text: formatSiteError(item, sources) })), summary: error.message };
  }
  if (error instanceof SiteError) return { errors: [{ label: 'error', text: formatSiteError(error, readSources([error], root)) }] };
  const stack = (error as Error)?.stack ?? String(error);
  return { errors: [{ label: 'internal error', text: `${stack}\nthis is a bug of sitegen, not of the site: see ${errorDocsLink('internal')}` }] };
}

/** A failed command's error as `--json` prints it (docs/dev-and-errors.md gives its shape). */
export interface ErrorDocument {
  ok: false;
  summary: string;
  errors: {
    code: string; origin: string; message: string;
    file?: string; line?: number; column?: number; field?: string; hint?: string; stack?: string;
  }[];
}

export function errorDocument(error: unknown): ErrorDocument {
  const errors = error instanceof SiteErrors ? error.errors : error instanceof SiteError ? [error] : undefined;
  if (!errors) {
    const cause = error instanceof Error ? error : new Error(String(error));
    return { ok: false, summary: `internal error: ${cause.message}`, errors: [{ code: 'internal', origin: 'sitegen', message: cause.message, stack: cause.stack }] };
  }
  return {
    ok: false,
    summary: error instanceof SiteErrors ? error.message : errors[0].message,
    errors: errors.map((item) => ({
      code: item.code, origin: item.origin, message: item.message,
      file: item.location?.file, line: item.location?.line, column: item.location?.column, field: item.field, hint: item.hint,
      stack: item.origin === 'template' ? item.stack : undefined,
    })),
  };
}

/**
 * Prints an error on stderr: user errors with their location and the lines
 * around it (read from the site root), anything else with its stack. The
 * CLI uses it when a command fails, and `sitegen dev` when a rebuild does.
 */
export function printError(error: unknown, root: string): void {
  const report = describeError(error, root);
  // Several errors are separated by a blank line, with the summary under them.
  const gap = report.summary === undefined ? '' : '\n';
  for (const item of report.errors) console.error(style('red', `${item.label}${item.label === 'error' ? ' ' : ': '}`) + item.text + gap);
  if (report.summary !== undefined) console.error(style('red', report.summary));
}

function readSources(errors: SiteError[], root: string): Map<string, string> {
  const sources = new Map<string, string>();
  for (const error of errors) {
    const file = error.location?.file;
    if (!file || sources.has(file)) continue;
    // A link out of content/ or public/ is never opened: a code frame would print a line of what it points at.
    if (checkSiteFile(root, file)) continue;
    try {
      sources.set(file, readFileSync(path.resolve(root, file), 'utf8'));
    } catch {
      // No frame for a file that cannot be read; the location still says where.
    }
  }
  return sources;
}
