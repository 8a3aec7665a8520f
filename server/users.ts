import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ServerError } from 'sitegen/server';
import { openStore, type StoredUser, type UserTable } from './store.ts';

/** scrypt cost: N = 2^15 takes about 0.15 s here: slow for a guesser, fine for one login. */
const COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;
export const MIN_PASSWORD_LENGTH = 8;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: N = 2^15 with r = 8 needs 32 MiB, above Node's 32 MiB default once overhead is counted.
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Adds (or with `replace`, updates) a customer in the store: only the scrypt hash of the password is kept. */
export async function saveUser(users: UserTable, username: string, password: string, options: { replace?: boolean } = {}): Promise<void> {
  if (!USERNAME.test(username)) {
    throw new ServerError('bad-username', `"${username}" is not a valid username`, { hint: 'use 1 to 64 letters, digits, or . _ @ -' });
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ServerError('weak-password', `the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST);
  const saved = await users.save(username, { salt: salt.toString('base64'), hash: hash.toString('base64'), ...COST }, options.replace ?? false);
  if (!saved) throw new ServerError('user-exists', `user "${username}" already exists`, { hint: 'pass --force to set a new password' });
}

/** saveUser on the store of the site at `root` (SITEGEN_DATABASE_URL's, or `databaseUrl`), opened for this one call. */
export async function addUser(root: string, username: string, password: string, options: { replace?: boolean; databaseUrl?: string } = {}): Promise<void> {
  const store = await openStore(root, { databaseUrl: options.databaseUrl });
  try {
    await saveUser(store.users, username, password, options);
  } finally {
    await store.close();
  }
}

// Unknown users are checked against this, so they cost the same scrypt time as known ones.
const DECOY: StoredUser = { salt: randomBytes(16).toString('base64'), hash: randomBytes(KEY_LENGTH).toString('base64'), ...COST };

/** True when the password matches the stored hash; compared in constant time. */
export async function verifyUser(users: Pick<UserTable, 'find'>, username: string, password: string): Promise<boolean> {
  // A name no customer can have is not looked up: a client sends whatever it likes, NUL bytes included.
  const found = USERNAME.test(username) ? await users.find(username) : undefined;
  const user = found ?? DECOY;
  const expected = Buffer.from(user.hash, 'base64');
  const actual = await derive(password, Buffer.from(user.salt, 'base64'), user);
  return actual.length === expected.length && timingSafeEqual(actual, expected) && found !== undefined;
}

/** A random password for the demo customer: 16 URL-safe characters (96 bits). */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
