import { generateKeyPairSync, createPublicKey, randomBytes, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import forge from 'node-forge';
import { sealCredentials, modPow, type RsaPublicKey } from '../../templates/lib/envelope.ts';
import { openEnvelope, readPrivateKey } from '../../src/server/envelope.ts';
import { publicKeyFromPem } from '../../templates/lib/rsa-public-key.ts';

const vector = JSON.parse(readFileSync(new URL('../fixtures/login-vector/vector.json', import.meta.url), 'utf8')) as {
  privateKey: string; publicKey: string; credentials: { username: string; password: string };
  key: string; iv: string; envelope: { key: string; iv: string; data: string };
};

const pair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const publicKey = publicKeyFromPem(pair.publicKey);
const privateKey = readPrivateKey(pair.privateKey);
const forgeKey = forge.pki.privateKeyFromPem(pair.privateKey);

/** A random text of 0 to 40 characters drawn from ASCII, Latin-1, CJK and emoji. */
function randomText(): string {
  const alphabet = ['a', 'Z', '9', ' ', '"', '\\', '/', '\n', 'é', 'ß', '漢', '字', '😀', '{', '}', '\u0000'];
  return Array.from({ length: randomBytes(1)[0] % 41 }, () => alphabet[randomBytes(1)[0] % alphabet.length]).join('');
}

test('modPow agrees with small numbers worked by hand', () => {
  assert.is(modPow(4n, 13n, 497n), 445n);
  assert.is(modPow(2n, 0n, 7n), 1n);
});

test('the client envelope opens on the server, for many random credentials', async () => {
  for (let round = 0; round < 100; round++) {
    const credentials = { username: randomText(), password: randomText() };
    const envelope = await sealCredentials(credentials, publicKey);
    assert.equal(openEnvelope(envelope, privateKey), credentials, `round ${round}: ${JSON.stringify(credentials)}`);
  }
});

test('node-forge decrypts the client RSA blocks to 16 hex characters, and its AES output matches', async () => {
  for (let round = 0; round < 30; round++) {
    const credentials = { username: randomText(), password: randomText() };
    const envelope = await sealCredentials(credentials, publicKey);
    const key = forgeKey.decrypt(forge.util.decode64(envelope.key), 'RSAES-PKCS1-V1_5');
    const iv = forgeKey.decrypt(forge.util.decode64(envelope.iv), 'RSAES-PKCS1-V1_5');
    assert.match(key, /^[0-9a-f]{16}$/, 'key is 16 lowercase hex characters');
    assert.match(iv, /^[0-9a-f]{16}$/, 'iv is 16 lowercase hex characters');
    assert.is.not(key, iv, 'key and IV are drawn separately');
    const decipher = forge.cipher.createDecipher('AES-CBC', key);
    decipher.start({ iv });
    decipher.update(forge.util.createBuffer(forge.util.decode64(envelope.data)));
    assert.ok(decipher.finish(), 'PKCS#7 padding checks out in forge');
    assert.equal(JSON.parse(forge.util.decodeUtf8(decipher.output.getBytes())), credentials);
  }
});

test('the fixed node-forge vector opens on the server', () => {
  assert.equal(openEnvelope(vector.envelope, readPrivateKey(vector.privateKey)), vector.credentials);
});

test('the client, given the vector key and IV, writes byte for byte the data node-forge wrote', async () => {
  const draws = [hexBytes(vector.key), hexBytes(vector.iv)];
  const fixed = {
    subtle: webcrypto.subtle,
    getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
      const next = draws.shift();
      if (next && array) new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(next);
      else webcrypto.getRandomValues(array as unknown as Uint8Array);
      return array;
    },
  } as unknown as Crypto;
  const envelope = await sealCredentials(vector.credentials, publicKeyFromPem(vector.publicKey), fixed);
  assert.is(envelope.data, vector.envelope.data);
  const vectorKey = readPrivateKey(vector.privateKey);
  assert.is(vectorKey.decrypt(forge.util.decode64(envelope.key), 'RSAES-PKCS1-V1_5'), vector.key);
  assert.is(vectorKey.decrypt(forge.util.decode64(envelope.iv), 'RSAES-PKCS1-V1_5'), vector.iv);
});

test('the RSA block is the size of the modulus and differs each time (random padding)', async () => {
  const a = await sealCredentials({ username: 'u', password: 'p' }, publicKey);
  const b = await sealCredentials({ username: 'u', password: 'p' }, publicKey);
  assert.is(Buffer.from(a.key, 'base64').length, 256);
  assert.is.not(a.key, b.key);
});

test('a key embedded by the build is the JWK n and e of the PEM', () => {
  const jwk = createPublicKey(pair.publicKey).export({ format: 'jwk' }) as RsaPublicKey;
  assert.equal(publicKey, { n: jwk.n, e: jwk.e });
});

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
}

test.run();
