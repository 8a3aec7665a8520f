import { constants, publicEncrypt, createCipheriv, randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { RunningServer } from '../../src/serve/serve.ts';
import { addUser, verifyUser } from '../users.ts';
import { csvField, formatSubmissions } from '../submissions.ts';
import { stateFiles } from '../state.ts';
import { sealCredentials } from '../../templates/lib/envelope.ts';
import { tempDir } from '../../test/helpers/site.ts';
import { apiSite, post, storeBackends, withStore, type ApiSite, type Backend } from '../../test/helpers/api-site.ts';

const contact = { name: 'Asha', request_type: 'contact', company_name: 'Acme', email_id: 'asha@example.com', mobile_number: '+91 1', message: 'Hello, "world"\nbye' };
const demo = { name: 'Ravi', lastname: '', request_type: 'demo', company_name: 'Acme', email_id: 'ravi@example.com', mobile_number: '2', message: null };

/** The same suites on each back end of the store. */
for (const backend of storeBackends()) suitesOn(backend);

function suitesOn(backend: Backend): void {
  // ---------------------------------------------------------------- login
  const login = suite(`login (${backend.name})`);
  let site: ApiSite;
  login.before(async () => { site = await apiSite({}, undefined, backend); });
  login.after(() => site?.server.close());

  login('a sealed envelope with the right password answers statusCode 200 and the license', async () => {
    const answer = await post(site.server, '/api/login', await sealCredentials({ username: 'alice', password: 'correct horse battery' }, site.publicKey));
    assert.is(answer.status, 200, answer.text);
    const body = JSON.parse(answer.text);
    assert.is(body.statusCode, 200);
    assert.is(body.license.sacCode, '997331');
    assert.is(body.license.licenses, 2000);
  });

  login('a wrong password or an unknown user answers 401 {"statusCode":401}', async () => {
    for (const credentials of [{ username: 'alice', password: 'wrong' }, { username: 'mallory', password: 'correct horse battery' }]) {
      const answer = await post(site.server, '/api/login', await sealCredentials(credentials, site.publicKey));
      assert.is(answer.status, 401, `${credentials.username}: ${answer.text}`);
      assert.equal(JSON.parse(answer.text), { statusCode: 401 });
    }
  });

  login('every kind of malformed envelope gets the same 400 answer', async () => {
    const good = await sealCredentials({ username: 'alice', password: 'correct horse battery' }, site.publicKey);
    const rsa = (text: string | Buffer) => publicEncrypt({ key: site.publicPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');
    const rawBlock = (block: Buffer) => publicEncrypt({ key: site.publicPem, padding: constants.RSA_NO_PADDING }, block).toString('base64');
    // 00 01 FF… 00 M: a signature-style block, valid RSA but the wrong PKCS#1 block type.
    const type1 = Buffer.concat([Buffer.from([0, 1]), Buffer.alloc(256 - 3 - 16, 0xff), Buffer.from([0]), Buffer.from('0123456789abcdef')]);
    const key = '0123456789abcdef';
    const iv = 'fedcba9876543210';
    const aes = (plain: Buffer, pad = true) => {
      const cipher = createCipheriv('aes-128-cbc', Buffer.from(key), Buffer.from(iv));
      cipher.setAutoPadding(pad);
      return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
    };
    const sealed = (data: string) => ({ key: rsa(key), iv: rsa(iv), data });
    const cases: Record<string, unknown> = {
      'bad base64 in key': { ...good, key: '!!!notbase64!!!' },
      'bad base64 in data': { ...good, data: 'abc' },
      'RSA block too short': { ...good, key: Buffer.from('short').toString('base64') },
      'wrong RSA padding (block type 1)': { ...good, key: rawBlock(type1) },
      'RSA of random bytes': { ...good, iv: rawBlock(Buffer.concat([Buffer.from([0]), randomBytes(255)])) },
      'key of 15 hex characters': { ...good, key: rsa('0123456789abcde') },
      'key not hex': { ...good, key: rsa('0123456789abcdeg') },
      'IV of 32 hex characters': { ...good, iv: rsa('0123456789abcdef0123456789abcdef') },
      'wrong AES padding': sealed(aes(Buffer.concat([Buffer.from('{"username":"alice","password":"x"}'), Buffer.alloc(13, 7)]), false)),
      'data from another key': { ...good, key: rsa('ffffffffffffffff') },
      'inner JSON broken': sealed(aes(Buffer.from('{"username":"alice",'))),
      'inner JSON not an object': sealed(aes(Buffer.from('["alice","pw"]'))),
      'username a number': sealed(aes(Buffer.from('{"username":1,"password":"x"}'))),
      'password missing': sealed(aes(Buffer.from('{"username":"alice"}'))),
      'extra inner field': sealed(aes(Buffer.from('{"username":"alice","password":"x","admin":true}'))),
      'envelope field missing': { key: good.key, iv: good.iv },
      'envelope field a number': { ...good, data: 5 },
      'envelope extra field': { ...good, extra: 'x' },
      'envelope an array': [good.key, good.iv, good.data],
      'envelope null': null,
      'outer JSON broken': '{"key":',
    };
    const answers = new Set<string>();
    for (const [name, body] of Object.entries(cases)) {
      const answer = await post(site.server, '/api/login', body);
      assert.is(answer.status, 400, `${name}: expected 400, got ${answer.status} ${answer.text}`);
      answers.add(answer.text);
    }
    assert.equal([...answers], ['{"statusCode":400,"error":"bad request"}'], 'one body for every malformed envelope');
  });

  login('a login that is not JSON or not POST is refused without touching the envelope', async () => {
    assert.is((await post(site.server, '/api/login', 'key=1', { 'content-type': 'application/x-www-form-urlencoded' })).status, 415);
    assert.is((await fetch(site.server.url + '/api/login')).status, 405);
  });

  login.run();

  // ---------------------------------------------------------------- login rate limit
  const limited = suite(`login failures rate limit (${backend.name})`);
  limited('after too many failures a client gets 429 with Retry-After, even with the right password', async () => {
    const local = await apiSite({ loginFailureLimit: { max: 3, windowMs: 60_000 } }, undefined, backend);
    try {
      for (let i = 0; i < 3; i++) assert.is((await post(local.server, '/api/login', { key: 'x', iv: 'y', data: 'z' })).status, 400);
      const answer = await post(local.server, '/api/login', await sealCredentials({ username: 'alice', password: 'correct horse battery' }, local.publicKey));
      assert.is(answer.status, 429, answer.text);
      const retry = Number(answer.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 60, `Retry-After in seconds, got ${answer.headers.get('retry-after')}`);
    } finally {
      await local.server.close();
    }
  });
  limited.run();

  // ---------------------------------------------------------------- contact
  const contactApi = suite(`contact (${backend.name})`);
  let contactSite: ApiSite;
  contactApi.before(async () => { contactSite = await apiSite({}, undefined, backend); });
  contactApi.after(() => contactSite?.server.close());

  contactApi('a body that is not JSON is 415, and nothing is stored', async () => {
    const answer = await post(contactSite.server, '/api/contact', 'name=x', { 'content-type': 'text/plain' });
    assert.is(answer.status, 415);
    assert.is(JSON.parse(answer.text).error.length > 0, true);
    assert.is(await withStore(contactSite, (store) => store.count()), 0);
  });

  contactApi('a body over 16 KiB is 413, announced or streamed', async () => {
    const big = JSON.stringify({ ...contact, message: 'x'.repeat(17 * 1024) });
    assert.is((await post(contactSite.server, '/api/contact', big)).status, 413);
    const streamed = await rawPost(contactSite.server, '/api/contact', [Buffer.from(big.slice(0, 9000)), Buffer.from(big.slice(9000))]);
    assert.is(streamed, 413);
  });

  contactApi('bad fields are 400 with a JSON error naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['missing name', { ...contact, name: undefined }, 'name'],
      ['blank company', { ...contact, company_name: '  ' }, 'company_name'],
      ['contact without message', { ...contact, message: undefined }, 'message'],
      ['contact with null message', { ...contact, message: null }, 'message'],
      ['number as email', { ...contact, email_id: 42 }, 'email_id'],
      ['lastname on a contact request', { ...contact, lastname: 'K' }, 'lastname'],
      ['unknown field', { ...demo, subscribe: true }, 'subscribe'],
      ['unknown request_type', { ...contact, request_type: 'sales' }, 'request_type'],
      ['request_type missing', { ...contact, request_type: undefined }, 'request_type'],
      ['demo lastname a number', { ...demo, lastname: 3 }, 'lastname'],
    ];
    for (const [name, body, field] of cases) {
      const answer = await post(contactSite.server, '/api/contact', body);
      assert.is(answer.status, 400, `${name}: ${answer.text}`);
      const error = JSON.parse(answer.text);
      assert.is(error.field, field, `${name}: ${answer.text}`);
      assert.ok(error.error.includes(field) || field === '(body)', `${name}: the message names ${field}`);
    }
    assert.is(await withStore(contactSite, (store) => store.count()), 0, 'nothing stored for bad requests');
  });

  contactApi('valid contact, demo and empty request_type requests are stored before the 200', async () => {
    const later = { ...demo, request_type: '', lastname: 'K', message: null };
    for (const body of [contact, demo, later]) {
      const answer = await post(contactSite.server, '/api/contact', body);
      assert.is(answer.status, 200, answer.text);
    }
    const rows = await withStore(contactSite, (store) => store.list());
    assert.equal(rows.map((row) => row.request_type), ['contact', 'demo', '']);
    assert.is(rows[0].message, contact.message);
    assert.is(rows[1].lastname, '');
    assert.is(rows[1].message, null);
    assert.match(rows[2].received_at, /^\d{4}-\d\d-\d\dT/);
    if (backend.name === 'SQLite') assert.is((await stat(stateFiles(contactSite.root).database)).mode & 0o777, 0o600, 'the database is private to its owner');
  });

  contactApi('the rate limit answers 429 with Retry-After', async () => {
    const local = await apiSite({ contactLimit: { max: 2, windowMs: 60_000 } }, undefined, backend);
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await post(local.server, '/api/contact', contact)).status);
      assert.equal(statuses, [200, 200, 429]);
      const answer = await post(local.server, '/api/contact', contact);
      assert.ok(Number(answer.headers.get('retry-after')) >= 1, 'Retry-After is a number of seconds');
      assert.is(await withStore(local, (store) => store.count()), 2);
    } finally {
      await local.server.close();
    }
  });

  contactApi('submissions print as JSON and as properly quoted CSV', async () => {
    const rows = await withStore(contactSite, (store) => store.list());
    assert.equal(JSON.parse(formatSubmissions(rows, 'json')), rows);
    const csv = formatSubmissions(rows, 'csv');
    assert.ok(csv.startsWith('"id","received_at","request_type","name","lastname","company_name","email_id","mobile_number","message"\r\n'), 'every field quoted, the header too');
    assert.ok(csv.includes('"Hello, ""world""\nbye"'), 'comma, quotes and line break quoted');
    assert.is(csvField('=HYPERLINK("http://evil.example")'), `"'=HYPERLINK(""http://evil.example"")"`, 'a formula stays text');
    assert.is(csvField('@SUM(A1)'), `"'@SUM(A1)"`);
    assert.is(csvField(42), '"42"', 'numbers are quoted, and otherwise left alone');
    assert.is(csv.split('\r\n').length, rows.length + 2, 'one line per row plus the header, each ending in CRLF');
  });

  contactApi.run();

  // ---------------------------------------------------------------- users
  const users = suite(`users (${backend.name})`);
  users.after(() => backend.done());
  users('users add stores a scrypt hash that verifies only the right password', async () => {
    const root = await tempDir('sitegen-users-');
    const databaseUrl = await backend.databaseUrl();
    const site = { root, databaseUrl };
    await addUser(root, 'bob', 'swordfish-42', { databaseUrl });
    await withStore(site, async (store) => {
      const stored = await store.users.find('bob');
      assert.ok(stored, 'bob is stored');
      assert.not.ok(JSON.stringify(stored).includes('swordfish'), 'no password in the store');
      assert.ok(await verifyUser(store.users, 'bob', 'swordfish-42'));
      assert.not.ok(await verifyUser(store.users, 'bob', 'swordfish-43'));
      assert.not.ok(await verifyUser(store.users, 'nobody', 'swordfish-42'));
      assert.not.ok(await verifyUser(store.users, '__proto__', 'x'), 'no prototype keys');
      assert.not.ok(await verifyUser(store.users, 'bob\u0000', 'swordfish-42'), 'a name no customer can have is refused, not an error');
    });
    if (backend.name === 'SQLite') assert.is((await stat(stateFiles(root).database)).mode & 0o777, 0o600);
    await addUser(root, 'bob', 'short', { databaseUrl }).then(() => assert.unreachable('short password accepted'), (error) => assert.match(error.message, /at least/));
    await addUser(root, 'bob', 'another-pass', { databaseUrl }).then(() => assert.unreachable('replaced without --force'), (error) => assert.match(error.message, /already exists/));
    await addUser(root, 'bob', 'another-pass', { replace: true, databaseUrl });
    assert.ok(await withStore(site, (store) => verifyUser(store.users, 'bob', 'another-pass')));
  });
  users.run();
}

/** Sends a chunked body piece by piece without Content-Length; resolves the status. */
function rawPost(server: RunningServer, pathname: string, pieces: Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(server.url + pathname, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    for (const piece of pieces) request.write(piece);
    request.end();
  });
}
