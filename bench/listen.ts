/**
 * Starts a long-running sitegen command (serve, dev) and waits until it says
 * where it listens, as sirv's test helpers do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { track, stopChild } from './measure.ts';

export interface Listening {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The first lines of what a process printed: enough to say why it stopped. */
function firstLines(text: string, count = 12): string {
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n');
  return lines.slice(0, count).join('\n') + (lines.length > count ? `\n… (${lines.length - count} more lines)` : '');
}

const LISTENING = /serving on (http:\/\/127\.0\.0\.1:\d+)/;

export async function startListening(
  argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; onLine?: (line: string) => void } = {},
): Promise<Listening> {
  const child = track(spawn(argv[0], argv.slice(1), {
    cwd: options.cwd, env: { ...process.env, ...options.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  }));
  let output = '';
  let pending = '';
  const stop = () => stopChild(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no "serving on http://127.0.0.1:PORT" line within ${(options.timeoutMs ?? 120_000) / 1000} s`), options.timeoutMs ?? 120_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${argv.slice(1, 4).join(' ')}: ${why}\n${firstLines(output)}`)));
    };
    const onData = (chunk: Buffer) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        options.onLine?.(line);
        const match = LISTENING.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`}) before it listened`));
  });
  return { child, url, output: () => output, stop };
}
