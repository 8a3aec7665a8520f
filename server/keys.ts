import { generateKeyPair } from 'node:crypto';
import { access, chmod, mkdir, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { ServerError } from 'sitegen/server';
import { PRIVATE_MODE, stateFiles } from './state.ts';

const generate = promisify(generateKeyPair);

/**
 * Makes the login key pair: a 2048-bit RSA key whose public half the build
 * embeds in the login island and whose private half only the reference API
 * reads. The private key is PKCS#1 PEM, which node:crypto and node-forge (the
 * tests' cross-check of the browser's envelope) both read.
 */
export async function makeLoginKeys(root: string, options: { force?: boolean } = {}): Promise<{ privateKey: string; publicKey: string }> {
  const files = stateFiles(root);
  if (!options.force && (await exists(files.privateKey) || await exists(files.publicKey))) {
    throw new ServerError('keys-exist', `a login key pair already exists in ${files.dir}`, {
      hint: 'pass --force to replace it; logins sealed with the old public key then fail until the site is rebuilt',
    });
  }
  const pair = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  await mkdir(files.dir, { recursive: true, mode: 0o700 });
  await writeFile(files.privateKey, pair.privateKey, { mode: PRIVATE_MODE });
  // writeFile's mode applies only to a new file; --force may overwrite one made looser by hand.
  await chmod(files.privateKey, PRIVATE_MODE);
  await writeFile(files.publicKey, pair.publicKey, { mode: 0o644 });
  return { privateKey: files.privateKey, publicKey: files.publicKey };
}

/**
 * Makes the key pair unless both halves exist (for `sitegen start` and the
 * tests); true when it made one. Two processes racing here both end with
 * the same pair on disk.
 */
export async function ensureLoginKeys(root: string): Promise<boolean> {
  if (await hasLoginKeys(root)) return false;
  try {
    await makeLoginKeys(root);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'keys-exist' && await hasLoginKeys(root)) return false;
    throw error;
  }
}

/** True when both halves of the login key pair are in ROOT/.sitegen/. */
export async function hasLoginKeys(root: string): Promise<boolean> {
  const files = stateFiles(root);
  return await exists(files.privateKey) && await exists(files.publicKey);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}
