/** How many events one client may cause per window. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** An attempt taken from a client's allowance: given back when it succeeds, kept when it fails. */
export type Reservation = { ok: true; release(): Promise<void> } | { ok: false; retryAfter: number };

/**
 * A limit per client (an address, or a username), kept in this process's
 * memory or in a database that several processes share: the handlers do
 * not care which.
 */
export interface RateLimiter {
  /**
   * Counts one attempt now, before any work, so that attempts sent at once
   * cannot all pass the check before the first one fails; refused (with the
   * seconds to wait) when the client has none left. A contact request is a
   * reservation that is never given back.
   */
  reserve(client: string): Promise<Reservation>;
}

interface Window {
  start: number;
  count: number;
}

/**
 * A fixed window per client, in memory: what one process needs. Windows
 * that have ended are swept when the table grows, so a flood of clients
 * cannot grow it without bound and no timer keeps the process alive.
 */
export function createRateLimiter({ max, windowMs }: RateLimit, clock: () => number = Date.now): RateLimiter {
  const windows = new Map<string, Window>();
  const current = (client: string, now: number) => {
    const window = windows.get(client);
    return window && now - window.start < windowMs ? window : undefined;
  };
  const sweep = (now: number) => {
    for (const [client, window] of windows) if (now - window.start >= windowMs) windows.delete(client);
  };
  const open = (client: string, now: number): Window => {
    if (windows.size >= 10_000) sweep(now);
    const fresh = { start: now, count: 0 };
    windows.set(client, fresh);
    return fresh;
  };
  return {
    async reserve(client) {
      const now = clock();
      const window = current(client, now) ?? open(client, now);
      if (window.count >= max) return { ok: false, retryAfter: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
      window.count += 1;
      let released = false;
      return {
        ok: true,
        async release() {
          // A window that has since ended took the count with it.
          if (!released && windows.get(client) === window) window.count -= 1;
          released = true;
        },
      };
    },
  };
}
