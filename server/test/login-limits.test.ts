import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sealCredentials } from '../../templates/lib/envelope.ts';
import { clientAddress } from '../../src/serve/client-address.ts';
import { publicKeyFromPem } from '../../templates/lib/rsa-public-key.ts';
import { stateFiles } from '../state.ts';
import { REPO_ROOT } from '../../test/helpers/site.ts';
import { ALICE, HIGH, apiRoot, apiSite, post, storeBackends, withSite, type ApiSite, type Backend } from '../../test/helpers/api-site.ts';

const BOB = { username: 'bob', password: 'bob password 1' };
const MINUTE = 60_000;

/** How many answers had each status, as "status×count" in order of status. */
function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
}


/**
 * Sends the login bodies at once, as an attacker would: every request's
 * headers first, and the bodies only once the server has taken in all of them
 * (it has answered each Expect: 100-continue, right before it handles the
 * request). Resolves each request's status.
 */
async function sendAtOnce(site: ApiSite, bodies: unknown[]): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests = bodies.map(() => http.request(`${site.server.url}/api/login`, {
    method: 'POST', agent, headers: { 'content-type': 'application/json', expect: '100-continue' },
  }));
  const statuses = requests.map((request) => new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    // A server that answered without reading the body may close before it arrives.
    request.on('error', reject);
  }));
  const headersTaken = requests.map((request) => new Promise<void>((resolve) => {
    request.once('continue', resolve);
    request.once('response', () => resolve());
  }));
  for (const request of requests) request.flushHeaders();
  await Promise.all(headersTaken);
  requests.forEach((request, index) => request.end(JSON.stringify(bodies[index])));
  try {
    return await Promise.all(statuses);
  } finally {
    agent.destroy();
  }
}

const login = (site: ApiSite, credentials: { username: string; password: string }, from?: string) =>
  sealCredentials(credentials, site.publicKey).then((envelope) => post(site.server, '/api/login', envelope, from ? { 'x-forwarded-for': from } : {}));

/** The same suites on each back end of the store: on PostgreSQL the counts are the database's. */
for (const backend of storeBackends()) suitesOn(backend);

