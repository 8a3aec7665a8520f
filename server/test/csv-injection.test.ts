/**
 * The CSV export of `sitegen submissions` read back as a spreadsheet would
 * read it, by an independent parser (csv-parse), splitting on commas and on
 * semicolons (Excel in much of Europe): no cell may start a formula.
 */
import { parse } from 'csv-parse/sync';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { printable } from 'sitegen/server';
import { formatSubmissions } from '../submissions.ts';
import { SUBMISSION_COLUMNS, type Submission } from '../store.ts';

/** What visitors may type into a form field to attack whoever opens the export. */
const HOSTILE = [
  '=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', ' =1+1', '\n=1+1', '\0=1+1', '\u0001@x',
  'x;=1+1', "x;=cmd|' /C calc'!A0", 'x,=1+1', 'x; =1', 'a;b;+c', 'line\n@SUM(1)', 'line\r\n-2', '"=1+1"', 'x;"=1+1',
  '=HYPERLINK("http://evil.example","click")', 'plain text', '+91 98765 43210',
  'x\t=1+1', 'a\t+b\t-c', 'x\t @SUM(A1)',
];

const rows: Submission[] = HOSTILE.map((value, index) => ({
  id: index + 1, received_at: '2026-11-24T10:00:00.000Z', request_type: 'contact',
  name: value, lastname: null, company_name: `Acme;${value}`, email_id: 'a@example.com', mobile_number: value, message: `Hi,${value}`,
} as Submission));

/** A cell a spreadsheet would take for a formula: after leading blanks, control characters and quotes, one of = + - @; or a tab or CR first. */
function startsFormula(cell: string): boolean {
  return /^[\t\r]/.test(cell) || /^[\s\0-\x1f\x7f"]*[=+\-@]/.test(cell);
}

const csv = suite('CSV export against formula injection');

for (const delimiter of [',', ';', '\t']) {
  csv(`read with "${delimiter}" as the delimiter, no cell starts a formula`, () => {
    const cells: string[][] = parse(formatSubmissions(rows, 'csv'), {
      delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: false,
    });
    assert.ok(cells.length > HOSTILE.length, `parsed ${cells.length} records`);
    const formulas = cells.flat().filter(startsFormula);
    assert.equal(formulas, [], `cells that start a formula when split on "${delimiter}"`);
  });
}

csv('read with commas, every value comes back whole, with at most an apostrophe before each piece', () => {
  const [header, ...records]: string[][] = parse(formatSubmissions(rows, 'csv'), { delimiter: ',' });
  assert.equal(header, [...SUBMISSION_COLUMNS]);
  assert.is(records.length, rows.length);
  records.forEach((record, index) => {
    assert.is(record.length, SUBMISSION_COLUMNS.length, `record ${index + 1} has one cell per column`);
    const name = record[SUBMISSION_COLUMNS.indexOf('name')];
    // Control characters come back as their escapes (\x00), so the file cannot act on a terminal it is printed to.
    assert.is(name.replace(/'/g, (quote, offset: number) => (isInserted(name, offset) ? '' : quote)), printable(HOSTILE[index], '\0\t\r\n'), `value ${JSON.stringify(HOSTILE[index])}`);
    assert.is(record[SUBMISSION_COLUMNS.indexOf('lastname')], '', 'null is an empty cell');
  });
});

/** Whether the apostrophe at `offset` is one the export put before a piece (at the start, or after , ; or a line break). */
function isInserted(text: string, offset: number): boolean {
  return (offset === 0 || /[,;\t\r\n]/.test(text[offset - 1])) && startsFormula(text.slice(offset + 1));
}

csv('no character a terminal acts on is printed raw, as CSV or as JSON', () => {
  const sneaky = ['\u001b]0;pwned\u0007', '\u001b[2J\u001b[31mfake prompt$ ', '\u009b31m', 'left\u202eright', 'bell\u0007', 'del\u007f'];
  const stored = sneaky.map((value, index) => ({ ...rows[0], id: index + 1, name: value, message: value } as Submission));
  for (const format of ['csv', 'json'] as const) {
    const printed = formatSubmissions(stored, format);
    assert.not.match(printed, /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/, `${format}: ${JSON.stringify(printed)}`);
  }
  assert.equal((JSON.parse(formatSubmissions(stored, 'json')) as Submission[]).map((row) => row.name), sneaky, 'JSON still reads back exactly');
  assert.match(formatSubmissions(stored, 'csv'), '"\\x1b]0;pwned\\x07"', 'CSV shows what was sent');
});

csv.run();
