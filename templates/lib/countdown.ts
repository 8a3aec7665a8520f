/** The timer calls a toast needs, injected so that tests can drive time by hand. */
export interface Clock {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
  now(): number;
}

export const browserClock: Clock = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  now: () => performance.now(),
};

export interface Countdown {
  /** Stops the clock for a reason (hover, blur, drag …); it runs again once no reason is left. */
  pause(reason: string): void;
  resume(reason: string): void;
  /** Stops for good: the callback will not run. */
  cancel(): void;
}

/**
 * Calls `done` after `duration` ms of running time. Pauses are counted by
 * reason because they overlap: a toast can be hovered while the window is
 * blurred, and leaving the toast must not restart it until focus is back.
 */
export function startCountdown(clock: Clock, duration: number, done: () => void): Countdown {
  let remaining = duration;
  let startedAt = 0;
  let timer: number | undefined;
  let cancelled = false;
  const reasons = new Set<string>();

  const run = () => {
    startedAt = clock.now();
    timer = clock.setTimeout(() => {
      timer = undefined;
      cancelled = true;
      done();
    }, remaining);
  };
  const stop = () => {
    if (timer === undefined) return;
    clock.clearTimeout(timer);
    timer = undefined;
    remaining = Math.max(0, remaining - (clock.now() - startedAt));
  };

  run();
  return {
    pause(reason) {
      reasons.add(reason);
      stop();
    },
    resume(reason) {
      reasons.delete(reason);
      if (!cancelled && reasons.size === 0 && timer === undefined) run();
    },
    cancel() {
      cancelled = true;
      stop();
    },
  };
}
