/**
 * What `sitegen dev` refuses to a hostile page: a Host that is not its own
 * (DNS rebinding), event streams that would pile up, and a link in public/
 * to a dotfile.
 */
import http from 'node:http';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { startDev } from '../../src/dev/dev.ts';
import { isAllowedHost } from '../../src/serve/allowed-hosts.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { tempDir } from '../helpers/site.ts';
import { waitUntil } from '../helpers/wait-until.ts';

/** A GET with the Host header set by hand (fetch would not let us). */
function get(server: RunningServer, pathname: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http.get(`${server.url}${pathname}`, { headers: { host } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk) => { text += chunk; }).on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    }).on('error', reject);
  });
}

/** Opens an event stream; `ended` resolves when the server closes it. */
function openStream(server: RunningServer): Promise<{ request: http.ClientRequest; text(): string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}/__sitegen/events`, (response) => {
      let text = '';
      const ended = new Promise<void>((done) => response.on('end', done).on('close', done));
      response.setEncoding('utf8').on('data', (chunk) => { text += chunk; });
      resolve({ request, text: () => text, ended });
    });
    request.on('error', reject);
  });
}

function connections(server: RunningServer): Promise<number> {
  return new Promise((resolve, reject) => server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

async function devServer(host = '127.0.0.1', streams = {}): Promise<RunningServer> {
  const outDir = await tempDir('sitegen-dev-host-');
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html><title>home</title><p>home</p>\n');
  process.env.SITEGEN_QUIET = '1';
  return startServer({ outDir, port: 0, host, dev: true, streams });
}

const hosts = suite('dev: the Host check');

hosts('a request for another name is refused with 403, its own names are served', async () => {
  const server = await devServer();
  try {
    const port = new URL(server.url).port;
    for (const host of ['evil.example', `evil.example:${port}`, 'localhost.evil.example', '127.0.0.1.nip.io']) {
      const answer = await get(server, '/__sitegen/events', host);
      assert.is(answer.status, 403, `Host: ${host}`);
      assert.match(answer.text, 'not this dev server', `Host: ${host} is told why`);
    }
    assert.is((await get(server, '/', 'evil.example')).status, 403, 'pages too');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'LOCALHOST', 'app.localhost']) {
      assert.is((await get(server, '/', host)).status, 200, `Host: ${host}`);
    }
  } finally {
    await server.close();
  }
});

hosts('the name given to --host is accepted, and IP addresses always are', () => {
  assert.ok(isAllowedHost('dev.internal:3000', 'dev.internal'));
  assert.ok(isAllowedHost('192.168.1.20:3000', '0.0.0.0'), 'an address: a rebinding needs a name');
  assert.ok(isAllowedHost('[fe80::1]:3000', '::'));
  assert.not.ok(isAllowedHost('other.internal:3000', 'dev.internal'));
  assert.not.ok(isAllowedHost('', '127.0.0.1'), 'an empty Host');
  assert.not.ok(isAllowedHost('a b', '127.0.0.1'), 'a Host that cannot be read');
});

hosts('sitegen serve (not dev) answers any Host: a deployed site has its own names', async () => {
  const outDir = await tempDir('sitegen-serve-host-');
  await writeFile(path.join(outDir, 'index.html'), '<!doctype html><title>home</title>\n');
  const server = await startServer({ outDir, port: 0, host: '127.0.0.1' });
  try {
    assert.is((await get(server, '/', 'www.example.com')).status, 200);
  } finally {
    await server.close();
  }
});

hosts.run();

const streams = suite('dev: event streams');

streams('a stream gets a heartbeat, and is closed at its age', async () => {
  const server = await devServer('127.0.0.1', { heartbeatMs: 30, maxAgeMs: 400 });
  try {
    const stream = await openStream(server);
    await waitUntil(() => stream.text().includes(': ping'), 'a heartbeat arrives', { timeoutMs: 5_000 });
    await stream.ended;
    assert.match(stream.text(), 'retry: 1000', 'the browser is told to connect again');
  } finally {
    await server.close();
  }
});

streams('past the most streams kept, the oldest are closed; a client that hangs up is dropped', async () => {
  const server = await devServer('127.0.0.1', { heartbeatMs: 30, maxStreams: 3 });
  try {
    const opened = [];
    for (let i = 0; i < 5; i++) opened.push(await openStream(server));
    await Promise.all([opened[0].ended, opened[1].ended]);
    await waitUntil(async () => (await connections(server)) === 3, 'three streams are left open');
    opened[4].request.destroy();
    await waitUntil(async () => (await connections(server)) === 2, 'the stream of the client that hung up is gone');
    for (const stream of opened.slice(2, 4)) stream.request.destroy();
  } finally {
    await server.close();
  }
});

streams.run();

const link = suite('dev: links in public/');

link('dev refuses a link in public/ to a dotfile: the secret is never served', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'public/.env'), 'DB_PASSWORD=hunter2\n');
  await symlink('.env', path.join(root, 'public/env.txt'));
  await mkdir(path.join(root, 'public/docs'), { recursive: true });
  const errors: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = () => undefined;
  console.error = (...args: unknown[]) => void errors.push(args.join(' '));
  const dev = await startDev({ root, port: 0, host: '127.0.0.1' }).finally(() => { console.log = log; console.error = error; });
  try {
    const answer = await fetch(`${dev.server.url}/env.txt`, { redirect: 'manual' });
    assert.not.match(await answer.text(), 'hunter2', 'the secret is not served');
    assert.match(errors.join('\n'), 'public/env.txt is a symbolic link to public/.env', 'the terminal says why');
  } finally {
    await dev.close();
  }
});

link.run();
