import type http from 'node:http';
import { SiteError } from '../errors.ts';
import { readJsonBody } from './body.ts';
import { clientOf, sendJson, tooMany } from './respond.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { NewSubmission, SubmissionStore } from './store.ts';

/**
 * What each request_type must and may carry (spec sections 3 to 5). The
 * demo form sends '' from its second submit on, since the form clears
 * request_type after every send; '' may come from either form, so it
 * accepts their union: the four fields both require, message and lastname
 * optional. It is stored as '' because that is what arrived.
 */
const RULES: Record<string, { required: readonly string[]; optional: readonly string[] }> = {
  contact: { required: ['name', 'company_name', 'email_id', 'mobile_number', 'message'], optional: [] },
  demo: { required: ['name', 'company_name', 'email_id', 'mobile_number'], optional: ['lastname', 'message'] },
  '': { required: ['name', 'company_name', 'email_id', 'mobile_number'], optional: ['lastname', 'message'] },
};

/** Fields that may be null besides a string: the demo form sends message: null. */
const NULLABLE = new Set(['message']);

export type Validation = { ok: true; submission: NewSubmission } | { ok: false; field: string; error: string };

/** Checks a contact or demo request; a failure names the first field at fault. */
export function validateSubmission(body: unknown): Validation {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, field: '(body)', error: 'expected a JSON object' };
  const fields = body as Record<string, unknown>;
  const type = fields.request_type;
  if (typeof type !== 'string' || !Object.hasOwn(RULES, type)) {
    return { ok: false, field: 'request_type', error: 'request_type must be "contact", "demo" or ""' };
  }
  const { required, optional } = RULES[type];
  for (const field of Object.keys(fields)) {
    if (field !== 'request_type' && !required.includes(field) && !optional.includes(field)) {
      return { ok: false, field, error: `unknown field ${field} for request_type "${type}"` };
    }
  }
  for (const field of [...required, ...optional]) {
    const value = fields[field];
    const present = value !== undefined;
    if (present && typeof value !== 'string' && !(value === null && NULLABLE.has(field))) {
      return { ok: false, field, error: `${field} must be a string${NULLABLE.has(field) ? ' or null' : ''}` };
    }
    if (required.includes(field) && (typeof value !== 'string' || value.trim() === '')) {
      return { ok: false, field, error: `${field} is required` };
    }
  }
  const text = (field: string) => (typeof fields[field] === 'string' ? fields[field] as string : null);
  return {
    ok: true,
    submission: {
      request_type: type, name: text('name')!, lastname: text('lastname'), company_name: text('company_name')!,
      email_id: text('email_id')!, mobile_number: text('mobile_number')!, message: text('message'),
    },
  };
}

/** POST {api.contactUrl}: validates, stores (committed before the answer), answers 200. */
export function contactHandler(store: SubmissionStore, limiter: RateLimiter) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const client = clientOf(req);
    const wait = limiter.retryAfter(client);
    if (wait > 0) return tooMany(res, wait, { error: 'too many requests; try again later' });
    limiter.record(client);
    const body = await readJsonBody(req);
    if (!body.ok) return sendJson(res, body.status, { error: body.error }, body.status === 413 ? { connection: 'close' } : {});
    const result = validateSubmission(body.value);
    if (!result.ok) return sendJson(res, 400, { error: result.error, field: result.field });
    let id: number;
    try {
      id = store.add(result.submission);
    } catch (error) {
      // Nothing is acknowledged that `sitegen submissions` could not read back.
      console.error(error instanceof SiteError ? `error: ${error.message}` : error);
      return sendJson(res, 500, { error: 'the request could not be stored; please try again later' });
    }
    sendJson(res, 200, { ok: true, id });
  };
}
