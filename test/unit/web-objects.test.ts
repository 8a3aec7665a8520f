/**
 * The Request an endpoint gets and the Response json() makes are made
 * lazily (src/site-server/web-objects.ts): they must still be a Request and
 * a Response in every way a handler or a library can look.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ReadRequest, TextResponse } from '../../src/site-server/web-objects.ts';
import { json } from '../../src/site-server/api.ts';

const web = suite('the endpoints\' Request and Response');

const request = (body = '{"a":1}') => ReadRequest.of('http://site.test/api/x?q=1', 'POST', ['Content-Type', 'application/json', 'X-Two', 'a', 'X-Two', 'b'], new TextEncoder().encode(body));

web('the Request is a Request: its URL, method, headers and body, and what only a real one has', async () => {
  assert.ok(request() instanceof ReadRequest);
  const got = request();
  assert.ok(got instanceof Request);
  assert.is(Object.prototype.toString.call(got), '[object Request]');
  assert.is(got.url, 'http://site.test/api/x?q=1');
  assert.is(got.method, 'POST');
  assert.is(got.headers.get('content-type'), 'application/json');
  assert.is(got.headers.get('x-two'), 'a, b', 'repeated headers joined as the Web joins them');
  assert.ok(got.signal instanceof AbortSignal, 'the real Request\'s signal');
  assert.is(got.cache, 'default');
  assert.is(got.redirect, 'follow');
  assert.equal(await got.clone().json(), { a: 1 }, 'a clone reads the same body');
  assert.not.ok(got.bodyUsed);
  assert.equal(await got.json(), { a: 1 });
  assert.ok(got.bodyUsed);
  await got.text().then(() => assert.unreachable('read twice'), (error: Error) => assert.instance(error, TypeError));
});

web('a library that wants a real Request gets one with the same body', async () => {
  const got = request('{"b":2}');
  const copy = new Request(got);
  assert.equal(await copy.json(), { b: 2 });
});

web('json() is a Response: status, headers, body, and headers set afterwards are sent', async () => {
  const made = json({ ok: true }, { status: 201, headers: { 'X-Id': '7' } });
  assert.ok(made instanceof Response);
  assert.ok(made instanceof TextResponse);
  assert.is(made.status, 201);
  assert.ok(made.ok);
  assert.is(made.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.is(made.headers.get('x-id'), '7');
  made.headers.set('cache-control', 'max-age=60');
  assert.equal((made as unknown as TextResponse).written(), {
    text: '{"ok":true}', headers: { 'cache-control': 'max-age=60', 'content-type': 'application/json; charset=utf-8', 'x-id': '7' },
  });
  assert.equal(await made.json(), { ok: true }, 'read as a Response');
  assert.is((made as unknown as TextResponse).written(), undefined, 'once read, it is written as any Response is');
  assert.throws(() => json(undefined), TypeError);
  assert.throws(() => json({}, { status: 99 }), RangeError);
});

web.run();
