import type http from 'node:http';
import { readJsonBody } from './body.ts';
import { openEnvelope, type LoginPrivateKey } from './envelope.ts';
import { clientOf, sendJson, tooMany } from './respond.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { License } from './license.ts';
import { readUsers, verifyUser } from '../users.ts';

export interface LoginDeps {
  root: string;
  /** Undefined until `sitegen keys` has run: logins are then refused with 503. */
  privateKey?: LoginPrivateKey;
  license?: License;
  /** Counts failed attempts (malformed or wrong) per client. */
  failures: RateLimiter;
}

// One body for every malformed envelope, whatever failed inside: no padding oracle.
const MALFORMED = { statusCode: 400, error: 'bad request' };
const WRONG = { statusCode: 401 };

/**
 * POST {api.loginUrl}: opens the envelope, checks the credentials against
 * the scrypt hashes of ROOT/.sitegen/users.json and answers the license on
 * success. A client with too many failures is refused before any work.
 */
export function loginHandler(deps: LoginDeps) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const client = clientOf(req);
    const wait = deps.failures.retryAfter(client);
    if (wait > 0) return tooMany(res, wait, { statusCode: 429, error: 'too many failed logins; try again later' });
    if (!deps.privateKey || !deps.license) {
      return sendJson(res, 503, { statusCode: 503, error: 'login is not set up on this server: run `sitegen keys` and add content/private/license.yaml' });
    }
    const body = await readJsonBody(req);
    if (!body.ok) {
      deps.failures.record(client);
      // Unparseable JSON is one more malformed envelope; a wrong type or size is not about the envelope.
      if (body.status === 400) return sendJson(res, 400, MALFORMED);
      return sendJson(res, body.status, { statusCode: body.status, error: body.error }, body.status === 413 ? { connection: 'close' } : {});
    }
    const credentials = openEnvelope(body.value, deps.privateKey);
    if (!credentials) {
      deps.failures.record(client);
      return sendJson(res, 400, MALFORMED);
    }
    // Re-read on each login, so that `sitegen users add` works without a restart.
    const ok = await verifyUser(await readUsers(deps.root), credentials.username, credentials.password);
    if (!ok) {
      deps.failures.record(client);
      return sendJson(res, 401, WRONG);
    }
    sendJson(res, 200, { statusCode: 200, license: deps.license });
  };
}
