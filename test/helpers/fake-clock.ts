/** A setTimeout/clearTimeout pair whose time moves only when a test calls tick(). */
export interface FakeClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  tick(ms: number): void;
  /** Timers not yet fired. */
  readonly pending: number;
  readonly now: number;
}

export function fakeClock(): FakeClock {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    tick(ms) {
      const end = now + ms;
      for (;;) {
        // Fire in time order, so that timers set by a callback run in the same tick when due.
        const due = [...timers].filter(([, timer]) => timer.at <= end).sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    get pending() { return timers.size; },
    get now() { return now; },
  };
}
