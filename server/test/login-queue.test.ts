import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sealCredentials } from '../../templates/lib/envelope.ts';
import { loginHandler } from '../login.ts';
import { endpointHandler } from '../../src/site-server/endpoints.ts';
import { loadLicense } from '../license.ts';
import { createRateLimiter } from '../rate-limit.ts';
import { createWorkQueue } from '../work-queue.ts';
import type { Credentials } from '../envelope.ts';
import { REPO_ROOT } from '../../test/helpers/site.ts';
import { ALICE, HIGH, apiSite, post, storeBackends } from '../../test/helpers/api-site.ts';

const queue = suite('the login queue');

queue('a full queue answers 503 with Retry-After and opens nothing more', async () => {
  // An opener whose envelopes stay open until the test lets each one finish.
  const opened: unknown[] = [];
  const finish: (() => void)[] = [];
  let onOpen = () => {};
  const opener = {
    open: (body: unknown) => {
      opened.push(body);
      onOpen();
      return new Promise<Credentials>((resolve) => finish.push(() => resolve(ALICE)));
    },
  };
  /** Resolves once `count` envelopes have been handed to the opener. */
  const openedCount = (count: number) => new Promise<void>((resolve) => {
    onOpen = () => opened.length >= count && resolve();
    onOpen();
  });
  const handler = loginHandler({
    opener, license: await loadLicense(REPO_ROOT), checkPassword: async () => true,
    perAddress: createRateLimiter(HIGH), perAccount: createRateLimiter(HIGH), queue: createWorkQueue({ concurrency: 1, capacity: 1 }),
  });
  const endpoints = endpointHandler({ '/api/login': { POST: handler } }, { root: REPO_ROOT });
  const server = http.createServer((req, res) => void endpoints(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = (name: string) => post({ url }, '/api/login', { name });
  try {
    const first = send('first');
    await openedCount(1);
    const [second, third] = [send('second'), send('third')];
    // One of the two waits for the first to finish; the other finds the queue full.
    const refused = await Promise.race([second, third]);
    assert.is(refused.status, 503, refused.text);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'Retry-After in seconds');
    assert.is(opened.length, 1, 'the refused envelope was not opened');
    finish[0]();
    assert.is((await first).status, 200);
    await openedCount(2);
    finish[1]();
    const statuses = (await Promise.all([second, third])).map((answer) => answer.status).sort();
    assert.equal(statuses, [200, 503]);
    assert.is(opened.length, 2, 'two envelopes opened for three requests');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

for (const backend of storeBackends()) {
  queue(`on a real server, a burst beyond the queue gets 503s with Retry-After, the rest 401 (${backend.name})`, async () => {
    const site = await apiSite({ loginQueue: { concurrency: 1, capacity: 1 } }, undefined, backend);
    try {
      const envelopes = await Promise.all(Array.from({ length: 20 }, () => sealCredentials({ ...ALICE, password: 'wrong guess' }, site.publicKey)));
      const answers = await Promise.all(envelopes.map((envelope) => post(site.server, '/api/login', envelope)));
      const statuses = new Set(answers.map((answer) => answer.status));
      assert.equal([...statuses].sort(), [401, 503], `statuses: ${answers.map((answer) => answer.status)}`);
      const busy = answers.find((answer) => answer.status === 503)!;
      assert.ok(Number(busy.headers.get('retry-after')) >= 1);
      assert.equal(JSON.parse(busy.text).statusCode, 503);
    } finally {
      await site.server.close();
      await backend.done();
    }
  });
}

queue.run();

// ---------------------------------------------------------------- off the main thread
const thread = suite('the page thread never decrypts');

thread('logins succeed, fail and are refused without one RSA or AES decryption on the thread that serves pages', async () => {
  const require = createRequire(import.meta.url);
  const crypto = require('node:crypto') as Record<string, unknown>;
  const forge = require('node-forge') as { pki: { rsa: Record<string, unknown> }; cipher: Record<string, unknown> };
  const calls: string[] = [];
  const spies: [Record<string, unknown>, string][] = [[crypto, 'privateDecrypt'], [crypto, 'createDecipheriv'], [forge.pki.rsa, 'decrypt'], [forge.cipher, 'createDecipher']];
  const originals = spies.map(([object, name]) => object[name] as (...args: unknown[]) => unknown);
  const site = await apiSite();
  try {
    spies.forEach(([object, name], index) => {
      object[name] = (...args: unknown[]) => {
        calls.push(name);
        return originals[index](...args);
      };
    });
    syncBuiltinESMExports();
    const good = await sealCredentials(ALICE, site.publicKey);
    assert.is((await post(site.server, '/api/login', good)).status, 200);
    assert.is((await post(site.server, '/api/login', await sealCredentials({ ...ALICE, password: 'wrong guess' }, site.publicKey))).status, 401);
    assert.is((await post(site.server, '/api/login', { ...good, data: 'AAAA' })).status, 400);
    assert.equal(calls, [], 'decryptions on the main thread');
  } finally {
    spies.forEach(([object, name], index) => { object[name] = originals[index]; });
    syncBuiltinESMExports();
    await site.server.close();
  }
});

thread.run();
