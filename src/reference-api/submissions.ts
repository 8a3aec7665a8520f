import { SUBMISSION_COLUMNS, type Submission } from './store.ts';

export type SubmissionFormat = 'json' | 'csv';

/** What `sitegen submissions` prints: a JSON array, or CSV with a header row. */
export function formatSubmissions(rows: readonly Submission[], format: SubmissionFormat): string {
  if (format === 'json') return JSON.stringify(rows, null, 2) + '\n';
  const lines = [SUBMISSION_COLUMNS.join(','), ...rows.map((row) => SUBMISSION_COLUMNS.map((column) => csvField(row[column])).join(','))];
  return lines.map((line) => line + '\r\n').join('');
}

/**
 * One CSV field as RFC 4180 writes it: quoted when it holds a comma, a
 * quote, a line break or a NUL byte (which some readers take for the end of
 * the field), with quotes doubled. Null is an empty field.
 * Visitors write these values, and whoever reads the export opens it in a
 * spreadsheet: a text that starts like a formula (=, +, -, @, tab, CR) gets
 * a leading apostrophe so that it stays text (OWASP's CSV injection advice;
 * a phone number such as +91… shows as text either way).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n\0]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
