import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { statSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { buildSite } from '../../src/pipeline.ts';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { createReferenceApi } from '../helpers/reference-api.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { tempDir } from '../helpers/site.ts';

interface Context {
  server: RunningServer;
  outDir: string;
}

const hostile = suite<Context>('serve, against hostile requests');

hostile.before(async (context) => {
  process.env.SITEGEN_QUIET = '1';
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  // Files that a careless hand or an old deployment left in the output folder.
  const secret = path.join(await tempDir('sitegen-secret-'), 'private.pem');
  await writeFile(secret, 'PRIVATE KEY');
  await symlink(secret, path.join(outDir, 'key.txt'));
  await writeFile(path.join(outDir, '.env'), 'SECRET=1');
  await mkdir(path.join(outDir, '.well-known'), { recursive: true });
  await writeFile(path.join(outDir, '.well-known/security.txt'), 'Contact: mailto:security@fixture.example');
  context.outDir = outDir;
  context.server = await startServer({
    outDir, port: 0, host: '127.0.0.1', handlers: [await createReferenceApi(root)], timeouts: { headersMs: 400, requestMs: 800 },
  });
});

hostile.after((context) => context.server?.close());

/** Sends bytes as they are (fetch would normalise the URL) and reads the answer until the server closes or ends it. */
function rawRequest(server: RunningServer, text: string, options: { keepOpen?: boolean } = {}): Promise<{ status: number; head: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let received = '';
    const finish = () => {
      const status = Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer to ${JSON.stringify(text.slice(0, 40))}: ${JSON.stringify(received)}`));
      resolve({ status, head: received.split('\r\n\r\n')[0].toLowerCase() });
      socket.destroy();
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (!options.keepOpen && received.includes('\r\n\r\n')) finish();
    });
    socket.on('end', finish);
    socket.on('error', reject);
  });
}

const get = (server: RunningServer, target: string) => rawRequest(server, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

function assertPolicyHeaders(head: string, what: string): void {
  assert.match(head, 'x-content-type-options: nosniff', `${what}: nosniff`);
  assert.match(head, /content-security-policy: default-src 'none'/, `${what}: a CSP that denies by default`);
  assert.match(head, 'cross-origin-resource-policy: same-origin', `${what}: CORP`);
}

hostile('a path that cannot be parsed gets 400 with the policy headers, not a 500', async ({ server }) => {
  for (const target of ['//[', '/%E0%A4%A', '/a%00b']) {
    const { status, head } = await get(server, target);
    assert.is(status, 400, `status of ${target}`);
    assertPolicyHeaders(head, target);
  }
});

hostile('the host files are refused in every spelling', async ({ server }) => {
  for (const target of [
    '/_headers', '/%5Fheaders', '/%5fheaders', '/_headers/', '//_headers', '/./_headers', '/x/../_headers', '/_redirects?x=1', '/%5Fredirects',
    '/_headers.nginx', '/%5Fheaders.assets.nginx', '//_headers.assets.nginx/',
  ]) {
    const { status, head } = await get(server, target);
    assert.is(status, 302, `status of ${target}`);
    assert.match(head, 'location: /\r\n', `${target} goes home`);
  }
});

hostile('//evil.com is an unknown path like any other, not a host and not "not built yet"', async ({ server }) => {
  const { status, head } = await get(server, '//evil.com');
  assert.is(status, 302);
  assert.match(head, 'location: /\r\n');
});

hostile('a link in the output to a file outside it is never served', async ({ server }) => {
  for (const target of ['/key.txt', '/%6Bey.txt']) {
    const { status } = await get(server, target);
    assert.is(status, 302, `status of ${target}`);
  }
});

hostile('dotfiles are not served, /.well-known/ is', async ({ server }) => {
  assert.is((await get(server, '/.env')).status, 302, '/.env');
  assert.is((await get(server, '/%2Eenv')).status, 302, '/%2Eenv');
  assert.is((await get(server, '/.well-known/security.txt')).status, 200, '/.well-known/security.txt');
});

hostile('a POST to a page gets 405, not the page', async ({ server }) => {
  const response = await fetch(server.url + '/about', { method: 'POST', body: 'x' });
  assert.is(response.status, 405);
  assert.is(response.headers.get('allow'), 'GET, HEAD');
  assert.not.match(await response.text(), '<html');
});

hostile('API replies, errors and 304s carry the policy headers', async ({ server }) => {
  const api = await fetch(server.url + '/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  assert.is(api.status, 400);
  const apiHead = [...api.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n');
  assertPolicyHeaders(apiHead, 'an API error');
  assert.is(api.headers.get('cache-control'), 'no-store');

  const page = await fetch(server.url + '/about');
  const etag = page.headers.get('etag');
  assert.ok(etag, 'pages have an ETag');
  const revalidated = await fetch(server.url + '/about', { headers: { 'if-none-match': etag! } });
  assert.is(revalidated.status, 304);
  assert.match(revalidated.headers.get('content-security-policy') ?? '', "frame-ancestors 'none'", 'a 304 keeps the page policy');
  assert.is(revalidated.headers.get('x-content-type-options'), 'nosniff');
});

hostile('every malformed or unsatisfiable Range gets 416 with the size, or the whole page; none drops the connection', async ({ server, outDir }) => {
  const size = statSync(path.join(outDir, 'about.html')).size;
  const whole = await (await fetch(`${server.url}/about`)).text();
  const cases: [string, number][] = [
    ['bytes=5-1', 200], ['bytes=x-y', 200], ['bytes=-', 200], ['bytes=5-1,0-3', 200], ['bytes=0-1,2-3,4-5,6-7', 200], ['items=0-3', 200],
    ['bytes=-0', 416], [`bytes=${size}-`, 416], [`bytes=${size + 100}-${size + 200}`, 416], ['bytes=99999999999999999999-', 200],
  ];
  for (const [range, status] of cases) {
    const answer = await rawRequest(server, `GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: ${range}\r\nConnection: close\r\n\r\n`);
    assert.is(answer.status, status, `Range: ${range}`);
    if (status === 416) assert.match(answer.head, `content-range: bytes */${size}`, `Range: ${range}`);
    else assert.match(answer.head, `content-length: ${size}`, `Range: ${range} answers the whole page`);
  }
  const part = await fetch(`${server.url}/about`, { headers: { range: 'bytes=2-9' } });
  assert.is(part.status, 206);
  assert.is(part.headers.get('content-range'), `bytes 2-9/${size}`);
  assert.is(await part.text(), whole.slice(2, 10));
  const tail = await fetch(`${server.url}/about`, { headers: { range: 'bytes=-6' } });
  assert.is(tail.status, 206, 'a suffix range is the last bytes');
  assert.is(await tail.text(), whole.slice(-6));
  const past = await fetch(`${server.url}/about`, { headers: { range: `bytes=10-${size * 2}` } });
  assert.is(past.headers.get('content-range'), `bytes 10-${size - 1}/${size}`, 'a last byte past the end is the end');
});

hostile('a negative Content-Length gets 400 with the policy headers, not a reset', async ({ server }) => {
  const { status, head } = await rawRequest(server, 'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n');
  assert.is(status, 400);
  assertPolicyHeaders(head, 'a malformed request');
});

hostile('a client that sends its body too slowly gets 408', async ({ server }) => {
  const { status, head } = await rawRequest(server,
    'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na', { keepOpen: true });
  assert.is(status, 408);
  assertPolicyHeaders(head, 'a time-out');
});

hostile('a client that never finishes its headers gets 408', async ({ server }) => {
  const { status } = await rawRequest(server, 'GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', { keepOpen: true });
  assert.is(status, 408);
});

hostile.run();
