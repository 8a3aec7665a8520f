/**
 * The login envelope of DESIGN.md, made in the browser. Web Crypto does the
 * AES-CBC; the RSAES-PKCS1-v1_5 step is written out with BigInt because Web
 * Crypto has no PKCS#1 v1.5 encryption, and a library for it (node-forge,
 * JSEncrypt) weighs 30 to 80 KB against about 1 KB here. Runs unchanged in
 * Node 20, whose globalThis.crypto is the same API, so the unit tests
 * cross-check it against node-forge on the server side.
 */

/** An RSA public key as the JWK fields `n` and `e` (base64url, big-endian). */
export interface RsaPublicKey {
  n: string;
  e: string;
}

/** What the client POSTs: each field is base64. */
export interface Envelope {
  key: string;
  iv: string;
  data: string;
}

export interface Credentials {
  username: string;
  password: string;
}

/** Seals the credentials for the login endpoint. */
export async function sealCredentials(credentials: Credentials, publicKey: RsaPublicKey, crypto: Crypto = globalThis.crypto): Promise<Envelope> {
  const key = randomHex(crypto);
  const iv = randomHex(crypto);
  const plain = new TextEncoder().encode(JSON.stringify({ username: credentials.username, password: credentials.password }));
  const aesKey = await crypto.subtle.importKey('raw', ascii(key), 'AES-CBC', false, ['encrypt']);
  // Web Crypto's AES-CBC always pads with PKCS#7, as CryptoJS does.
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv: ascii(iv) }, aesKey, plain));
  return {
    key: toBase64(rsaEncrypt(ascii(key), publicKey, crypto)),
    iv: toBase64(rsaEncrypt(ascii(iv), publicKey, crypto)),
    data: toBase64(data),
  };
}

/** 16 hex characters (64 random bits), used as their ASCII bytes: the JSEncrypt + CryptoJS convention. */
export function randomHex(crypto: Crypto): string {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** RSAES-PKCS1-v1_5 encryption (RFC 8017 §7.2.1): 00 02 PS 00 M, raised to e modulo n. */
export function rsaEncrypt(message: Uint8Array, publicKey: RsaPublicKey, crypto: Crypto): Uint8Array {
  const modulus = fromBytes(fromBase64Url(publicKey.n));
  const exponent = fromBytes(fromBase64Url(publicKey.e));
  const size = Math.ceil(modulus.toString(16).length / 2);
  if (message.length > size - 11) throw new Error('message too long for the RSA key');
  const block = new Uint8Array(size);
  block[1] = 2;
  block.set(nonZeroRandom(size - message.length - 3, crypto), 2);
  block.set(message, size - message.length);
  return toBytes(modPow(fromBytes(block), exponent, modulus), size);
}

function nonZeroRandom(length: number, crypto: Crypto): Uint8Array {
  const out = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    // Drawing a fresh batch and keeping the non-zero bytes keeps them uniform over 1..255.
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte !== 0 && filled < length) out[filled++] = byte;
    }
  }
  return out;
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  base %= modulus;
  for (; exponent > 0n; exponent >>= 1n) {
    if (exponent & 1n) result = (result * base) % modulus;
    base = (base * base) % modulus;
  }
  return result;
}

function fromBytes(bytes: Uint8Array): bigint {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return BigInt('0x' + (hex || '0'));
}

function toBytes(value: bigint, size: number): Uint8Array {
  const hex = value.toString(16).padStart(size * 2, '0');
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function ascii(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
}
