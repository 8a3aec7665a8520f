import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { RateLimit, RateLimiter } from './rate-limit.ts';

/** One statement on the shared database, saying what it was doing if it fails; its rows. */
export type Query = <T extends pg.QueryResultRow>(doing: string, sql: string, values?: unknown[]) => Promise<T[]>;

/**
 * Takes one attempt from a client's window, in one statement: the row is
 * made, or its window restarted once it has ended, or its count raised while
 * under the limit, and `granted` says which. PostgreSQL locks the row for
 * the statement, so attempts arriving at once on every instance are counted
 * one after the other and no more than `max` are granted per window. The
 * time is the database's, the one clock every instance shares.
 */
const RESERVE = `WITH now AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms)
INSERT INTO rate_limits AS l (scope, client, window_start, count, granted)
SELECT $1, $2, ms, 1, true FROM now
ON CONFLICT (scope, client) DO UPDATE SET
  window_start = CASE WHEN excluded.window_start - l.window_start >= $3 THEN excluded.window_start ELSE l.window_start END,
  count = CASE WHEN excluded.window_start - l.window_start >= $3 THEN 1 WHEN l.count < $4 THEN l.count + 1 ELSE l.count END,
  granted = excluded.window_start - l.window_start >= $3 OR l.count < $4
RETURNING granted, window_start, (SELECT ms FROM now) AS now`;

/** Gives an attempt back, unless its window has ended since (a new window starts from nothing). */
const RELEASE = 'UPDATE rate_limits SET count = count - 1 WHERE scope = $1 AND client = $2 AND window_start = $3 AND count > 0';

/** Windows that ended long enough ago that no attempt can be given back to them. */
const SWEEP = `DELETE FROM rate_limits WHERE scope = $1 AND window_start < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - $2`;

/** A sweep every this many reservations of one instance keeps the table to the clients of the current windows. */
const SWEEP_EVERY = 1_000;

/** A limit counted in the database, the same for every instance that shares it (see RESERVE). */
export function postgresLimiter(scope: string, { max, windowMs }: RateLimit, query: Query, warn: (line: string) => void): RateLimiter {
  let reservations = 0;
  return {
    async reserve(client) {
      // A hash: a fixed size for the index, whatever a proxy forwards, and no addresses or usernames at rest.
      const key = createHash('sha256').update(client).digest('base64url');
      const [row] = await query<{ granted: boolean; window_start: string; now: string }>('count an attempt', RESERVE, [scope, key, windowMs, max]);
      if (++reservations % SWEEP_EVERY === 0) {
        query('sweep the rate limits', SWEEP, [scope, 2 * windowMs]).catch((error: Error) => warn(`warning: ${error.message}`));
      }
      const start = Number(row.window_start);
      if (!row.granted) return { ok: false, retryAfter: Math.max(1, Math.ceil((start + windowMs - Number(row.now)) / 1000)) };
      let released = false;
      return {
        ok: true,
        async release() {
          if (released) return;
          released = true;
          await query('give an attempt back', RELEASE, [scope, key, row.window_start]);
        },
      };
    },
  };
}
