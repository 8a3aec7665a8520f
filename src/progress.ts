/**
 * The line a long build shows on a terminal: which stages are running and
 * for how long, rewritten in place on stderr and erased at the end. Nothing
 * at all when stderr is not a terminal (piped into a log or CI), with
 * `--json`, or for a build done within a second, the usual case.
 */
import type { StageListener } from './build-result.ts';

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Time as the progress line needs it; tests pass a fake one. */
export interface ProgressClock {
  now(): number;
  setInterval(tick: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface Progress {
  onStage: StageListener;
  /** Erases the line, if one was shown; call it whether the build succeeded or failed. */
  stop(): void;
}

const REAL_CLOCK: ProgressClock = {
  now: () => performance.now(),
  setInterval: (tick, ms) => setInterval(tick, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** Carriage return, then erase the line: the next write replaces what was there. */
const CLEAR_LINE = '\r\u001b[2K';
const TICK_MS = 100;

export function startProgress(
  stream: ProgressStream,
  { enabled = true, afterMs = 1000, clock = REAL_CLOCK }: { enabled?: boolean; afterMs?: number; clock?: ProgressClock } = {},
): Progress {
  if (!enabled || !stream.isTTY) return { onStage: () => undefined, stop: () => undefined };
  const started = clock.now();
  const running = new Map<string, number>();
  const finished = new Set<string>();
  let shown = false;
  const draw = () => {
    const elapsed = clock.now() - started;
    if (elapsed < afterMs) return;
    shown = true;
    const now = [...running.keys()];
    const done = [...finished].filter((stage) => !running.has(stage));
    const parts = [`building ${(elapsed / 1000).toFixed(1)} s`, now.length ? `now: ${now.join(', ')}` : '', done.length ? `done: ${done.join(', ')}` : ''];
    stream.write(CLEAR_LINE + parts.filter(Boolean).join(' · '));
  };
  const timer = clock.setInterval(draw, TICK_MS);
  return {
    onStage(stage, phase) {
      const count = (running.get(stage) ?? 0) + (phase === 'start' ? 1 : -1);
      if (count > 0) running.set(stage, count);
      else {
        running.delete(stage);
        finished.add(stage);
      }
    },
    stop() {
      clock.clearInterval(timer);
      if (shown) stream.write(CLEAR_LINE);
    },
  };
}
