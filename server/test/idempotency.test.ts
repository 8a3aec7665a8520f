/**
 * Submissions with an Idempotency-Key are stored once per key, on SQLite
 * and on PostgreSQL: a retry after a reply lost past the commit gets the
 * first answer, and nothing is stored twice.
 */
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiSite, post, storeBackends, withSite, withStore, type ApiSite, type Backend } from '../../test/helpers/api-site.ts';
import { waitUntil } from '../../test/helpers/wait-until.ts';

const contact = { name: 'Asha', request_type: 'contact', company_name: 'Acme', email_id: 'asha@example.com', mobile_number: '+91 1', message: 'Hello' };

/** Sends the request and hangs up as soon as it is sent: the reply, whenever it comes, is lost. */
function sendAndDrop(site: ApiSite, body: unknown, key: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const request = http.request(`${site.server.url}/api/contact`, {
      method: 'POST', agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'idempotency-key': key },
    });
    request.on('error', () => resolve()); // the hang-up itself
    request.on('response', () => reject(new Error('the reply arrived before the hang-up')));
    request.end(text, () => {
      request.destroy();
      resolve();
    });
  });
}

const count = (site: ApiSite) => withStore(site, (store) => store.count());

for (const backend of storeBackends()) suitesOn(backend);

function suitesOn(backend: Backend): void {
  const once = suite(`Idempotency-Key (${backend.name})`);

  once('a retry after a reply lost past the commit gets the first answer, and one row', () => withSite(apiSite({}, undefined, backend), async (site) => {
    await sendAndDrop(site, contact, 'key-lost-reply-1');
    await waitUntil(async () => (await count(site)) === 1, 'the dropped request is committed');
    const retry = await post(site.server, '/api/contact', contact, { 'idempotency-key': 'key-lost-reply-1' });
    assert.is(retry.status, 200, retry.text);
    const rows = await withStore(site, (store) => store.list());
    assert.is(rows.length, 1, 'stored once');
    assert.equal(JSON.parse(retry.text), { ok: true, id: rows[0].id }, 'the first request\'s answer');
  }));

  once('requests with one key sent at once are stored once, and all get the same id', () => withSite(apiSite({}, undefined, backend), async (site) => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(site.server, '/api/contact', contact, { 'idempotency-key': 'key-at-once' })));
    assert.equal(answers.map((answer) => answer.status), Array(10).fill(200));
    assert.is(new Set(answers.map((answer) => JSON.parse(answer.text).id)).size, 1, 'one id');
    assert.is(await count(site), 1);
  }));

  once('a key is its client\'s own: another client sending the same key and body stores its own request', () => withSite(apiSite({ trustProxy: 1 }, undefined, backend), async (site) => {
    const first = await post(site.server, '/api/contact', contact, { 'idempotency-key': 'key-shared', 'x-forwarded-for': '203.0.113.1' });
    const other = await post(site.server, '/api/contact', contact, { 'idempotency-key': 'key-shared', 'x-forwarded-for': '203.0.113.2' });
    const retry = await post(site.server, '/api/contact', contact, { 'idempotency-key': 'key-shared', 'x-forwarded-for': '203.0.113.1' });
    assert.equal([first.status, other.status, retry.status], [200, 200, 200]);
    assert.is.not(JSON.parse(other.text).id, JSON.parse(first.text).id, 'B does not get A\'s id');
    assert.is(JSON.parse(retry.text).id, JSON.parse(first.text).id, 'A\'s retry still gets its first answer');
    assert.is(await count(site), 2);
  }));

  once('a key reused for another request is a 422 and stores nothing; a bad key is a 400; no key stores each', () => withSite(apiSite({}, undefined, backend), async (site) => {
    assert.is((await post(site.server, '/api/contact', contact, { 'idempotency-key': 'key-reused' })).status, 200);
    const other = await post(site.server, '/api/contact', { ...contact, message: 'Something else' }, { 'idempotency-key': 'key-reused' });
    assert.is(other.status, 422, other.text);
    assert.is(JSON.parse(other.text).field, 'Idempotency-Key');
    for (const bad of ['', 'has space', 'é', 'x'.repeat(256)]) {
      assert.is((await post(site.server, '/api/contact', contact, { 'idempotency-key': bad })).status, 400, `key ${JSON.stringify(bad)}`);
    }
    assert.is((await post(site.server, '/api/contact', contact)).status, 200);
    assert.is((await post(site.server, '/api/contact', contact)).status, 200);
    assert.is(await count(site), 3, 'the keyed one once, the two without a key each');
  }));

  once.run();
}
