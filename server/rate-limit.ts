/** The in-memory rate limit is sitegen's (sitegen/server), shared with any site's endpoints; the PostgreSQL one is this site's (./limits-postgres.ts). */
export { createRateLimiter, MAX_CLIENTS, type RateLimit, type RateLimiter, type Reservation } from 'sitegen/server';
