import { errorDocsLink, type ErrorCode } from './error-codes.ts';
import { GENERATED_PAGES, generatedPageOf } from './generated-pages.ts';
import { printable } from './escape.ts';

/** Where in a source file something went wrong (1-based line and column). */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Who has to act on an error. `content`: the editor (a content file, a bad
 * flag), shown with its location and a code frame, no stack. `template`: the
 * site's developer (a template that threw), shown at the template's line
 * with its stack, saying it is not the editor's fault. `integration`: an
 * integration of sitegen.config.ts (its options, or a hook that threw), at
 * its own source line, with its stack. Anything else is sitegen's.
 */
export type ErrorOrigin = 'content' | 'template' | 'integration';

/**
 * The one error class of sitegen for errors someone can fix; anything else is
 * an internal error of sitegen and keeps its stack.
 */
export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly origin: ErrorOrigin;
  readonly location?: SourceLocation;
  readonly field?: string;
  readonly hint?: string;
  /** Where the code is explained, when it is not the generator's catalogue (docs/errors.md): a site's own errors say where theirs are. */
  readonly docs?: string;

  constructor(
    code: ErrorCode,
    message: string,
    options: { location?: SourceLocation; field?: string; hint?: string; cause?: unknown; origin?: ErrorOrigin; stack?: string; docs?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'SiteError';
    this.code = code;
    this.origin = options.origin ?? 'content';
    this.location = options.location;
    this.field = options.field;
    this.hint = options.hint;
    this.docs = options.docs;
    if (options.stack) this.stack = options.stack;
  }
}

/** Several user errors found in one pass; a build reports all of them together. */
export class SiteErrors extends Error {
  readonly errors: SiteError[];

  constructor(errors: SiteError[]) {
    const merged = mergeRepeatedRenders(errors.map(fromCode));
    super(`${summary(merged)}; nothing was written.`);
    this.name = 'SiteErrors';
    this.errors = merged;
  }
}

/**
 * An error in a page an integration made from code (its `pages` hook) is
 * that integration's: told at the file it wrote, with its name.
 */
function fromCode(error: SiteError): SiteError {
  const generated = error.location && generatedPageOf(error.location.file);
  if (!generated) return error;
  return new SiteError(error.code, error.message, {
    location: { ...error.location!, file: `${GENERATED_PAGES}/${generated.integration}/${generated.inside}` }, field: error.field, origin: 'integration', docs: error.docs,
    hint: `the page comes from the integration ${generated.integration} (its pages hook, in sitegen.config.ts): change what it makes${error.hint ? `; ${error.hint}` : ''}`,
  });
}

/** `a, b, c and 2 more`. */
function listed(items: readonly string[]): string {
  return items.slice(0, 3).join(', ') + (items.length > 3 ? ` and ${items.length - 3} more` : '');
}

const RENDER_FAILED = /^rendering (\S+) failed: ([\s\S]*)$/;

/**
 * One template fault breaks every page it renders: told once, with the
 * pages it broke counted, rather than once a page with the same lines and
 * stack (nine times for nine posts). Faults are the same when the template
 * throws the same message at the same place.
 */
function mergeRepeatedRenders(errors: SiteError[]): SiteError[] {
  // The first error of each fault stands for the group; the others only add their page and content file.
  const groups = new Map<string, { first: SiteError; cause: string; routes: string[]; files: string[] }>();
  const out: (SiteError | { group: string })[] = [];
  for (const error of errors) {
    const parts = error.code === 'template' ? RENDER_FAILED.exec(error.message) : null;
    if (!parts) {
      out.push(error);
      continue;
    }
    const key = `${error.location?.file}:${error.location?.line}:${error.location?.column} ${parts[2]}`;
    const file = /not in (\S+):/.exec(error.hint ?? '')?.[1];
    const group = groups.get(key);
    if (group) {
      group.routes.push(parts[1]);
      if (file) group.files.push(file);
      continue;
    }
    groups.set(key, { first: error, cause: parts[2], routes: [parts[1]], files: file ? [file] : [] });
    out.push({ group: key });
  }
  return out.map((entry) => {
    if (entry instanceof SiteError) return entry;
    const { first, cause, routes, files } = groups.get(entry.group)!;
    if (routes.length === 1) return first;
    return new SiteError(first.code, `rendering failed on ${routes.length} pages (${listed(routes)}): ${cause}`, {
      location: first.location, field: first.field, origin: first.origin, stack: first.stack, docs: first.docs,
      hint: first.hint?.replace(/renders \S+\), not in \S+:/, `renders each of them), not in ${listed(files)}:`),
    });
  });
}

