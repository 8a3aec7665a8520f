/**
 * Content errors in an editor's words: the file, line and column (found
 * lazily by the document's locator, only when an error needs them), the field
 * path, and what was expected.
 */
import { z, type ZodType } from 'zod';
import { SiteError } from '../errors.ts';
import type { RawDoc } from '../load/parse.ts';

/** Parses data against a schema; on failure pushes one error per issue and returns undefined. */
export function check<T>(doc: RawDoc, schema: ZodType<T>, data: unknown, errors: SiteError[]): T | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) errors.push(...issueErrors(doc, issue, data));
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

function issueErrors(doc: RawDoc, issue: z.core.$ZodIssue, data: unknown): SiteError[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => fieldError(doc, [...issue.path, key], `unknown key "${key}"`,
      'check its spelling and indentation; remove it if it does not belong here', key));
  }
  const value = valueAt(data, issue.path);
  let message = issue.message;
  if (issue.code === 'invalid_type') {
    message = value === undefined
      ? `is required but missing (expected ${issue.expected})`
      : `expected ${issue.expected}, got ${describe(value)}`;
  } else if (issue.code === 'invalid_value') {
    message = `expected one of ${issue.values.map((item) => JSON.stringify(item)).join(', ')}, got ${describe(value)}`;
  }
  return [fieldError(doc, issue.path, message)];
}

export function fieldError(doc: RawDoc, fieldPath: readonly PropertyKey[], message: string, hint?: string, key?: string): SiteError {
  const keyPath = key === undefined ? fieldPath : fieldPath.slice(0, -1);
  const { line, column } = doc.locate(keyPath, key);
  return new SiteError('content', message, {
    location: { file: doc.file, line, column },
    field: formatPath(fieldPath),
    hint,
  });
}

/** `sections[2].title` style path. */
export function formatPath(fieldPath: readonly PropertyKey[]): string {
  return fieldPath.reduce<string>((out, segment) =>
    typeof segment === 'number' ? `${out}[${segment}]` : out ? `${out}.${String(segment)}` : String(segment), '') || '(top level)';
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
