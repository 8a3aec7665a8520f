import { createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from './errors.ts';
import type { RawDoc } from './load.ts';
import type { SiteInfo } from './model.ts';

/** The RSA public key as the login island takes it: JWK `n` and `e`, base64url. */
export interface LoginPublicKey {
  n: string;
  e: string;
}

export function publicKeyFromPem(pem: string): LoginPublicKey {
  const jwk = createPublicKey(pem).export({ format: 'jwk' });
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('not an RSA public key');
  return { n: jwk.n, e: jwk.e };
}

/**
 * Reads the PEM that content/site.yaml names in `api.publicKey` (relative to
 * the root) into `site.api.loginKey`, where the login page finds it. A site
 * without `api.publicKey` has no login and needs no key. A missing file is a
 * user error that says how to make one, rather than a site whose login
 * cannot work.
 */
export async function withLoginKey(root: string, site: SiteInfo, siteDoc?: RawDoc): Promise<SiteInfo> {
  const file = site.api.publicKey;
  if (!file) return site;
  const location = { file: 'content/site.yaml', ...siteDoc?.locate(['api', 'publicKey']) };
  let pem: string;
  try {
    pem = await readFile(path.resolve(root, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new SiteError('no-login-key', `the login public key ${file} does not exist`, {
      location, field: 'api.publicKey', cause: error,
      hint: `run \`sitegen keys${root === process.cwd() ? '' : ` --root ${root}`}\` to make the key pair (\`npm start\` makes it by itself)`,
    });
  }
  try {
    return { ...site, api: { ...site.api, loginKey: publicKeyFromPem(pem) } };
  } catch (error) {
    throw new SiteError('bad-login-key', `${file} is not an RSA public key in PEM form`, {
      location, field: 'api.publicKey', cause: error, hint: 'run `sitegen keys --force` to make a new key pair',
    });
  }
}
