import { json as jsonResponse } from 'sitegen/server';

/** The API's answers: JSON, never cached (the generator adds its security headers to every reply). */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonResponse(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

export function tooMany(retryAfter: number, body: unknown): Response {
  return json(429, body, { 'retry-after': String(retryAfter) });
}

/** Seconds a client is asked to wait while the database cannot be reached: long enough for a restart to finish. */
export const UNREACHABLE_RETRY_AFTER_S = 5;

/** The database cannot be reached now: 503, come back in a few seconds; nothing was stored or acknowledged. */
export function unreachable(body: unknown): Response {
  return json(503, body, { 'retry-after': String(UNREACHABLE_RETRY_AFTER_S) });
}
