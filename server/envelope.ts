import { constants, createDecipheriv, createPrivateKey, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';

export interface Credentials {
  username: string;
  password: string;
}

/** The login's private key, with what openEnvelope needs besides it. */
export interface LoginPrivateKey {
  key: KeyObject;
  /** The modulus, big-endian: every RSA block is this long and below it. */
  modulus: Buffer;
  /** A valid block that stands in for a field that holds none, so that the field still costs one decryption. */
  filler: Buffer;
}

/** Reads the PKCS#1 (or PKCS#8) PEM that `sitegen keys` writes. */
export function readPrivateKey(pem: string): LoginPrivateKey {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`the login key is ${key.asymmetricKeyType}, not RSA: make a new one with \`sitegen keys --force\``);
  const modulus = Buffer.from((key.export({ format: 'jwk' }) as { n: string }).n, 'base64url');
  const filler = randomBytes(modulus.length);
  filler[0] = 0;
  return { key, modulus, filler };
}

/** The costly steps of opening an envelope; a test swaps them to watch their order. */
export interface EnvelopeSteps {
  /** RSA without removing any padding, of one block as long as the modulus. */
  rsa(block: Buffer): Buffer;
  /** Random bytes: the stand-in key or IV when a block's padding is wrong. */
  random(size: number): Buffer;
  /** AES-128-CBC with PKCS#7 padding; undefined when the padding is wrong. */
  aes(key: Buffer, iv: Buffer, data: Buffer): Buffer | undefined;
}

/**
 * The steps with node:crypto. Node 20 refuses PKCS#1 v1.5 padding in
 * privateDecrypt since the Marvin-attack fix, so the RSA runs with no padding
 * (OpenSSL: constant time, blinded) and the padding is checked here.
 */
export function envelopeSteps(privateKey: LoginPrivateKey): EnvelopeSteps {
  return {
    rsa: (block) => privateDecrypt({ key: privateKey.key, padding: constants.RSA_NO_PADDING }, block),
    random: (size) => randomBytes(size),
    aes(key, iv, data) {
      const decipher = createDecipheriv('aes-128-cbc', key, iv);
      try {
        return Buffer.concat([decipher.update(data), decipher.final()]);
      } catch {
        return undefined;
      }
    },
  };
}

/** The key and the IV are each 16 characters, sent as their 16 ASCII bytes. */
const SECRET_LENGTH = 16;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** 0 for the bytes of the hex digits, 1 for every other byte. */
const NOT_HEX = Uint8Array.from({ length: 256 }, (_, byte) => (/[0-9a-fA-F]/.test(String.fromCharCode(byte)) ? 0 : 1));
const NOTHING = Buffer.alloc(0);

/**
 * Opens a login envelope (DESIGN.md "Login envelope"), or gives undefined.
 * Whatever is wrong with it (not an envelope, bad base64, a block of the
 * wrong size, bad RSA or AES padding, a key or IV that is not 16 hex
 * characters, bad JSON, wrong field types), it takes the same steps in the
 * same order: both RSA decryptions, then the AES one, and fails in one place
 * at the end. A block with bad padding goes on with a random key (implicit
 * rejection, as in RFC 8017's note on Bleichenbacher's attack), so neither the
 * answer nor the time tells a client whether its padding was right.
 */
export function openEnvelope(body: unknown, privateKey: LoginPrivateKey, steps = envelopeSteps(privateKey)): Credentials | undefined {
  const fields = isStringRecord(body, ['key', 'iv', 'data']) ? body : undefined;
  const key = decryptSecret(fields?.key, privateKey, steps);
  const iv = decryptSecret(fields?.iv, privateKey, steps);
  const data = fields && BASE64.test(fields.data) ? Buffer.from(fields.data, 'base64') : NOTHING;
  const credentials = parseCredentials(steps.aes(key.bytes, iv.bytes, data));
  return fields && key.ok && iv.ok ? credentials : undefined;
}

/** One RSA decryption whatever the field holds; `bytes` are 16 bytes to go on with, `ok` whether they are what was sent. */
function decryptSecret(field: string | undefined, privateKey: LoginPrivateKey, steps: EnvelopeSteps): { bytes: Buffer; ok: boolean } {
  const block = rsaBlock(field, privateKey.modulus);
  const decrypted = steps.rsa(block ?? privateKey.filler);
  const padded = hasPadding(decrypted) && block !== undefined;
  const bytes = select(padded, decrypted.subarray(decrypted.length - SECRET_LENGTH), steps.random(SECRET_LENGTH));
  return { bytes, ok: padded && isHex(bytes) };
}

/** The field's bytes when it is base64 of a block the size of the modulus and below it (all public facts). */
function rsaBlock(field: string | undefined, modulus: Buffer): Buffer | undefined {
  if (field === undefined || field.length !== Math.ceil(modulus.length / 3) * 4 || !BASE64.test(field)) return undefined;
  const block = Buffer.from(field, 'base64');
  return block.length === modulus.length && Buffer.compare(block, modulus) < 0 ? block : undefined;
}

/**
 * 00 02, non-zero padding, 00, then a 16-byte message (RFC 8017 §7.2.2). Since
 * the message has a fixed length, the zero that ends the padding has a fixed
 * place, and every byte is looked at, with no early exit.
 */
function hasPadding(decrypted: Buffer): boolean {
  const separator = decrypted.length - SECRET_LENGTH - 1;
  let wrong = decrypted[0] | (decrypted[1] ^ 2) | decrypted[separator];
  for (let index = 2; index < separator; index++) wrong |= (decrypted[index] - 1) >>> 31;
  return wrong === 0;
}

/** `whenTrue` or `whenFalse`, chosen with a mask rather than a branch. */
function select(condition: boolean, whenTrue: Buffer, whenFalse: Buffer): Buffer {
  const mask = -Number(condition) & 0xff;
  const chosen = Buffer.alloc(whenTrue.length);
  for (let index = 0; index < chosen.length; index++) chosen[index] = (whenTrue[index] & mask) | (whenFalse[index] & ~mask);
  return chosen;
}

function isHex(bytes: Buffer): boolean {
  let wrong = 0;
  for (const byte of bytes) wrong |= NOT_HEX[byte];
  return wrong === 0;
}

function parseCredentials(plain: Buffer | undefined): Credentials | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain ?? NOTHING));
    return isStringRecord(value, ['username', 'password']) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An object with exactly these keys, each a string. */
function isStringRecord<K extends string>(value: unknown, keys: readonly K[]): value is Record<K, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.keys(record).length === keys.length && keys.every((key) => typeof record[key] === 'string');
}
