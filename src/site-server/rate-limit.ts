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
 * The most clients one in-memory limit remembers at once. At about 150
 * bytes a client (a Map entry, its key and its window) that is some 15 MB
 * per limit at worst; past it the oldest window is dropped, which forgets
 * that client's count (a flood of fresh addresses can at most make the
 * limiter forget the oldest of them, never slow it down or grow it).
 */
export const MAX_CLIENTS = 100_000;

/**
 * A fixed window per client, in memory: what one process needs. The table
 * is a Map kept in the order the windows started (a window that restarts
 * moves to the end), so the ended ones are always at its front: each
 * request drops those it finds there and stops at the first live one. The
 * cost of a request does not grow with the number of clients, memory is
 * bounded by `maxClients`, and no timer keeps the process alive.
 */
export function createRateLimiter({ max, windowMs }: RateLimit, clock: () => number = Date.now, maxClients = MAX_CLIENTS): RateLimiter & { clients(): number } {
  const windows = new Map<string, Window>();
  const expire = (now: number) => {
    for (const [client, window] of windows) {
      if (now - window.start < windowMs && windows.size <= maxClients) break;
      windows.delete(client);
    }
  };
  const current = (client: string, now: number): Window => {
    const window = windows.get(client);
    if (window && now - window.start < windowMs) return window;
    // Deleted first, so that the restarted window moves to the end of the order.
    windows.delete(client);
    const fresh = { start: now, count: 0 };
    windows.set(client, fresh);
    return fresh;
  };
  return {
    clients: () => windows.size,
    async reserve(client) {
      const now = clock();
      const window = current(client, now);
      expire(now);
      if (window.count >= max) return { ok: false, retryAfter: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
      window.count += 1;
      let released = false;
      return {
        ok: true,
        async release() {
          // A window that has since ended (or was dropped) took the count with it.
          if (!released && windows.get(client) === window) window.count -= 1;
          released = true;
        },
      };
    },
  };
}
