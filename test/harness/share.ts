/**
 * What a share of a parallel run (./parallel.ts) and the process that
 * started it say to each other: the files of the share, through one
 * environment variable, and what it ran, through a JSON file.
 */
import { writeFileSync } from 'node:fs';
import type { SuiteRecord } from './uvu.ts';

/** The share's test files (JSON: paths as `DIR/NAME`), set by the parent for each child. */
export const SHARE_ENV = 'SITEGEN_TEST_SHARE';
/** Where the child writes its ShareResult. */
export const RESULT_ENV = 'SITEGEN_TEST_SHARE_RESULT';

export interface ShareResult {
  ok: boolean;
  defined: number;
  passed: number;
  /** Milliseconds per test file (`DIR/NAME`), hooks included. */
  ms: Record<string, number>;
  /** Milliseconds per test (`DIR/NAME: name`), slowest first. */
  tests: [string, number][];
}

export function writeShareResult(file: string, records: readonly SuiteRecord[], ok: boolean): void {
  const ms: Record<string, number> = {};
  for (const record of records) ms[record.file] = (ms[record.file] ?? 0) + record.ms;
  const result: ShareResult = {
    ok, ms,
    tests: records.flatMap((record) => record.tests.map(({ name, ms }): [string, number] => [`${record.file}: ${name}`, Math.round(ms)])).sort((a, b) => b[1] - a[1]),
    defined: records.reduce((sum, record) => sum + record.defined, 0),
    passed: records.reduce((sum, record) => sum + record.passed, 0),
  };
  writeFileSync(file, JSON.stringify(result));
}
