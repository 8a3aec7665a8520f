import { constants, createCipheriv, createPublicKey, generateKeyPairSync, publicEncrypt, randomBytes, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import forge from 'node-forge';
import { sealCredentials, modPow, type RsaPublicKey } from '../../templates/lib/envelope.ts';
import { envelopeSteps, openEnvelope, readPrivateKey, type EnvelopeSteps } from '../envelope.ts';
import { publicKeyFromPem } from '../../templates/lib/rsa-public-key.ts';

const vector = JSON.parse(readFileSync(new URL('../../test/fixtures/login-vector/vector.json', import.meta.url), 'utf8')) as {
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
  const vectorKey = forge.pki.privateKeyFromPem(vector.privateKey);
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

/** The steps openEnvelope takes, in order, with the sizes it hands each one. */
function traceOf(body: unknown): { trace: string[]; result: unknown } {
  const real = envelopeSteps(privateKey);
  const trace: string[] = [];
  const steps: EnvelopeSteps = {
    rsa: (block) => (trace.push(`rsa ${block.length}`), real.rsa(block)),
    random: (size) => (trace.push(`random ${size}`), real.random(size)),
    aes: (key, iv, data) => (trace.push(`aes key ${key.length} iv ${iv.length}`), real.aes(key, iv, data)),
  };
  return { trace, result: openEnvelope(body, privateKey, steps) };
}

test('every kind of malformed envelope goes through the same decryptions, in the same order, as a good one', async () => {
  const good = await sealCredentials({ username: 'alice', password: 'right' }, publicKey);
  const rsa = (text: string | Buffer) => publicEncrypt({ key: pair.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');
  const raw = (block: Buffer) => publicEncrypt({ key: pair.publicKey, padding: constants.RSA_NO_PADDING }, block).toString('base64');
  const hexKey = '0123456789abcdef';
  const hexIv = 'fedcba9876543210';
  const aes = (plain: string | Buffer, pad = true) => {
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(hexKey), Buffer.from(hexIv));
    cipher.setAutoPadding(pad);
    return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
  };
  const sealed = (data: string) => ({ key: rsa(hexKey), iv: rsa(hexIv), data });
  // 00 01 FF… 00 M: a signature block, the wrong PKCS#1 block type for encryption.
  const signatureBlock = Buffer.concat([Buffer.from([0, 1]), Buffer.alloc(256 - 3 - 16, 0xff), Buffer.from([0]), Buffer.from(hexKey)]);
  const kinds: Record<string, unknown> = {
    'bad base64 in key': { ...good, key: '!!!notbase64!!!' },
    'bad base64 in data': { ...good, data: 'abc' },
    'key block too short': { ...good, key: Buffer.from('short').toString('base64') },
    'key block too long': { ...good, key: Buffer.alloc(257, 1).toString('base64') },
    'key block not below the modulus': { ...good, key: Buffer.alloc(256, 0xff).toString('base64') },
    'bad padding in key': { ...good, key: raw(signatureBlock) },
    'bad padding in iv': { ...good, iv: raw(Buffer.concat([Buffer.from([0]), randomBytes(255)])) },
    'key of 15 characters': { ...good, key: rsa('0123456789abcde') },
    'key not hex': { ...good, key: rsa('0123456789abcdeg') },
    'iv of 32 characters': { ...good, iv: rsa(hexKey + hexKey) },
    'bad AES padding': sealed(aes(Buffer.concat([Buffer.from('{"username":"alice","password":"x"}'), Buffer.alloc(13, 7)]), false)),
    'data under another key': { ...good, key: rsa('ffffffffffffffff') },
    'bad inner JSON': sealed(aes('{"username":"alice",')),
    'inner JSON an array': sealed(aes('["alice","pw"]')),
    'username a number': sealed(aes('{"username":1,"password":"x"}')),
    'extra inner field': sealed(aes('{"username":"alice","password":"x","admin":true}')),
    'envelope field missing': { key: good.key, iv: good.iv },
    'envelope field a number': { ...good, data: 5 },
    'envelope extra field': { ...good, extra: 'x' },
    'envelope an array': [good.key, good.iv, good.data],
    'envelope null': null,
  };
  const expected = ['rsa 256', 'random 16', 'rsa 256', 'random 16', 'aes key 16 iv 16'];
  const valid = traceOf(good);
  assert.equal(valid.result, { username: 'alice', password: 'right' }, 'the good envelope opens');
  assert.equal(valid.trace, expected, 'a good envelope');
  const wrongPassword = traceOf(sealed(aes('{"username":"alice","password":"wrong"}')));
  assert.equal(wrongPassword.result, { username: 'alice', password: 'wrong' });
  assert.equal(wrongPassword.trace, expected, 'a valid envelope with a wrong password');
  for (const [kind, body] of Object.entries(kinds)) {
    const { trace, result } = traceOf(body);
    assert.is(result, undefined, `${kind}: refused`);
    assert.equal(trace, expected, `${kind}: the same steps as a good envelope`);
  }
});

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
}

test.run();
