import { createHash } from 'node:crypto';
import { logServerError, rateLimitKey, type Endpoint, type ErrorLog } from 'sitegen/server';
import { readJsonBody } from './body.ts';
import { json, tooMany, unreachable } from './respond.ts';
import type { RateLimiter } from './rate-limit.ts';
import { StoreUnreachable, type NewSubmission, type Store } from './store.ts';
import { NULLABLE_FIELDS, REQUEST_FIELDS, REQUEST_RULES, type RequestField } from './contract.ts';

export type Validation = { ok: true; submission: NewSubmission } | { ok: false; field: string; error: string };

/** Checks a contact or demo request; a failure names the first field at fault. */
export function validateSubmission(body: unknown): Validation {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, field: '(body)', error: 'expected a JSON object' };
  const fields = body as Record<string, unknown>;
  const type = fields.request_type;
  if (typeof type !== 'string' || !Object.hasOwn(REQUEST_RULES, type)) {
    return { ok: false, field: 'request_type', error: 'request_type must be "contact", "demo" or ""' };
  }
  const { required, optional } = REQUEST_RULES[type as keyof typeof REQUEST_RULES];
  const allowed = (field: string): field is RequestField => (required as readonly string[]).includes(field) || (optional as readonly string[]).includes(field);
  for (const field of Object.keys(fields)) {
    if (field !== 'request_type' && !allowed(field)) {
      return { ok: false, field, error: `unknown field ${field} for request_type "${type}"` };
    }
  }
  for (const field of [...required, ...optional]) {
    const value = fields[field];
    const present = value !== undefined;
    const nullable = NULLABLE_FIELDS.includes(field);
    if (present && typeof value !== 'string' && !(value === null && nullable)) {
      return { ok: false, field, error: `${field} must be a string${nullable ? ' or null' : ''}` };
    }
    if (required.includes(field) && (typeof value !== 'string' || value.trim() === '')) {
      return { ok: false, field, error: `${field} is required` };
    }
  }
  // Required fields are non-empty strings by now; the others are a string or null (absent is stored as null).
  const submission = Object.fromEntries(REQUEST_FIELDS.map((field) => [field, typeof fields[field] === 'string' ? fields[field] : null]));
  return { ok: true, submission: { request_type: type, ...submission } as NewSubmission };
}

const UNREACHABLE = { error: 'the request cannot be stored just now; please try again in a few seconds' };

/**
 * The request's Idempotency-Key (the IETF HTTP API working group's draft):
 * undefined without one, false when it is not a key (empty, too long, not
 * visible ASCII).
 */
function idempotencyKeyOf(request: Request): string | false | undefined {
  const value = request.headers.get('idempotency-key');
  if (value === null) return undefined;
  return /^[\x21-\x7e]{1,255}$/.test(value) ? value : false;
}

/**
 * A key as the store keeps it: the client's own, so that another client
 * that sends the same key (guessed, or copied from a shared script) makes a
 * request of its own rather than get the first one's id. A hash of address
 * and key, so the store holds no address; a retry comes from the address of
 * the lost request (a client that moved networks meanwhile stores again,
 * which is what it would do with no key at all).
 */
function clientsKey(clientAddress: string, key: string): string {
  return createHash('sha256').update(`${clientAddress}\n${key}`).digest('base64url');
}

/**
 * POST {api.contactUrl}: validates, stores (committed before the answer),
 * answers 200. With an Idempotency-Key it stores once per key: a retry after
 * a lost reply gets the first answer, and nothing is stored twice.
 */
export function contactHandler(store: Pick<Store, 'add' | 'addOnce'>, limiter: RateLimiter, logError: ErrorLog = logServerError): Endpoint {
  return async (request, { clientAddress }) => {
    // Read before anything is counted: a request refused for its origin or type (or, by the generator, its size) spends nothing.
    const body = await readJsonBody(request);
    if (!body.ok && body.status !== 400) return json(body.status, { error: body.error });
    let allowed;
    try {
      // Counted whatever follows, as every request costs the server its work: a reservation never given back.
      allowed = await limiter.reserve(rateLimitKey(clientAddress));
    } catch (error) {
      if (error instanceof StoreUnreachable) return unreachable(UNREACHABLE);
      throw error;
    }
    if (!allowed.ok) return tooMany(allowed.retryAfter, { error: 'too many requests; try again later' });
    if (!body.ok) return json(400, { error: body.error });
    const result = validateSubmission(body.value);
    if (!result.ok) return json(400, { error: result.error, field: result.field });
    const key = idempotencyKeyOf(request);
    if (key === false) return json(400, { error: 'Idempotency-Key must be 1 to 255 visible ASCII characters', field: 'Idempotency-Key' });
    let id: number;
    try {
      if (key === undefined) {
        id = await store.add(result.submission);
      } else {
        const stored = await store.addOnce(result.submission, clientsKey(clientAddress, key));
        // The IETF draft's answer to a key reused with another request: nothing is stored, the client is told.
        if (!stored.same) return json(422, { error: 'this Idempotency-Key was sent with another request', field: 'Idempotency-Key' });
        id = stored.id;
      }
    } catch (error) {
      // Nothing is acknowledged that `sitegen submissions` could not read back.
      if (error instanceof StoreUnreachable) return unreachable(UNREACHABLE); // the store says so once per outage
      logError(error, `${request.method} ${new URL(request.url).pathname}`);
      return json(500, { error: 'the request could not be stored; please try again later' });
    }
    return json(200, { ok: true, id });
  };
}
