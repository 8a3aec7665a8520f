/**
 * Content errors in an editor's words: the file, line and column (found
 * lazily by the document's locator, only when an error needs them), the field
 * path, and what was expected.
 */
import { z, type ZodType } from 'zod';
import { SiteError } from '../errors.ts';
import { fieldError, formatPath } from '../field-error.ts';

export { fieldError, formatPath };
import type { RawDoc, SiteTemplates } from '../model.ts';
import type { ValidationNotes, ValidationScope } from '../template-api/scope.ts';
import { closest } from '../did-you-mean.ts';
import { keysAt } from './schema-keys.ts';

/**
 * `check` run inside the templates' validation scope, so that their schema helpers (link(), image() …) see the
 * site's routes and files; what the helpers noted (files read, links, images, warnings) is added to `notes`.
 */
export function checkInScope<T>(
  doc: RawDoc, schema: ZodType<T>, data: unknown, runScoped: SiteTemplates['withValidationScope'], scope: ValidationScope,
  errors: SiteError[], notes?: ValidationNotes, reportedAsTypos?: readonly string[],
): T | undefined {
  const parsed = runScoped(scope, () => check(doc, schema, data, errors, reportedAsTypos));
  notes?.localFiles.push(...parsed.notes.localFiles);
  notes?.links?.push(...parsed.notes.links ?? []);
  notes?.images.push(...parsed.notes.images);
  notes?.warnings.push(...parsed.notes.warnings.map((warning) => `${doc.file}: ${warning}`));
  return parsed.result;
}

/**
 * zod compiles an object schema to a JavaScript function at its first parse (`new Function`, about 1 ms an object
 * schema in each thread), which pays off only over many parses: this site's 21 pages spent 35 ms of a 0.9 s build
 * compiling schemas each used a few times. A schema is parsed without compiling until it has been parsed this many
 * times in the thread (a 5,000-page build compiles the page schema after its first 20 pages).
 */
const COMPILE_AFTER = 20;
const parses = new WeakMap<ZodType, number>();

/**
 * Parses data against a schema; on failure pushes one error per mistake and
 * returns undefined. `reportedAsTypos`: top-level keys whose misspelling the
 * caller reported already, so their absence is not reported again.
 */
export function check<T>(doc: RawDoc, schema: ZodType<T>, data: unknown, errors: SiteError[], reportedAsTypos: readonly string[] = []): T | undefined {
  const uses = (parses.get(schema) ?? 0) + 1;
  parses.set(schema, uses);
  const result = schema.safeParse(data, { jitless: uses <= COMPILE_AFTER });
  if (result.success) return result.data;
  errors.push(...issuesInEditorsWords(doc, schema, data, result.error.issues, reportedAsTypos));
  return undefined;
}

/** The top of a file as a mapping (a copy, so validation can add keys); an error when it is anything else. */
export function asObject(doc: RawDoc, errors: SiteError[]): Record<string, unknown> {
  if (doc.data && typeof doc.data === 'object' && !Array.isArray(doc.data)) return { ...(doc.data as Record<string, unknown>) };
  errors.push(fieldError(doc, [], 'expected a mapping of keys to values at the top of the file'));
  return {};
}

/** Splits a file's keys into sitegen's own (`keys`) and the rest, which belong to a template. */
export function splitKeys(data: Record<string, unknown>, keys: readonly string[]): [Record<string, unknown>, Record<string, unknown>] {
  const core: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) (keys.includes(key) ? core : rest)[key] = value;
  return [core, rest];
}

/**
 * An unknown key that is a misspelling of a key the schema expects there
 * (`desciption`) is one mistake: it is reported once, as the unknown key
 * with "did you mean", and the missing key it was meant to be is not.
 */
function issuesInEditorsWords(
  doc: RawDoc, schema: unknown, data: unknown, issues: readonly z.core.$ZodIssue[], reportedAsTypos: readonly string[],
): SiteError[] {
  // Unknown key (by its path) → the unwritten key it is probably meant to be.
  const meant = new Map<string, string>();
  // The paths of the keys so meant, whose "missing" issues the unknown key explains.
  const explained = new Set(reportedAsTypos.map((key) => pathKey([key])));
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const written = valueAt(data, issue.path) as Record<string, unknown>;
    const unwritten = keysAt(schema, issue.path).filter((key) => !(key in written));
    for (const key of issue.keys) {
      const suggestion = closest(key, unwritten);
      if (suggestion === undefined) continue;
      meant.set(pathKey([...issue.path, key]), suggestion);
      explained.add(pathKey([...issue.path, suggestion]));
    }
  }
  const out: SiteError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push(unknownKeyError(doc, [...issue.path], key, meant.get(pathKey([...issue.path, key]))));
    } else if (!(isMissing(issue, data) && explained.has(pathKey(issue.path)))) {
      out.push(fieldError(doc, issue.path, messageOf(issue, valueAt(data, issue.path))));
    }
  }
  return out;
}

