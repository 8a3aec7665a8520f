import { createHash } from 'node:crypto';
import { rateLimitKey, type Endpoint } from 'sitegen/server';
import { readJsonBody } from './body.ts';
import type { Credentials } from './envelope.ts';
import type { EnvelopeOpener } from './envelope-opener.ts';
import { json, tooMany, unreachable } from './respond.ts';
import type { RateLimiter } from './rate-limit.ts';
import { StoreUnreachable } from './store.ts';
import type { License } from './license.ts';
import type { WorkQueue } from './work-queue.ts';

export interface LoginDeps {
  /** Opens envelopes off the main thread; undefined until `sitegen keys` has run (logins then answer 503). */
  opener?: Pick<EnvelopeOpener, 'open'>;
  license?: License;
  /** True when the password is the user's; an unknown user costs the same time. */
  checkPassword(username: string, password: string): Promise<boolean>;
  /** Attempts per client address and per username: each is counted when it starts and given back when it succeeds. */
  perAddress: RateLimiter;
  perAccount: RateLimiter;
  /** The logins being opened and checked at once, and those waiting; beyond that, 503. */
  queue: WorkQueue;
}

// One body for every malformed envelope, whatever failed inside: no padding oracle.
const MALFORMED = { statusCode: 400, error: 'bad request' };
const WRONG = { statusCode: 401 };
const LOCKED = { statusCode: 429, error: 'too many failed logins; try again later' };
const BUSY = { statusCode: 503, error: 'too many logins at once; try again in a moment' };
const UNREACHABLE = { statusCode: 503, error: 'the login is unavailable for a moment; try again in a few seconds' };
/** A full queue drains in about this many seconds (a few dozen scrypt checks of 0.15 s, two at a time). */
const BUSY_RETRY_AFTER_S = 3;

type Outcome = { status: 200 | 400 | 401 } | { status: 429; retryAfter: number };

/**
 * POST {api.loginUrl}: opens the envelope, checks the credentials and answers
 * the license on success. A request another site's page could make (cross
 * site, not JSON, too large) is refused before it counts. Each attempt then
 * takes one from its address's allowance before its envelope is opened,
 * and one from its username's once it is open; a success gives both back.
 * So however many attempts arrive at once, no more than the limits allow
 * are ever opened or checked.
 */
export function loginHandler(deps: LoginDeps): Endpoint {
  return async (request, { clientAddress }) => {
    try {
      return await login(request, clientAddress, deps);
    } catch (error) {
      // The shared limits or the customers cannot be read: refuse rather than check without them.
      if (error instanceof StoreUnreachable) return unreachable(UNREACHABLE);
      throw error;
    }
  };
}

async function login(request: Request, clientAddress: string, deps: LoginDeps): Promise<Response> {
  if (!deps.opener || !deps.license) {
    return json(503, { statusCode: 503, error: 'login is not set up on this server: run `sitegen keys` and add content/private/license.yaml' });
  }
  // Read before anything is counted: a request refused for its origin or type (or, by the generator, its size) spends nothing.
  const body = await readJsonBody(request);
  if (!body.ok && body.status !== 400) {
    return json(body.status, { statusCode: body.status, error: body.error });
  }
  const attempt = await deps.perAddress.reserve(rateLimitKey(clientAddress));
  if (!attempt.ok) return tooMany(attempt.retryAfter, LOCKED);
  // Unparseable JSON is one more malformed envelope, counted as one.
  if (!body.ok) return json(400, MALFORMED);
  const evaluation = deps.queue.run(() => evaluate(body.value, deps));
  if (!evaluation) {
    // Nothing was opened, so the attempt is not counted.
    await giveBack(attempt);
    return json(503, BUSY, { 'retry-after': String(BUSY_RETRY_AFTER_S) });
  }
  const outcome = await evaluation;
  if (outcome.status === 200) {
    await giveBack(attempt);
    return json(200, { statusCode: 200, license: deps.license });
  }
  if (outcome.status === 429) return tooMany(outcome.retryAfter, LOCKED);
  return json(outcome.status, outcome.status === 400 ? MALFORMED : WRONG);
}

async function evaluate(body: unknown, deps: LoginDeps): Promise<Outcome> {
  const credentials: Credentials | undefined = await deps.opener!.open(body);
  if (!credentials) return { status: 400 };
  // Counted whether or not the user exists, so a lock tells nothing about who has an account.
  const attempt = await deps.perAccount.reserve(accountKey(credentials.username));
  if (!attempt.ok) return { status: 429, retryAfter: attempt.retryAfter };
  if (!(await deps.checkPassword(credentials.username, credentials.password))) return { status: 401 };
  await giveBack(attempt);
  return { status: 200 };
}

/**
 * Gives an attempt back. If the database went away since the check, it
 * stays counted (one attempt, for the rest of its window) rather than turn
 * a success into a refusal.
 */
async function giveBack(attempt: { release(): Promise<void> }): Promise<void> {
  try {
    await attempt.release();
  } catch (error) {
    if (!(error instanceof StoreUnreachable)) throw error;
  }
}

/** A fixed-size key: a username is whatever a client sends, up to the size of a body. */
function accountKey(username: string): string {
  return createHash('sha256').update(username).digest('base64');
}
