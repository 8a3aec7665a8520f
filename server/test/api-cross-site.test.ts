/**
 * What another site's page can make a visitor's browser send to the API
 * (text/plain, form posts, anything marked Sec-Fetch-Site: cross-site) is
 * refused before it spends the visitor's allowance; bodies nested too deep
 * are refused before they are parsed or sent to the decryption thread.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sealCredentials } from '../../templates/lib/envelope.ts';
import { createEnvelopeOpener } from '../envelope-opener.ts';
import { stateFiles } from '../state.ts';
import { ALICE, apiSite, post, storeBackends, withSite, type Backend } from '../../test/helpers/api-site.ts';
import { waitUntil } from '../../test/helpers/wait-until.ts';

const MINUTE = 60_000;
const contact = { name: 'Asha', request_type: 'contact', company_name: 'Acme', email_id: 'asha@example.com', mobile_number: '+91 1', message: 'Hello' };

/** Every request a page of another site can send here without a CORS preflight, or with one that names its origin. */
const CROSS_SITE: { label: string; headers: Record<string, string>; body: string }[] = [
  { label: 'text/plain', headers: { 'content-type': 'text/plain' }, body: '{"key":"x"}' },
  { label: 'text/plain;charset=UTF-8', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: 'x' },
  { label: 'a form post', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' },
  { label: 'multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
  { label: 'JSON marked cross-site', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body: '{"key":"x","iv":"y","data":"z"}' },
];


/** The threads of this process, as the kernel counts them. */
function threadCount(): number {
  return readdirSync('/proc/self/task').length;
}

for (const backend of storeBackends()) suitesOn(backend);

function suitesOn(backend: Backend): void {
  const crossSite = suite(`requests another site can make spend nothing (${backend.name})`);

  crossSite('20 rounds of cross-site posts to the login leave the visitor its 10 attempts: the right password still gets 200', () => withSite(
    apiSite({ loginFailureLimit: { max: 10, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      for (let round = 0; round < 4; round++) {
        for (const request of CROSS_SITE) {
          const answer = await post(site.server, '/api/login', request.body, request.headers);
          const expected = request.headers['sec-fetch-site'] ? 403 : 415;
          assert.is(answer.status, expected, `${request.label}: ${answer.text}`);
          assert.is(answer.headers.get('retry-after'), null, `${request.label} is not rate limited`);
        }
      }
      const oversized = await post(site.server, '/api/login', 'x'.repeat(20_000));
      assert.is(oversized.status, 413, 'a body over the limit is refused by its size');
      const answer = await post(site.server, '/api/login', await sealCredentials(ALICE, site.publicKey));
      assert.is(answer.status, 200, `the visitor's own login after the flood: ${answer.text}`);
      assert.is(JSON.parse(answer.text).statusCode, 200);
    },
  ));

  crossSite('cross-site posts to the contact form spend none of its allowance', () => withSite(
    apiSite({ contactLimit: { max: 2, windowMs: MINUTE } }, undefined, backend),
    async (site) => {
      for (const request of CROSS_SITE) {
        const answer = await post(site.server, '/api/contact', request.body, request.headers);
        assert.ok(answer.status === 403 || answer.status === 415, `${request.label}: ${answer.status}`);
      }
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await post(site.server, '/api/contact', contact)).status);
      assert.equal(statuses, [200, 200, 429], 'the two allowed requests are still there');
    },
  ));

  crossSite('same-origin and same-site requests are answered as before', () => withSite(
    apiSite({}, undefined, backend),
    async (site) => {
      for (const value of ['same-origin', 'same-site', 'none']) {
        const answer = await post(site.server, '/api/contact', contact, { 'sec-fetch-site': value });
        assert.is(answer.status, 200, `Sec-Fetch-Site: ${value}: ${answer.text}`);
      }
    },
  ));

  crossSite.run();
}

// ---------------------------------------------------------------- deep JSON
const deep = suite('bodies nested too deep');

deep('4,000 nested arrays to the login get the uniform 400 of a malformed envelope, and start no thread', () => withSite(apiSite(), async (site) => {
  const malformed = await post(site.server, '/api/login', { key: 'x', iv: 'y', data: 'z' });
  assert.is(malformed.status, 400);
  // The decryption thread is running now (it stops when idle); what follows must add none.
  const threads = threadCount();
  for (let i = 0; i < 5; i++) {
    const answer = await post(site.server, '/api/login', '['.repeat(4000) + ']'.repeat(4000));
    assert.is(answer.status, 400, answer.text);
    assert.is(answer.text, malformed.text, 'the same answer as any malformed envelope');
  }
  const nestedObject = await post(site.server, '/api/login', '{"a":'.repeat(2500) + '1' + '}'.repeat(2500));
  assert.is(nestedObject.text, malformed.text);
  assert.is(threadCount(), threads, 'threads after the deep bodies');
}));

deep('a deep body to the contact form is a 400 that names the limit', () => withSite(apiSite(), async (site) => {
  const answer = await post(site.server, '/api/contact', '['.repeat(4000) + ']'.repeat(4000));
  assert.is(answer.status, 400);
  assert.match(JSON.parse(answer.text).error, /nests deeper than \d+ levels/);
}));

deep('a body the decryption thread cannot be sent is malformed, and the idle thread still stops', async () => {
  const site = await apiSite();
  await site.server.close();
  const pem = await readFile(stateFiles(site.root).privateKey, 'utf8');
  const before = threadCount();
  const opener = createEnvelopeOpener(pem, { idleMs: 50 });
  try {
    let body: unknown = 'x';
    for (let i = 0; i < 20_000; i++) body = [body];
    assert.is(await opener.open(body), undefined, 'too deep to clone: malformed, not an error');
    assert.is(await opener.open({ key: 'x', iv: 'y', data: 'z' }), undefined, 'the next envelope is opened as usual');
    await waitUntil(() => threadCount() === before, `the thread count is back to ${before} (now ${threadCount()})`, { timeoutMs: 5_000 });
  } finally {
    await opener.close();
  }
});

deep.run();
