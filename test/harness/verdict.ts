import type { SuiteRecord } from './uvu.ts';

export interface Verdict {
  ok: boolean;
  /** The stack of each error uvu would have hidden (a hook's, a file's), to debug with. */
  details: string[];
  /** One line per problem when there are several, then one line that sums up the run with the (first) reason. */
  lines: string[];
}

/** Whether a run passed: every test that was defined passed, and nothing around them failed. */
export function verdict(
  records: readonly SuiteRecord[], loadFailures: readonly { file: string; error: unknown }[], stopped?: unknown, endFailures: readonly unknown[] = [],
): Verdict {
  const problems: string[] = [];
  for (const { file, error } of loadFailures) problems.push(`${file}: the file failed to load: ${firstLine(error)}`);
  if (stopped !== undefined) problems.push(`uvu stopped: ${firstLine(stopped)}`);
  for (const error of endFailures) problems.push(`at the end of the run (./at-end.ts): ${firstLine(error)}`);
  for (const record of records) problems.push(...problemsOf(record));
  const defined = records.reduce((sum, record) => sum + record.defined, 0);
  const passed = records.reduce((sum, record) => sum + record.passed, 0);
  if (defined === 0 && loadFailures.length === 0) problems.push('no tests were found');
  if (problems.length === 0 && passed === defined) return { ok: true, details: [], lines: [] };
  // Tests that failed on their own are listed by uvu above; they leave no problem line here.
  const failed = records.reduce((sum, record) => sum + record.failed, 0);
  const reason = problems.length === 0 ? `${failed} failed (see above)`
    : problems.length === 1 ? problems[0]
      : `${problems.length} problems (above); the first: ${problems[0]}`;
  return {
    ok: false,
    details: [...loadFailures.map(({ file, error }) => detail(file, error)), ...endFailures.map((error) => detail('at the end of the run', error)), ...records.flatMap((record) =>
      record.hookFailures.map(({ hook, error }) => detail(`${record.file} › ${record.name || 'test'} (${hook} hook)`, error)))],
    lines: [...(problems.length > 1 ? problems.map((problem) => `✘ ${problem}`) : []), `✘ test run FAILED: ${passed} of ${defined} tests passed: ${reason}`],
  };
}

function detail(where: string, error: unknown): string {
  const text = error instanceof Error ? error.stack ?? error.message : String(error);
  return `  FAIL  ${where}\n${text.split('\n').map((line) => `    ${line}`).join('\n')}\n`;
}

function problemsOf(record: SuiteRecord): string[] {
  const where = `${record.file} › ${record.name || 'test'}`;
  const problems: string[] = [];
  for (const { hook, error } of record.hookFailures) {
    problems.push(hook === 'before'
      ? `${where}: its before hook failed, so none of its ${record.defined} tests ran: ${firstLine(error)}`
      : `${where}: its ${hook} hook failed: ${firstLine(error)}`);
  }
  if (record.unqueued > 0) problems.push(`${where}: ${record.unqueued} test(s) defined after its last .run(), so never run`);
  if (record.skipped > 0) problems.push(`${where}: ${record.skipped} test(s) skipped; a skipped test is not a passed one`);
  const unexplained = record.defined - record.passed - record.failed;
  if (problems.length === 0 && unexplained > 0) problems.push(`${where}: ${unexplained} test(s) did not run (is there a .only?)`);
  return problems;
}

/** The first line of an error's message: the reason, without the stack or a library's banner. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.message}` : String(error);
  return text.trim().split('\n')[0] || (error as Error)?.name || 'unknown error';
}
