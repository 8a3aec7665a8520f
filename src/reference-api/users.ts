import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { SiteError } from '../errors.ts';
import { PRIVATE_MODE, stateFiles } from './state.ts';

/** scrypt cost: N = 2^15 takes about 0.15 s here: slow for a guesser, fine for one login. */
const COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;
export const MIN_PASSWORD_LENGTH = 8;

/** One customer as ROOT/.sitegen/users.json keeps them: never the password, only its scrypt hash. */
interface StoredUser {
  salt: string;
  hash: string;
  N: number;
  r: number;
  p: number;
}

type UsersFile = Record<string, StoredUser>;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: N = 2^15 with r = 8 needs 32 MiB, above Node's 32 MiB default once overhead is counted.
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function readUsers(root: string): Promise<UsersFile> {
  try {
    return JSON.parse(await readFile(stateFiles(root).users, 'utf8')) as UsersFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** Adds (or with `replace`, updates) a customer; the file is written whole and renamed in, mode 0600. */
export async function addUser(root: string, username: string, password: string, options: { replace?: boolean } = {}): Promise<void> {
  if (!USERNAME.test(username)) {
    throw new SiteError('bad-username', `"${username}" is not a valid username`, { hint: 'use 1 to 64 letters, digits, or . _ @ -' });
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new SiteError('weak-password', `the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const users = await readUsers(root);
  if (users[username] && !options.replace) {
    throw new SiteError('user-exists', `user "${username}" already exists`, { hint: 'pass --force to set a new password' });
  }
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST);
  users[username] = { salt: salt.toString('base64'), hash: hash.toString('base64'), ...COST };
  const files = stateFiles(root);
  await mkdir(files.dir, { recursive: true, mode: 0o700 });
  const temporary = `${files.users}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(users, null, 2) + '\n', { mode: PRIVATE_MODE });
  await chmod(temporary, PRIVATE_MODE);
  await rename(temporary, files.users);
}

// Unknown users are checked against this, so they cost the same scrypt time as known ones.
const DECOY: StoredUser = { salt: randomBytes(16).toString('base64'), hash: randomBytes(KEY_LENGTH).toString('base64'), ...COST };

/** True when the password matches the stored hash; compared in constant time. */
export async function verifyUser(users: UsersFile, username: string, password: string): Promise<boolean> {
  const known = Object.hasOwn(users, username);
  const user = known ? users[username] : DECOY;
  const expected = Buffer.from(user.hash, 'base64');
  const actual = await derive(password, Buffer.from(user.salt, 'base64'), user);
  return actual.length === expected.length && timingSafeEqual(actual, expected) && known;
}

/** A random password for the demo customer: 16 URL-safe characters (96 bits). */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
