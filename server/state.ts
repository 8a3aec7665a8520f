import path from 'node:path';

/**
 * Where sitegen keeps what must stay out of git and out of dist/: the login
 * key pair, the customers' password hashes and the stored form submissions.
 * ROOT/.sitegen/ is gitignored, and the build never copies it.
 */
export function stateFiles(root: string) {
  const dir = path.join(root, '.sitegen');
  return {
    dir,
    privateKey: path.join(dir, 'login-private.pem'),
    publicKey: path.join(dir, 'login-public.pem'),
    users: path.join(dir, 'users.json'),
    database: path.join(dir, 'submissions.db'),
  };
}

/** Owner read and write only: for the private key, the users file and the database. */
export const PRIVATE_MODE = 0o600;