/** `2 errors in the content and 1 in the templates`; integrations' errors are counted as theirs. */
function summary(errors: readonly SiteError[]): string {
  const content = errors.filter((error) => error.origin === 'content').length;
  const integrations = errors.filter((error) => error.origin === 'integration').length;
  const groups = ([[content, 'content'], [errors.length - content - integrations, 'templates'], [integrations, 'integrations']] as const).filter(([n]) => n > 0);
  const [first, ...rest] = groups.length > 0 ? groups : [[0, 'content'] as const];
  const parts = [`${first[0]} error${first[0] === 1 ? '' : 's'} in the ${first[1]}`, ...rest.map(([n, where]) => `${n} in the ${where}`)];
  return parts.length === 3 ? `${parts[0]}, ${parts[1]} and ${parts[2]}` : parts.join(' and ');
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
    // A line of the file as text a terminal only shows: an escape or a control character in it is written out.
    out.push(`${marker} ${String(n).padStart(width)} | ${printable(lines[n - 1] ?? '', '\t')}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

/** One user error as an editor reads it: where, what, the lines around it, what to do. */
export function formatSiteError(error: SiteError, sources: ReadonlyMap<string, string> = new Map()): string {
  const where = error.location
    ? [error.location.file, error.location.line, error.location.column].filter((part) => part !== undefined).join(':')
    : '';
  // The code and where the catalogue explains it end the first line, so an error told in one line stays one line.
  const parts = [`${where ? where + ': ' : ''}${error.field ? `${error.field}: ` : ''}${error.message} [${error.code}] see ${error.docs ?? errorDocsLink(error.code)}`];
  const source = error.location ? sources.get(error.location.file) : undefined;
  if (source !== undefined && error.location?.line) parts.push(codeFrame(source, error.location.line, error.location.column));
  if (error.hint) parts.push(`hint: ${error.hint}`);
  // A template's stack, and an integration's when a hook of it threw (a wrong option has none worth showing).
  if ((error.origin === 'template' || (error.origin === 'integration' && error.cause !== undefined)) && error.stack) parts.push(siteFrames(error.stack, error.origin === 'template' ? 'React and sitegen' : 'sitegen'));
  return parts.join('\n');
}

/**
 * A template's stack with only the frames in the site's own files (the
 * templates, source-mapped): React's and sitegen's frames, minified and the
 * same for every fault, are counted, not listed.
 */
function siteFrames(stack: string, others: string): string {
  const lines = stack.split('\n');
  const frames = lines.filter((line) => /^\s+at /.test(line));
  const own = frames.filter((line) => !/node_modules|[/\\]\.sitegen[/\\]|[/\\]src[/\\](render|pipeline)[/\\]|node:internal/.test(line));
  const left = frames.length - own.length;
  return [...lines.filter((line) => !/^\s+at /.test(line)), ...own, ...(left > 0 ? [`    … ${left} more frame${left === 1 ? '' : 's'} in ${others}`] : [])].join('\n');
}

/** An error as it crosses a thread: SiteError's fields, rebuilt on the other side. */
export interface ErrorRecord {
  code: ErrorCode;
  origin: ErrorOrigin;
  message: string;
  location?: SiteError['location'];
  field?: string;
  hint?: string;
  stack?: string;
}

export function toRecord(error: SiteError): ErrorRecord {
  return {
    code: error.code, origin: error.origin, message: error.message, location: error.location, field: error.field, hint: error.hint,
    stack: error.origin === 'template' || error.origin === 'integration' ? error.stack : undefined,
  };
}

export function fromRecord(record: ErrorRecord): SiteError {
  const { code, message, ...options } = record;
  return new SiteError(code, message, options);
}
