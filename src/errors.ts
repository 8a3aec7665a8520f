/** Where in a source file something went wrong (1-based line and column). */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/**
 * The one error class of sitegen. A user error (bad content, a missing asset,
 * a bad flag) prints its location and a code frame without a stack; anything
 * else is an internal error and keeps its stack.
 */
export class SiteError extends Error {
  readonly code: string;
  readonly location?: SourceLocation;
  readonly field?: string;
  readonly hint?: string;

  constructor(
    code: string,
    message: string,
    options: { location?: SourceLocation; field?: string; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'SiteError';
    this.code = code;
    this.location = options.location;
    this.field = options.field;
    this.hint = options.hint;
  }
}

/** Several user errors found in one pass; a build reports all of them together. */
export class SiteErrors extends Error {
  readonly errors: SiteError[];

  constructor(errors: SiteError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'} in the content; nothing was written.`);
    this.name = 'SiteErrors';
    this.errors = errors;
  }
}

/** Throws a SiteErrors when the list is not empty. */
export function throwIfAny(errors: SiteError[]): void {
  if (errors.length > 0) throw new SiteErrors(errors);
}

/** The lines around a location, with a caret under the column. */
export function codeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

/** One user error as an editor reads it: where, what, the lines around it, what to do. */
export function formatSiteError(error: SiteError, sources: ReadonlyMap<string, string> = new Map()): string {
  const where = error.location
    ? [error.location.file, error.location.line, error.location.column].filter((part) => part !== undefined).join(':')
    : '';
  const parts = [`${where ? where + ': ' : ''}${error.field ? `${error.field}: ` : ''}${error.message} [${error.code}]`];
  const source = error.location ? sources.get(error.location.file) : undefined;
  if (source !== undefined && error.location?.line) parts.push(codeFrame(source, error.location.line, error.location.column));
  if (error.hint) parts.push(`hint: ${error.hint}`);
  return parts.join('\n');
}

/** An error as it crosses a thread: SiteError's fields, rebuilt on the other side. */
export interface ErrorRecord {
  code: string;
  message: string;
  location?: SiteError['location'];
  field?: string;
  hint?: string;
  stack?: string;
}

export function toRecord(error: SiteError): ErrorRecord {
  const internal = error.code === 'render' || error.code === 'unreadable';
  return {
    code: error.code, message: error.message, location: error.location, field: error.field, hint: error.hint,
    stack: internal ? (error.cause as Error | undefined)?.stack : undefined,
  };
}

export function fromRecord(record: ErrorRecord): SiteError {
  const error = new SiteError(record.code, record.message, { location: record.location, field: record.field, hint: record.hint });
  if (record.stack) error.stack = record.stack;
  return error;
}
