/** How many events one client may cause per window. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Seconds until the client may try again, or 0 when it is under the limit now. */
  retryAfter(client: string, now?: number): number;
  /** Counts one event for the client. */
  record(client: string, now?: number): void;
}

/**
 * A fixed window per client (the remote address). Windows that have ended
 * are swept when the table grows, so a flood of addresses cannot grow it
 * without bound and no timer keeps the process alive.
 */
export function createRateLimiter({ max, windowMs }: RateLimit): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (client: string, now: number) => {
    const window = windows.get(client);
    return window && now - window.start < windowMs ? window : undefined;
  };
  const sweep = (now: number) => {
    for (const [client, window] of windows) if (now - window.start >= windowMs) windows.delete(client);
  };
  return {
    retryAfter(client, now = Date.now()) {
      const window = current(client, now);
      if (!window || window.count < max) return 0;
      return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    },
    record(client, now = Date.now()) {
      const window = current(client, now);
      if (window) {
        window.count += 1;
        return;
      }
      if (windows.size >= 10_000) sweep(now);
      windows.set(client, { start: now, count: 1 });
    },
  };
}
