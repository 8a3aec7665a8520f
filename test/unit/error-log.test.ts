/**
 * A flood of requests that all fail the same way (a full disk) logs one
 * line a minute with a count, not a stack per request.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createErrorLog } from '../../src/serve/error-log.ts';
import { startServer } from '../../src/serve/serve.ts';
import { contactHandler } from '../../server/contact.ts';
import { endpointHandler } from '../../src/site-server/endpoints.ts';
import { createRateLimiter } from '../../server/rate-limit.ts';
import { tempDir } from '../helpers/site.ts';
import { post } from '../helpers/api-site.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

const log = suite('the log of 500s');

log('errors of one kind: one line, then the count when the window ends', async () => {
  const lines: string[] = [];
  const record = createErrorLog({ windowMs: 100, write: (line) => lines.push(line) });
  for (let i = 0; i < 50; i++) record(diskFull(), 'POST /api/contact');
  assert.equal(lines, ['error: SQLITE_FULL (database or disk is full) (POST /api/contact)']);
  await waitUntil(() => lines.length === 2, 'the count is logged');
  assert.is(lines[1], 'error: SQLITE_FULL (database or disk is full): 49 more in the last 0 s');
  record(diskFull());
  assert.is(lines.length, 3, 'a new window logs the next one again');
});

log('a bug keeps its stack (once a window); other kinds are logged apart', () => {
  const lines: string[] = [];
  const record = createErrorLog({ write: (line) => lines.push(line) });
  for (let i = 0; i < 3; i++) record(new TypeError('x is not a function'));
  record(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
  assert.is(lines.length, 2);
  assert.match(lines[0], /^error: TypeError: x is not a function\n\s+at /);
  assert.is(lines[1], 'error: ENOSPC (no space left on device)');
});

log('100 contact posts on a full disk: each a 500 with the headers, one log line in all', async () => {
  const outDir = await tempDir('sitegen-full-');
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html><title>home</title>\n');
  const store = { add: async () => { throw diskFull(); }, addOnce: async () => { throw diskFull(); } };
  const lines: string[] = [];
  // A log of its own: the server's shared one would print this test's count a minute later, into another test.
  const handle = contactHandler(store, createRateLimiter({ max: 1_000, windowMs: 60_000 }), createErrorLog({ write: (line) => lines.push(line) }));
  const api = endpointHandler({ '/api/contact': { POST: handle } }, { root: outDir });
  process.env.SITEGEN_QUIET = '1';
  const server = await startServer({ outDir, port: 0, host: '127.0.0.1', handlers: [api] });
  const error = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  try {
    const form = { request_type: 'contact', name: 'A', company_name: 'B', email_id: 'a@example.com', mobile_number: '1', message: 'hi' };
    for (let i = 0; i < 100; i++) {
      const answer = await post(server, '/api/contact', form);
      assert.is(answer.status, 500, answer.text);
      assert.ok(answer.headers.get('content-security-policy'), 'the policy headers are on the 500');
    }
  } finally {
    console.error = error;
    await server.close();
  }
  assert.is(lines.length, 1, `log lines: ${lines.join(' | ')}`);
  assert.is(lines[0].split('\n').length, 1, 'one line, no stack');
});

log.run();
