/**
 * An error at a field of a content file, with the line and column the file
 * gives it: what the validate stage reports, and what the shared steps
 * before it (a page's copyOf) report in the same words.
 */
import { SiteError } from './errors.ts';
import type { RawDoc } from './model.ts';

/** The error at `fieldPath` of `doc` (at its key `key`, when the key itself is at fault). */
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
