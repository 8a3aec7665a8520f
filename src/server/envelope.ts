import { createDecipheriv } from 'node:crypto';
import forge from 'node-forge';

export interface Credentials {
  username: string;
  password: string;
}

export type LoginPrivateKey = forge.pki.rsa.PrivateKey;

/** Reads the PKCS#1 (or PKCS#8) PEM that `sitegen keys` writes. */
export function readPrivateKey(pem: string): LoginPrivateKey {
  return forge.pki.privateKeyFromPem(pem);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const HEX16 = /^[0-9a-fA-F]{16}$/;

/**
 * Opens a login envelope (DESIGN.md "Login envelope"). Every way it can be
 * malformed (bad base64, RSA or AES padding, a key or IV that is not 16 hex
 * characters, bad JSON, wrong field types) gives the same `undefined`, so the
 * caller cannot answer differently and become a padding oracle. The RSA step
 * uses node-forge: Node 20's privateDecrypt refuses RSA_PKCS1_PADDING since
 * the Marvin-attack fix.
 */
export function openEnvelope(body: unknown, privateKey: LoginPrivateKey): Credentials | undefined {
  try {
    if (!isStringRecord(body, ['key', 'iv', 'data'])) return undefined;
    const key = rsaDecrypt(body.key, privateKey);
    const iv = rsaDecrypt(body.iv, privateKey);
    if (key === undefined || iv === undefined || !HEX16.test(key) || !HEX16.test(iv) || !BASE64.test(body.data)) return undefined;
    const decipher = createDecipheriv('aes-128-cbc', Buffer.from(key, 'latin1'), Buffer.from(iv, 'latin1'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body.data, 'base64')), decipher.final()]);
    const credentials: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
    return isStringRecord(credentials, ['username', 'password']) ? credentials : undefined;
  } catch {
    return undefined;
  }
}

function rsaDecrypt(base64: string, privateKey: LoginPrivateKey): string | undefined {
  if (!BASE64.test(base64)) return undefined;
  const bytes = Buffer.from(base64, 'base64');
  // A ciphertext is exactly as long as the modulus; forge would also accept a shorter one.
  if (bytes.length !== Math.ceil(privateKey.n.bitLength() / 8)) return undefined;
  return privateKey.decrypt(bytes.toString('binary'), 'RSAES-PKCS1-V1_5');
}

/** An object with exactly these keys, each a string. */
function isStringRecord<K extends string>(value: unknown, keys: readonly K[]): value is Record<K, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.keys(record).length === keys.length && keys.every((key) => typeof record[key] === 'string');
}
