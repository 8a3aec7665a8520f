/**
 * What the runner does once every suite of its process has run: close what the test files share across files (the
 * browser helper's one Chromium). A task that fails fails the run: its error is reported with the verdict.
 */
const tasks: (() => Promise<void>)[] = [];

export function atEnd(task: () => Promise<void>): void {
  tasks.push(task);
}

/** Runs the tasks, in the order given; the errors of those that failed. */
export async function runAtEnd(): Promise<unknown[]> {
  const errors: unknown[] = [];
  for (const task of tasks.splice(0)) await task().catch((error: unknown) => void errors.push(error));
  return errors;
}
