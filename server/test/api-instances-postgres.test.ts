/**
 * Two `sitegen serve` processes on one PostgreSQL database, as two machines
 * behind a load balancer: each with its own copy of the site root (the same
 * login key pair), `--trust-proxy 1`, and SITEGEN_DATABASE_URL.
 *
 * The contact limit (20 a minute per client) would refuse most of 2,000
 * submissions from one address. As behind a real load balancer, each
 * request carries the address of its own visitor in X-Forwarded-For, which
 * `--trust-proxy 1` makes the address counted; the limit itself stays the
 * default, and its own test below shows that it is shared.
 */
import { cp, readFile } from 'node:fs/promises';
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sealCredentials } from '../../templates/lib/envelope.ts';
import { publicKeyFromPem } from '../../templates/lib/rsa-public-key.ts';
import { stateFiles } from '../state.ts';
import { tempDir } from '../../test/helpers/site.ts';
import { clusterForFile } from '../../test/helpers/postgres.ts';
import { ALICE, apiRoot, postWith, serveCli, sitegenCommand, type ServingCli } from '../../test/helpers/api-site.ts';

const pg = clusterForFile();
let databaseUrl: string;
let instances: ServingCli[] = [];
let root: string;

const submission = (index: number) => ({
  name: `visitor ${index}`, request_type: 'contact', company_name: 'Acme', email_id: `v${index}@example.com`, mobile_number: String(index), message: `message ${index}`,
});
/** A distinct address per visitor, as a load balancer would forward it. */
const visitor = (index: number) => ({ 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` });

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
}

const shared = suite('two `sitegen serve` instances on one PostgreSQL database');

shared.before(async () => {
  databaseUrl = await (await pg.get()).createDatabase();
  root = await apiRoot([ALICE], databaseUrl);
  // The second machine: a copy of the first's root, so the same key pair (what the README tells operators to do).
  const second = await tempDir('sitegen-second-');
  await cp(root, second, { recursive: true });
  instances = await Promise.all([root, second].map((dir) => serveCli(dir, { databaseUrl, args: ['--trust-proxy', '1'] })));
});

shared.after(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await pg.remove();
});

shared('2,000 contact submissions over 50 connections split between them: every acknowledged one is stored exactly once', async () => {
  const total = 2_000;
  const agents = instances.map(() => new http.Agent({ keepAlive: true, maxSockets: 25 }));
  const acknowledged: string[] = [];
  const statuses: number[] = [];
  let next = 0;
  try {
    // 50 connections: 25 kept open to each instance, each sending one submission after another.
    await Promise.all(Array.from({ length: 50 }, async (_, connection) => {
      const target = connection % 2;
      while (next < total) {
        const index = next++;
        const answer = await postWith(agents[target], `${instances[target].url}/api/contact`, submission(index), visitor(index));
        statuses.push(answer.status);
        if (answer.status === 200) acknowledged.push(`visitor ${index}`);
      }
    }));
  } finally {
    agents.forEach((agent) => agent.destroy());
  }
  assert.is(tally(statuses), `200×${total}`, 'every submission acknowledged');
  const listed = await sitegenCommand(['submissions', '--root', root], { databaseUrl });
  assert.is(listed.code, 0, listed.stderr);
  const rows = JSON.parse(listed.stdout) as { id: number; name: string }[];
  const times = new Map<string, number>();
  for (const row of rows) times.set(row.name, (times.get(row.name) ?? 0) + 1);
  const missing = acknowledged.filter((name) => !times.has(name));
  const doubled = [...times].filter(([, count]) => count > 1).map(([name]) => name);
  assert.equal(missing, [], 'acknowledged but not stored');
  assert.equal(doubled, [], 'stored more than once');
  assert.is(rows.length, acknowledged.length, 'nothing stored that was not acknowledged');
  assert.is(new Set(rows.map((row) => row.id)).size, rows.length, 'one id per row');
});

shared('one visitor\'s contact requests count against one limit, whichever instance answers', async () => {
  const statuses: number[] = [];
  const from = { 'x-forwarded-for': '192.0.2.77' };
  const agent = new http.Agent({ keepAlive: true });
  try {
    for (let i = 0; i < 30; i++) statuses.push((await postWith(agent, `${instances[i % 2].url}/api/contact`, submission(10_000 + i), from)).status);
  } finally {
    agent.destroy();
  }
  assert.is(tally(statuses), '200×20 429×10', 'the default 20 a minute, for both instances together');
});

shared('100 wrong passwords sent at once over both instances: no more than the limit (10) are checked, the rest get 429', async () => {
  const publicKey = publicKeyFromPem(await readFile(stateFiles(root).publicKey, 'utf8'));
  const envelopes = await Promise.all(Array.from({ length: 100 }, () => sealCredentials({ ...ALICE, password: 'wrong guess' }, publicKey)));
  const from = { 'x-forwarded-for': '198.51.100.9' };
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    const answers = await Promise.all(envelopes.map((envelope, index) => postWith(agent, `${instances[index % 2].url}/api/login`, envelope, from)));
    assert.is(tally(answers.map((answer) => answer.status)), '401×10 429×90');
    assert.ok(answers.filter((answer) => answer.status === 429).every((answer) => Number(answer.retryAfter) >= 1), 'each refusal says when to come back');
    // alice's own allowance is used up too, on both instances, from any address.
    for (const instance of instances) {
      const right = await postWith(agent, `${instance.url}/api/login`, await sealCredentials(ALICE, publicKey), { 'x-forwarded-for': '203.0.113.50' });
      assert.is(right.status, 429, `the right password for the locked account on ${instance.url}: ${right.text}`);
    }
  } finally {
    agent.destroy();
  }
});

shared.run();
