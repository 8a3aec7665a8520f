/**
 * What the reference API's commands do. Each imports what it needs when it
 * runs, as the generator's commands do: the SQLite driver and scrypt are
 * for these commands and the server only.
 */
import path from 'node:path';
import { ServerError, style } from 'sitegen/server';

import type { SubmissionFormat } from './submissions.ts';

/** The customer `sitegen start` makes on a fresh clone, so that the login can be tried at once. */
const DEMO_USERNAME = 'demo';

/**
 * `npm start` on a fresh clone: makes what the login needs and is not in git
 * (the key pair, and a demo customer whose random password is printed once;
 * only its scrypt hash is kept). Run before the build, which embeds the public key.
 */
export async function prepareFirstStart(root: string): Promise<void> {
  const [{ ensureLoginKeys }, { saveUser, randomPassword }, { stateFiles }, { openStore, StoreUnreachable }] = await Promise.all([
    import('./keys.ts'), import('./users.ts'), import('./state.ts'), import('./store.ts'),
  ]);
  if (await ensureLoginKeys(root)) {
    console.log(`made the login key pair in ${stateFiles(root).dir}`);
  }
  // Lazy, as the server's: an instance restarting while PostgreSQL is down still serves its pages.
  const store = await openStore(root, { lazy: true });
  try {
    if (await store.users.count() > 0) return;
    const password = randomPassword();
    await saveUser(store.users, DEMO_USERNAME, password);
    console.log(`made a demo customer for /customerlogin: username ${style('bold', DEMO_USERNAME)}, password ${style('bold', password)}`);
    console.log('  (shown this once; only its scrypt hash is kept. `sitegen users add NAME --force` sets a new one)');
  } catch (error) {
    if (!(error instanceof StoreUnreachable)) throw error;
    console.warn('warning: no demo customer was made, since the database cannot be reached; `sitegen users add NAME` makes one later');
  } finally {
    await store.close();
  }
}

export async function keysCommand(root: string, force: boolean): Promise<void> {
  const { makeLoginKeys } = await import('./keys.ts');
  const files = await makeLoginKeys(root, { force });
  console.log(`wrote ${files.privateKey} (private, mode 0600) and ${files.publicKey}; rebuild the site to embed the new public key`);
}

/** `sitegen users add NAME`: the password comes from standard input, never from the command line. */
export async function usersAddCommand(root: string, username: string, force: boolean): Promise<void> {
  const [{ readPassword }, { saveUser }, { openStore }] = await Promise.all([
    import('./password-input.ts'), import('./users.ts'), import('./store.ts'),
  ]);
  // Opened first, so that a database that cannot be reached is said before the password is asked for.
  const store = await openStore(root);
  try {
    const password = await readPassword(`password for ${username}: `);
    if (process.stdin.isTTY && password !== await readPassword('repeat it: ')) {
      throw new ServerError('password-mismatch', 'the two passwords differ; nothing was changed');
    }
    await saveUser(store.users, username, password, { replace: force });
    console.log(`saved user ${username} (its scrypt hash, in ${store.description.replace(process.cwd() + path.sep, '')})`);
  } finally {
    await store.close();
  }
}

export async function submissionsCommand(root: string, format: SubmissionFormat): Promise<void> {
  const [{ openStore }, { formatSubmissions }] = await Promise.all([import('./store.ts'), import('./submissions.ts')]);
  // Its one line about imported customers goes to stderr: stdout is the listing.
  const store = await openStore(root, { log: (line) => console.error(line) });
  try {
    process.stdout.write(formatSubmissions(await store.list(), format));
  } finally {
    await store.close();
  }
}
