import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ServerError, readContentFile, type Routes } from 'sitegen/server';
import { stateFiles } from './state.ts';
import { contactHandler } from './contact.ts';
import { loginHandler } from './login.ts';
import { LICENSE_FILE, loadLicense, type License } from './license.ts';
import { readPrivateKey } from './envelope.ts';
import { createEnvelopeOpener } from './envelope-opener.ts';
import type { RateLimit } from './rate-limit.ts';
import { openStore } from './store.ts';
import { createWorkQueue, type WorkQueueLimits } from './work-queue.ts';
import { verifyUser } from './users.ts';

export interface ApiOptions {
  /** Contact and demo requests per client (default 20 a minute). */
  contactLimit?: RateLimit;
  /** Login attempts that did not succeed, per client address, before it is refused (default 10 in 15 minutes). */
  loginFailureLimit?: RateLimit;
  /** The same per username, from any address (default 10 in 15 minutes). */
  accountFailureLimit?: RateLimit;
  /** Logins opened and checked at once, and how many may wait (default 2 and 32); beyond that, 503. */
  loginQueue?: WorkQueueLimits;
  /** The store's URL; by default SITEGEN_DATABASE_URL's (unset: the embedded SQLite file). Never a flag: it may hold a password. */
  databaseUrl?: string;
}

/**
 * The API's endpoints, for the site's server to mount, and how to let go of
 * its database (the pool of connections, or the SQLite file). Which client a
 * rate limit counts is the generator's to say (the socket's peer, or what
 * --trust-proxy believes of X-Forwarded-For).
 */
export interface ReferenceApi {
  routes: Routes;
  close(): Promise<void>;
}

export const DEFAULT_CONTACT_LIMIT: RateLimit = { max: 20, windowMs: 60_000 };
export const DEFAULT_LOGIN_FAILURE_LIMIT: RateLimit = { max: 10, windowMs: 15 * 60_000 };
export const DEFAULT_ACCOUNT_FAILURE_LIMIT: RateLimit = { max: 10, windowMs: 15 * 60_000 };
// Two at a time leaves two of libuv's four threads to the file reads of the pages while scrypt runs.
export const DEFAULT_LOGIN_QUEUE: WorkQueueLimits = { concurrency: 2, capacity: 32 };

/**
 * The reference API (contact, demo and login) on the site's origin, at the
 * paths content/site.yaml gives in `api`; each answers POST (the generator
 * answers 405 to any other method).
 */
export async function createApi(root: string, options: ApiOptions = {}): Promise<ReferenceApi> {
  const urls = await apiPaths(root);
  // First, so that a .sitegen/ that cannot be written is reported as the store reports it, in one line.
  // Lazy: a PostgreSQL that is down at start gets 503s from the API, not a server that does not start.
  const store = await openStore(root, { databaseUrl: options.databaseUrl, lazy: true });
  let privateKeyPem: string | undefined;
  let license: License | undefined;
  try {
    privateKeyPem = await readLoginKey(root);
    license = await loadLicense(root);
  } catch (error) {
    await store.close();
    throw error;
  }
  if (!license) console.warn(`warning: ${LICENSE_FILE} is missing; logins answer 503`);
  const routes: Routes = {
    [urls.contact]: { POST: contactHandler(store, store.limiter('contact', options.contactLimit ?? DEFAULT_CONTACT_LIMIT)) },
    [urls.login]: { POST: loginHandler({
      opener: privateKeyPem === undefined ? undefined : createEnvelopeOpener(privateKeyPem),
      license,
      // Read from the store at each login, so that `sitegen users add` works without a restart, on every instance.
      checkPassword: (username, password) => verifyUser(store.users, username, password),
      perAddress: store.limiter('login-address', options.loginFailureLimit ?? DEFAULT_LOGIN_FAILURE_LIMIT),
      perAccount: store.limiter('login-account', options.accountFailureLimit ?? DEFAULT_ACCOUNT_FAILURE_LIMIT),
      // Per process: it shields this machine's CPU from scrypt, which is not shared.
      queue: createWorkQueue(options.loginQueue ?? DEFAULT_LOGIN_QUEUE),
    }) },
  };
  return { routes, close: () => store.close() };
}

/**
 * The private login key, or undefined (with a warning: logins then answer
 * 503) until `sitegen keys` has made it. It is read here only to fail at
 * start on a bad key; the envelopes are opened on a worker thread.
 */
async function readLoginKey(root: string): Promise<string | undefined> {
  const file = stateFiles(root).privateKey;
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') {
      console.warn(`warning: no login key in ${stateFiles(root).dir}; logins answer 503 until \`sitegen keys\` has run`);
      return undefined;
    }
    throw new ServerError('login-key', `cannot read the login key at ${file} (${code ?? message})`, { hint: 'make it readable by the user running sitegen, or run `sitegen keys --force` for a new pair', cause: error });
  }
  try {
    readPrivateKey(pem);
  } catch (error) {
    throw new ServerError('login-key', `${file} is not an RSA private key in PEM form`, { hint: 'run `sitegen keys --force` for a new pair, then rebuild the site', cause: error });
  }
  return pem;
}

/** What the API reads of content/site.yaml: its calls' addresses, if it gives them (the build checks the rest). */
const SITE_API = z.looseObject({
  api: z.looseObject({ contactUrl: z.string().optional(), loginUrl: z.string().optional() }).nullish(),
});

/** The paths of api.contactUrl and api.loginUrl in content/site.yaml (a full URL counts by its path). */
async function apiPaths(root: string): Promise<{ contact: string; login: string }> {
  const api = (await readContentFile(root, 'content/site.yaml', SITE_API))?.api ?? {};
  const pathOf = (url: string | undefined, fallback: string) => (url === undefined ? fallback : new URL(url, 'http://localhost').pathname);
  return { contact: pathOf(api.contactUrl, '/api/contact'), login: pathOf(api.loginUrl, '/api/login') };
}
