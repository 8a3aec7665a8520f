/**
 * The login's RSA public key as the login island takes it: the PEM that
 * `sitegen keys` writes, read at build time by site.yaml's `api.publicKey`
 * (a localFile), turned into JWK `n` and `e` (base64url). Runs in the
 * template bundle on Node only; the island gets the plain {n, e}.
 */
import { createPublicKey } from 'node:crypto';
import type { RsaPublicKey } from './envelope.ts';

export function publicKeyFromPem(pem: string): RsaPublicKey {
  const jwk = createPublicKey(pem).export({ format: 'jwk' });
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('not an RSA public key');
  return { n: jwk.n, e: jwk.e };
}
