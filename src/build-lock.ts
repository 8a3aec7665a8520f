/**
 * One build of a site at a time, as Hugo's `.hugo_build.lock` keeps it: a
 * second `sitegen build` of the same root waits for the first (saying so
 * once), rather than both staging, swapping and writing the cache at once.
 * The lock is `.sitegen/build.lock`, holding the process that holds it: one
 * a killed build left behind is taken over, since its process is gone.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning } from './output-recovery.ts';

const LOCK_FILE = '.sitegen/build.lock';

/** Runs `work` holding the root's build lock; `waiting` is told once when another build holds it. */
export async function withBuildLock<T>(root: string, work: () => Promise<T>, waiting: (pid: number) => void = noteWaiting): Promise<T> {
  const file = path.join(root, LOCK_FILE);
  const token = `${process.pid} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
  let told = false;
  for (;;) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, token, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readOrEmpty(file);
    const holder = Number.parseInt(held, 10);
    // Another build of this process counts as running too: it has to finish first.
    if (!isRunning(holder, true)) {
      // Left by a build that was killed: taken over, unless another taker has just done so (then it is theirs).
      if (readOrEmpty(file) === held) rmSync(file, { force: true });
      continue;
    }
    if (!told) waiting(holder);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await work();
  } finally {
    if (readOrEmpty(file) === token) rmSync(file, { force: true });
  }
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function noteWaiting(pid: number): void {
  if (!process.env.SITEGEN_QUIET) process.stderr.write(`another build of this site is running (process ${pid}): waiting for it to finish\n`);
}
