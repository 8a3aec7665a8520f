/**
 * What the processes of a parallel run (./parallel.ts) and the process that
 * started them say to each other. A process asks for its next file over
 * Node's IPC channel and is given one, or none when the queue is empty; it
 * marks the end of each file's report in its output (FILE_END), so that the
 * starter prints each file's report whole as it ends; and it writes what it
 * ran, and how long each file took, to a JSON file (RESULT_ENV).
 */
import { writeFileSync } from 'node:fs';
import type { SuiteRecord } from './uvu.ts';

/** Set to 1 by the starter: this process takes its files one at a time over the IPC channel. */
export const QUEUE_ENV = 'SITEGEN_TEST_QUEUE';
/** Where the process writes its ShareResult. */
export const RESULT_ENV = 'SITEGEN_TEST_SHARE_RESULT';
/** Written on a line of its own after each file's report. */
export const FILE_END = '\u001esitegen-test-file-end\u001e\n';

/** process → starter: the last file is done, give the next. */
export interface Ask { ask: true }
/** starter → process: the next file (DIR/NAME as the run lists it), or null: none left. */
export interface Given { file: string | null }

export interface ShareResult {
  ok: boolean;
  defined: number;
  passed: number;
  /** Milliseconds per test file (`DIR/NAME`), from its import to its last suite's end. */
  ms: Record<string, number>;
  /** Milliseconds per test (`DIR/NAME: name`), slowest first. */
  tests: [string, number][];
}

export function writeShareResult(file: string, records: readonly SuiteRecord[], fileMs: Record<string, number>, ok: boolean): void {
  const result: ShareResult = {
    ok, ms: fileMs,
    tests: records.flatMap((record) => record.tests.map(({ name, ms }): [string, number] => [`${record.file}: ${name}`, Math.round(ms)])).sort((a, b) => b[1] - a[1]),
    defined: records.reduce((sum, record) => sum + record.defined, 0),
    passed: records.reduce((sum, record) => sum + record.passed, 0),
  };
  writeFileSync(file, JSON.stringify(result));
}
