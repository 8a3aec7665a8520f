import { SUBMISSION_COLUMNS, type Submission } from './server/store.ts';

export type SubmissionFormat = 'json' | 'csv';

/** What `sitegen submissions` prints: a JSON array, or CSV with a header row. */
export function formatSubmissions(rows: readonly Submission[], format: SubmissionFormat): string {
  if (format === 'json') return JSON.stringify(rows, null, 2) + '\n';
  const lines = [SUBMISSION_COLUMNS.join(','), ...rows.map((row) => SUBMISSION_COLUMNS.map((column) => csvField(row[column])).join(','))];
  return lines.map((line) => line + '\r\n').join('');
}

/**
 * One CSV field as RFC 4180 writes it: quoted when it holds a comma, a
 * quote or a line break, with quotes doubled. Null is an empty field.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