/**
 * The top-level keys of a file that are misspellings of keys it lacks
 * (`desciption` for `description`), checked against all the keys the file
 * may have when two schemas share them (a page: sitegen's and its
 * template's). Each is reported and removed from `data`; returns the keys meant.
 */
export function reportTypos(doc: RawDoc, data: Record<string, unknown>, known: readonly string[], errors: SiteError[]): string[] {
  const unwritten = known.filter((key) => !(key in data));
  const meant: string[] = [];
  for (const key of Object.keys(data)) {
    if (known.includes(key)) continue;
    const suggestion = closest(key, unwritten);
    if (suggestion === undefined) continue;
    errors.push(unknownKeyError(doc, [], key, suggestion));
    meant.push(suggestion);
    delete data[key];
  }
  return meant;
}

/** `unknown key "desciption"`, with the key it probably is. */
export function unknownKeyError(doc: RawDoc, parentPath: readonly PropertyKey[], key: string, suggestion?: string): SiteError {
  return suggestion === undefined
    ? fieldError(doc, [...parentPath, key], `unknown key "${key}"`, 'check its spelling and indentation; remove it if it does not belong here', key)
    : fieldError(doc, [...parentPath, key], `unknown key "${key}": did you mean "${suggestion}"?`, `rename it to ${suggestion}`, key);
}

function pathKey(fieldPath: readonly PropertyKey[]): string {
  return JSON.stringify(fieldPath.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)));
}

function isMissing(issue: z.core.$ZodIssue, data: unknown): boolean {
  return issue.code === 'invalid_type' && valueAt(data, issue.path) === undefined;
}

/** What zod says, in an editor's words: "a list", not "array". */
function messageOf(issue: z.core.$ZodIssue, value: unknown): string {
  // A value of the right kind for one of a union's forms (text, where text or a mapping may go) gets that form's message, not zod's "Invalid input".
  if (issue.code === 'invalid_union') {
    const near = issue.errors.filter((form) => form.length > 0 && !form.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
    if (near.length === 1 && near[0][0].path.length === 0) return messageOf(near[0][0], value);
  }
  // A record's key: what its schema says of it, not "Invalid key in record".
  if (issue.code === 'invalid_key' && issue.issues.length > 0) return messageOf(issue.issues[0], issue.path.at(-1));
  if (issue.code === 'invalid_type') {
    const expected = EXPECTED[issue.expected] ?? issue.expected;
    return value === undefined ? `is required but missing (expected ${expected})` : `expected ${expected}, got ${describe(value)}`;
  }
  if (issue.code === 'invalid_value') {
    return `expected one of ${issue.values.map((item) => JSON.stringify(item)).join(', ')}, got ${describe(value)}`;
  }
  // zod's own size messages ("Too small: expected array to have >=1 items"); a schema's own message stays as written.
  if ((issue.code === 'too_small' || issue.code === 'too_big') && /^Too (small|big)/.test(issue.message)) {
    return sizeMessage(issue.code === 'too_small' ? 'at least' : 'at most', issue.origin, Number(issue.code === 'too_small' ? issue.minimum : issue.maximum));
  }
  return issue.message;
}

const EXPECTED: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', bigint: 'a whole number', boolean: 'true or false',
  array: 'a list', tuple: 'a list', set: 'a list', object: 'a mapping', record: 'a mapping', map: 'a mapping', date: 'a date', null: 'nothing',
};

function sizeMessage(bound: 'at least' | 'at most', origin: string, count: number): string {
  if (origin === 'string') return count === 1 && bound === 'at least' ? 'must not be empty' : `expected ${bound} ${count} characters`;
  if (origin === 'array' || origin === 'set') return count === 1 && bound === 'at least' ? 'expected a list of at least one item' : `expected a list of ${bound} ${count} items`;
  return `expected ${bound === 'at least' ? 'a number of at least' : 'a number of at most'} ${count}`;
}

function valueAt(data: unknown, fieldPath: readonly PropertyKey[]): unknown {
  let value = data;
  for (const segment of fieldPath) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  return `${typeof value} ${String(value)}`;
}
