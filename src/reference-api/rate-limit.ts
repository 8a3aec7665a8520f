/** How many events one client may cause per window. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** An attempt taken from a client's allowance: given back when it succeeds, kept when it fails. */
export type Reservation = { ok: true; release(): void } | { ok: false; retryAfter: number };

export interface RateLimiter {
  /** Seconds until the client may try again, or 0 when it is under the limit now. */
  retryAfter(client: string, now?: number): number;
  /** Counts one event for the client. */
  record(client: string, now?: number): void;
  /**
   * Counts one attempt now, before any work, so that attempts sent at once
   * cannot all pass the check before the first one fails; refused (with the
   * seconds to wait) when the client has none left.
   */
  reserve(client: string, now?: number): Reservation;
}

interface Window {
  start: number;
  count: number;
}

/**
 * A fixed window per client (an address, or a username). Windows that have
 * ended are swept when the table grows, so a flood of clients cannot grow
 * it without bound and no timer keeps the process alive.
 */
export function createRateLimiter({ max, windowMs }: RateLimit): RateLimiter {
  const windows = new Map<string, Window>();
  const current = (client: string, now: number) => {
    const window = windows.get(client);
    return window && now - window.start < windowMs ? window : undefined;
  };
  const sweep = (now: number) => {
    for (const [client, window] of windows) if (now - window.start >= windowMs) windows.delete(client);
  };
  const retryAfter = (client: string, now = Date.now()) => {
    const window = current(client, now);
    if (!window || window.count < max) return 0;
    return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
  };
  const record = (client: string, now = Date.now()): Window => {
    const window = current(client, now);
    if (window) {
      window.count += 1;
      return window;
    }
    if (windows.size >= 10_000) sweep(now);
    const fresh = { start: now, count: 1 };
    windows.set(client, fresh);
    return fresh;
  };
  return {
    retryAfter,
    record(client, now) {
      record(client, now);
    },
    reserve(client, now = Date.now()) {
      const wait = retryAfter(client, now);
      if (wait > 0) return { ok: false, retryAfter: wait };
      const window = record(client, now);
      let released = false;
      return {
        ok: true,
        release() {
          // A window that has since ended took the count with it.
          if (!released && windows.get(client) === window) window.count -= 1;
          released = true;
        },
      };
    },
  };
}
