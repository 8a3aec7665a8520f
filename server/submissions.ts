import { printable, printableJson } from 'sitegen/server';
import { SUBMISSION_COLUMNS, type Submission } from './store.ts';

export type SubmissionFormat = 'json' | 'csv';

/**
 * What `sitegen submissions` prints: a JSON array, or CSV with a header row.
 * Either may reach an operator's terminal, so no character a terminal acts
 * on (ESC, C1, bidi overrides) is printed raw: JSON escapes them as \u, CSV
 * shows them as \x1b (a line break, tab or NUL in a field is kept: it is data,
 * and no terminal acts on NUL).
 */
export function formatSubmissions(rows: readonly Submission[], format: SubmissionFormat): string {
  if (format === 'json') return printableJson(rows, 2) + '\n';
  const lines = [SUBMISSION_COLUMNS.map(csvField).join(','), ...rows.map((row) => SUBMISSION_COLUMNS.map((column) => csvField(row[column])).join(','))];
  return lines.map((line) => line + '\r\n').join('');
}

/**
 * One CSV field, always quoted (RFC 4180, quotes doubled); null is an empty
 * field. Visitors write these values and whoever reads the export opens it
 * in a spreadsheet, so OWASP's CSV-injection advice is followed in full:
 * every field is quoted, and a cell that would start like a formula gets a
 * leading apostrophe so that it stays text. "Start" is judged after any
 * leading whitespace, control characters and quotes (a spreadsheet skips
 * them), and at the start of every piece between commas, semicolons and
 * tabs and line breaks too: a spreadsheet that splits on `;` (Excel in much of
 * Europe) reads `x;=1+1` as two cells, the second a formula.
 */
/** Characters a CSV field keeps as they are: line breaks and tabs are data inside quotes, and a terminal ignores NUL. */
const CSV_DATA = '\0\t\r\n';

export function csvField(value: string | number | null): string {
  if (value === null) return '""';
  const text = typeof value === 'string' ? neutraliseFormulas(printable(value, CSV_DATA)) : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** What can start a formula: =, +, -, @, or a tab or CR, after leading blanks, control characters and quotes. */
const FORMULA_START = /^(?:[\t\r]|[\s\0-\x1f\x7f"]*[=+\-@])/;

/**
 * An apostrophe before each piece (the whole text, or what follows a `,`,
 * `;`, tab or line break) that could start a formula: a file opened with tab
 * as its delimiter reads `x<TAB>=1+1` as two cells.
 */
function neutraliseFormulas(text: string): string {
  return text.split(/(?<=[,;\t\r\n])/).map((piece) => (FORMULA_START.test(piece) ? `'${piece}` : piece)).join('');
}
