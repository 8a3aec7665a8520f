/**
 * uvu as the test files see it under test/harness/run.ts: the same suites,
 * tests and hooks, counted. uvu reports a suite whose `before` hook threw as
 * "0 / N" with no reason and still exits 0; a suite nobody `.run()`s does
 * not show at all. This wrapper keeps, for each suite, how many tests were
 * defined, how many passed and which hook failed with what, so the runner
 * can refuse to call such a run a pass.
 */
import * as uvu from 'uvu';
import type { Callback, Test } from 'uvu';

export interface HookFailure {
  hook: 'before' | 'after' | 'after.each';
  error: unknown;
}

/** One suite of one test file, as defined and as run. */
export interface SuiteRecord {
  name: string;
  file: string;
  /** Tests given to the suite, .only and .skip ones included. */
  defined: number;
  passed: number;
  /** Tests that ran and failed; uvu prints why. */
  failed: number;
  /** .skip'ped tests (uvu does not count them in its total). */
  skipped: number;
  /** Tests defined since the last .run(): never queued, so never run. */
  unqueued: number;
  /** How long its runs took, hooks included (ms): what the parallel runner balances its processes by. */
  ms: number;
  /** How long each test took (ms), hooks not included: where a slow file spends its time. */
  tests: { name: string; ms: number }[];
  hookFailures: HookFailure[];
}

/** uvu's result of one suite run: [errors or true, passed, skipped, total]. */
type RunResult = [string | true, number, number, number];

declare global {
  var UVU_QUEUE: (string | null | (() => Promise<RunResult>))[][];
  var UVU_INDEX: number | undefined;
}

export const records: SuiteRecord[] = [];

/** The test file being imported; run.ts sets it before each import. */
export const loading = { file: '' };

export function suite<T = Record<string, unknown>>(name = '', context?: T): Test<T> {
  const record = newRecord(name);
  return tracked(uvu.suite<T>(name, context), () => record);
}

/** uvu's default suite is one object for every file; each file gets its own record of it. */
const defaultRecords = new Map<string, SuiteRecord>();
export const test = tracked(uvu.test, () => {
  let record = defaultRecords.get(loading.file);
  if (!record) defaultRecords.set(loading.file, record = newRecord(''));
  return record;
});

function newRecord(name: string): SuiteRecord {
  const record: SuiteRecord = { name, file: loading.file, defined: 0, passed: 0, failed: 0, skipped: 0, unqueued: 0, ms: 0, tests: [], hookFailures: [] };
  records.push(record);
  return record;
}

function tracked<T>(original: Test<T>, recordNow: () => SuiteRecord): Test<T> {
  const define = (add: (name: string, handler: Callback<T>) => void) => (testName: string, handler: Callback<T>) => {
    const record = recordNow();
    record.defined++;
    record.unqueued++;
    add(testName, async (context) => {
      const start = performance.now();
      try {
        await handler(context);
      } finally {
        record.tests.push({ name: testName, ms: performance.now() - start });
      }
    });
  };
  const suiteFunction = define(original) as Test<T>;
  suiteFunction.only = define(original.only);
  suiteFunction.skip = (testName?: string, handler?: Callback<T>) => {
    const record = recordNow();
    record.defined++; // uvu counts it as skipped; here it is a test that did not pass
    record.skipped++;
    original.skip(testName, handler);
  };
  suiteFunction.before = Object.assign((hook: Callback<T>) => original.before(guard(recordNow(), 'before', hook)), {
    each: (hook: Callback<T>) => original.before.each(hook), // uvu reports it as the test's failure
  });
  suiteFunction.after = Object.assign((hook: Callback<T>) => original.after(guard(recordNow(), 'after', hook)), {
    each: (hook: Callback<T>) => original.after.each(guard(recordNow(), 'after.each', hook)),
  });
  suiteFunction.run = () => {
    const record = recordNow();
    const group = globalThis.UVU_QUEUE[globalThis.UVU_INDEX ?? 0];
    original.run();
    // uvu has just queued this run of the suite: count what it reports.
    const run = group.pop() as () => Promise<RunResult>;
    group.push(async () => {
      const start = performance.now();
      const result = await run();
      record.ms += performance.now() - start;
      const [errors, passed, , total] = result;
      record.passed += passed;
      if (errors !== true) record.failed += total - passed;
      return result;
    });
    record.unqueued = 0;
  };
  return suiteFunction;
}

/**
 * Records a failing hook. A `before` failure is thrown on, so that uvu runs
 * none of the suite's tests; an `after` failure is kept only, so that uvu
 * still returns what the tests did.
 */
function guard<T>(record: SuiteRecord, hook: HookFailure['hook'], callback: Callback<T>): Callback<T> {
  return async (context) => {
    try {
      await callback(context);
    } catch (error) {
      record.hookFailures.push({ hook, error });
      if (hook === 'before') throw error;
    }
  };
}
