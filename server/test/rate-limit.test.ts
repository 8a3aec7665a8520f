/**
 * The in-memory rate limit (one process, SQLite): what it remembers, for
 * how long, and that a flood of new addresses cannot grow it past its
 * bound. Its cost per request is measured by `npm run bench -- --only limiter`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRateLimiter, MAX_CLIENTS } from '../rate-limit.ts';

const limiter = suite('in-memory rate limit');

limiter('a client gets max attempts per window, then 429 with the seconds left, then a new window', async () => {
  let now = 0;
  const limit = createRateLimiter({ max: 2, windowMs: 60_000 }, () => now);
  assert.ok((await limit.reserve('a')).ok);
  assert.ok((await limit.reserve('a')).ok);
  now = 15_000;
  const refused = await limit.reserve('a');
  assert.equal(refused, { ok: false, retryAfter: 45 });
  assert.ok((await limit.reserve('b')).ok, 'another client has its own allowance');
  now = 60_000;
  assert.ok((await limit.reserve('a')).ok, 'a new window');
});

limiter('ended windows are dropped as requests come, without a sweep of the table', async () => {
  let now = 0;
  const limit = createRateLimiter({ max: 5, windowMs: 1_000 }, () => now);
  for (let i = 0; i < 3_000; i++) await limit.reserve(`10.0.${i >> 8}.${i & 255}`);
  assert.is(limit.clients(), 3_000);
  now = 1_000;
  await limit.reserve('fresh');
  assert.is(limit.clients(), 1, 'every ended window is gone once the next request comes');
});

limiter('a window that restarts moves behind the others, so the ones that ended before it are still dropped', async () => {
  let now = 0;
  const limit = createRateLimiter({ max: 5, windowMs: 100 }, () => now);
  await limit.reserve('a');
  now = 10;
  await limit.reserve('b');
  now = 105;
  await limit.reserve('a'); // a's second window, from 105
  now = 111;
  await limit.reserve('c');
  assert.is(limit.clients(), 2, 'b (ended at 110) is dropped although a, older in the table, is live');
});

limiter('memory is bounded: past maxClients the oldest client is forgotten, the newest kept', async () => {
  const limit = createRateLimiter({ max: 1, windowMs: 15 * 60_000 }, () => 0, 1_000);
  for (let i = 0; i < 5_000; i++) await limit.reserve(`client ${i}`);
  assert.is(limit.clients(), 1_000, 'the table holds at most maxClients');
  assert.not.ok((await limit.reserve('client 4999')).ok, 'the newest clients are still counted');
  assert.ok((await limit.reserve('client 0')).ok, 'the oldest was forgotten: its count starts again');
  assert.is(MAX_CLIENTS, 100_000, 'the documented default bound');
});

limiter('an attempt given back is given back once, and not to a window that ended', async () => {
  let now = 0;
  const limit = createRateLimiter({ max: 1, windowMs: 1_000 }, () => now);
  const first = await limit.reserve('a');
  assert.ok(first.ok);
  if (!first.ok) return;
  await first.release();
  await first.release();
  const second = await limit.reserve('a');
  assert.ok(second.ok, 'the attempt came back');
  assert.not.ok((await limit.reserve('a')).ok, 'but only once');
  now = 1_000;
  if (second.ok) await second.release();
  assert.ok((await limit.reserve('a')).ok);
  assert.not.ok((await limit.reserve('a')).ok, 'the old window\'s release did not touch the new one');
});

limiter.run();