function suitesOn(backend: Backend): void {
  // ---------------------------------------------------------------- attempts are counted when they start
  const atOnce = suite(`login attempts sent at once (${backend.name})`);

  atOnce('100 wrong passwords sent at once from one address: 10 are checked (401), the other 90 get 429', () => withSite(
    apiSite({ loginFailureLimit: { max: 10, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      const envelopes = await Promise.all(Array.from({ length: 100 }, () => sealCredentials({ ...ALICE, password: 'wrong guess' }, site.publicKey)));
      assert.is(tally(await sendAtOnce(site, envelopes)), '401×10 429×90', 'at most the allowed number of attempts is evaluated');
      const refused = await login(site, ALICE);
      assert.is(refused.status, 429, 'the right password too, once the attempts are used up');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'a refused attempt says when to come back');
    },
  ));

  atOnce('200 malformed envelopes sent at once: 10 are opened (400), the other 190 get 429', () => withSite(
    apiSite({ loginFailureLimit: { max: 10, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      const good = await sealCredentials(ALICE, site.publicKey);
      const statuses = await sendAtOnce(site, Array.from({ length: 200 }, () => ({ ...good, data: 'AAAA' })));
      assert.is(tally(statuses), '400×10 429×190');
    },
  ));

  atOnce('a successful login gives its attempt back; failures use them up', () => withSite(
    apiSite({ loginFailureLimit: { max: 3, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await login(site, ALICE)).status);
      for (let i = 0; i < 4; i++) statuses.push((await login(site, { ...ALICE, password: 'wrong guess' })).status);
      assert.equal(statuses, [200, 200, 200, 200, 200, 401, 401, 401, 429]);
    },
  ));

  atOnce.run();

  // ---------------------------------------------------------------- per account
  const account = suite(`login failures per account (${backend.name})`);

  account('failures for one username lock that username from every address, and only that one', () => withSite(
    apiSite({ trustProxy: 1, loginFailureLimit: HIGH, accountFailureLimit: { max: 3, windowMs: 15 * MINUTE } }, [ALICE, BOB], backend),
    async (site) => {
      for (let i = 1; i <= 3; i++) assert.is((await login(site, { ...ALICE, password: 'wrong guess' }, `203.0.113.${i}`)).status, 401);
      const locked = await login(site, ALICE, '198.51.100.7');
      assert.is(locked.status, 429, `the right password from a fresh address is refused while alice is locked: ${locked.text}`);
      assert.ok(Number(locked.headers.get('retry-after')) >= 1, 'Retry-After says when alice may try again');
      assert.is((await login(site, BOB, '198.51.100.7')).status, 200, 'bob is not locked, from the same address');
    },
  ));

  account('an unknown username is locked exactly like a known one (no oracle of who exists)', () => withSite(
    apiSite({ trustProxy: 1, loginFailureLimit: HIGH, accountFailureLimit: { max: 3, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      const run = async (username: string) => {
        const answers = [];
        for (let i = 1; i <= 5; i++) answers.push(await login(site, { username, password: 'wrong guess' }, `203.0.113.${i}`));
        return answers.map((answer) => `${answer.status} ${answer.text}`);
      };
      const known = await run('alice');
      assert.equal(await run('mallory'), known);
      assert.equal(known.map((answer) => answer.split(' ')[0]), ['401', '401', '401', '429', '429']);
    },
  ));

  account.run();

  // ---------------------------------------------------------------- behind a proxy
  const proxy = suite(`the client address behind a proxy (${backend.name})`);
  proxy.after(() => backend.done());

  proxy('X-Forwarded-For is ignored unless the operator trusts a proxy', () => withSite(
    apiSite({ loginFailureLimit: { max: 2, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      const statuses = [];
      for (let i = 1; i <= 3; i++) statuses.push((await login(site, { ...ALICE, password: 'wrong guess' }, `203.0.113.${i}`)).status);
      assert.equal(statuses, [401, 401, 429], 'a forged header does not make a new client');
    },
  ));

  proxy('with one trusted proxy, each forwarded address has its own limit and a forged prefix changes nothing', () => withSite(
    apiSite({ trustProxy: 1, loginFailureLimit: { max: 2, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      const wrong = { ...ALICE, password: 'wrong guess' };
      assert.is((await login(site, wrong, '203.0.113.1')).status, 401);
      assert.is((await login(site, wrong, '203.0.113.1')).status, 401);
      assert.is((await login(site, ALICE, '10.9.9.9, 203.0.113.1')).status, 429, 'what the client wrote before the proxy\'s entry is not believed');
      assert.is((await login(site, ALICE, '203.0.113.2')).status, 200, 'another visitor behind the same proxy is not refused');
    },
  ));

  proxy('IPv6 visitors are counted by their /64, as one line or instance holds a whole /64; IPv4-mapped addresses as IPv4', () => withSite(
    apiSite({ trustProxy: 1, loginFailureLimit: { max: 2, windowMs: 15 * MINUTE } }, undefined, backend),
    async (site) => {
      const wrong = { ...ALICE, password: 'wrong guess' };
      const statuses = [];
      for (let i = 1; i <= 12; i++) statuses.push((await login(site, wrong, `2001:db8:7:1:${i.toString(16)}::${i}`)).status);
      assert.equal(statuses, [401, 401, ...Array(10).fill(429)], 'twelve addresses of one /64 share one allowance');
      assert.is((await login(site, ALICE, '2001:db8:7:2::1')).status, 200, 'the next /64 is another client');
      assert.is((await login(site, wrong, '::ffff:198.51.100.4')).status, 401);
      assert.is((await login(site, wrong, '198.51.100.4')).status, 401);
      assert.is((await login(site, ALICE, '::ffff:c633:6404')).status, 429, 'an IPv4 address spelt as IPv6 is the same client');
    },
  ));

  proxy('`sitegen serve --trust-proxy 1` counts the forwarded address, with the compiled CLI opening envelopes', async () => {
    const databaseUrl = await backend.databaseUrl();
    const root = await apiRoot(undefined, databaseUrl);
    const env = { SITEGEN_DATABASE_URL: databaseUrl };
    const cli = await sitegen(['serve', '--root', root, '--port', '0', '--trust-proxy', '1'], env);
    try {
      assert.ok(cli.url, `the server did not start:\n${cli.output}`);
      const site = { server: { url: cli.url }, publicKey: publicKeyFromPem(await readFile(stateFiles(root).publicKey, 'utf8')) } as ApiSite;
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await login(site, { username: `guess${i}`, password: 'wrong guess' }, '203.0.113.1')).status);
      statuses.push((await login(site, ALICE, '203.0.113.1')).status);
      statuses.push((await login(site, ALICE, '203.0.113.2')).status);
      assert.equal(statuses, [...Array(10).fill(401), 429, 200], 'ten failures lock 203.0.113.1 only (the default limit)');
    } finally {
      await cli.stop();
    }
    const refused = await sitegen(['serve', '--root', root, '--port', '0', '--trust-proxy', 'all'], env);
    assert.is(refused.code, 1, refused.output);
    assert.match(refused.output, /--trust-proxy all: expected the number of proxies/);
  });

  proxy.run();
}

// ---------------------------------------------------------------- the address counted
const address = suite('the client address counted');

address('clientAddress takes the address the outermost trusted proxy saw', () => {
  const request = (forwarded: string | undefined, peer = '127.0.0.1') =>
    ({ headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }, socket: { remoteAddress: peer } }) as Parameters<typeof clientAddress>[0];
  assert.is(clientAddress(request('203.0.113.1'), 0), '127.0.0.1', 'no trusted proxy: the peer');
  assert.is(clientAddress(request('203.0.113.1'), 1), '203.0.113.1');
  assert.is(clientAddress(request('10.0.0.1, 203.0.113.1'), 1), '203.0.113.1', 'the last entry is the one our proxy wrote');
  assert.is(clientAddress(request(' 10.0.0.1 ,203.0.113.1 , 192.0.2.5'), 2), '203.0.113.1', 'two proxies: the second-last entry');
  assert.is(clientAddress(request('203.0.113.1'), 3), '203.0.113.1', 'fewer entries than proxies: the first one');
  assert.is(clientAddress(request(undefined), 1), '127.0.0.1', 'no header: the peer');
  assert.is(clientAddress(request(''), 1), '127.0.0.1', 'an empty header: the peer');
});

address.run();

/** Runs the real CLI; with `serve`, resolves once it says where it listens. */
function sitegen(args: string[], env: Record<string, string> = {}): Promise<{ url?: string; code?: number | null; output: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', SITEGEN_QUIET: '1', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill();
    await exited;
  };
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /serving on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, output, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => resolve({ code, output, stop }));
  });
}
