/**
 * PostgreSQL going away under a running `sitegen serve`, and coming back:
 * the API answers 503 with Retry-After meanwhile, the pages keep being
 * served, nothing acknowledged is lost, and the API recovers by itself.
 * The URL carries a password (the throwaway cluster trusts local
 * connections, so it is never asked for) that no line may show.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import { sealCredentials } from '../../templates/lib/envelope.ts';
import { publicKeyFromPem } from '../../templates/lib/rsa-public-key.ts';
import { readFile } from 'node:fs/promises';
import { stateFiles } from '../state.ts';
import { clusterForFile, type Cluster } from '../../test/helpers/postgres.ts';
import { copyFixture } from '../../test/helpers/fixture.ts';
import { ALICE, addSiteServer, apiRoot, postWith, serveCli, sitegenCommand, type ServingCli } from '../../test/helpers/api-site.ts';

const pg = clusterForFile();
const SECRET = 'Secr3t-pw';
let cluster: Cluster;

/** A new database of the cluster, reached with a password in its URL. */
async function databaseWithPassword(): Promise<string> {
  return (await cluster.createDatabase()).replace('postgres://postgres@', `postgres://postgres:${SECRET}@`);
}

const submission = (index: number) => ({
  name: `visitor ${index}`, request_type: 'contact', company_name: 'Acme', email_id: `v${index}@example.com`, mobile_number: String(index), message: 'Hello',
});
const visitor = (index: number) => ({ 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` });

const outage = suite('PostgreSQL going away under a running API');
let serving: ServingCli | undefined;
outage.before(async () => { cluster = await pg.get(); });
outage.after.each(async () => {
  await serving?.stop();
  serving = undefined;
});
outage.after(() => pg.remove());

outage('stopped mid-run: 503s with Retry-After, pages still served, nothing acknowledged lost; started again: 200s without a restart', async () => {
  const databaseUrl = await databaseWithPassword();
  const root = await apiRoot([ALICE], databaseUrl);
  serving = await serveCli(root, { databaseUrl, args: ['--trust-proxy', '1'] });
  const url = serving.url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  // Each worker sends submissions one after another; the phase moves on when what it waits for has been seen.
  let phase: 'running' | 'stopping' | 'down' | 'starting' | 'up' = 'running';
  const acknowledged: number[] = [];
  const statuses: number[] = [];
  const refusedWithoutRetryAfter: number[] = [];
  let refusedWhileDown = 0;
  let pageWhileDown: number | undefined;
  let next = 0;
  let failure: Error | undefined;
  const step = async () => {
    if (phase === 'running' && acknowledged.length >= 100) {
      phase = 'stopping';
      await cluster.stop('immediate');
      phase = 'down';
    } else if (phase === 'down' && refusedWhileDown >= 20) {
      phase = 'starting';
      pageWhileDown = (await fetch(`${url}/`)).status;
      await cluster.start();
      phase = 'up';
    }
  };
  try {
    await Promise.all(Array.from({ length: 10 }, async () => {
      while (!failure) {
        if (next > 50_000) throw (failure = new Error(`no end in sight: phase ${phase} after ${next} requests`));
        const index = next++;
        const sentIn = phase;
        const answer = await postWith(agent, `${url}/api/contact`, submission(index), visitor(index));
        statuses.push(answer.status);
        if (answer.status === 200) acknowledged.push(index);
        if (answer.status === 503 && !(Number(answer.retryAfter) >= 1)) refusedWithoutRetryAfter.push(index);
        if (answer.status === 503 && sentIn === 'down') refusedWhileDown++;
        if (answer.status === 200 && sentIn === 'up') return;
        await step();
      }
    }));
  } finally {
    agent.destroy();
  }
  assert.equal([...new Set(statuses)].sort(), [200, 503], 'only acknowledgements and 503s');
  assert.equal(refusedWithoutRetryAfter, [], 'every 503 says when to come back');
  assert.is(pageWhileDown, 200, 'the pages are served while the database is down');
  const listed = await sitegenCommand(['submissions', '--root', root], { databaseUrl });
  assert.is(listed.code, 0, listed.stderr);
  const stored = (JSON.parse(listed.stdout) as { name: string }[]).map((row) => row.name);
  const missing = acknowledged.filter((index) => !stored.includes(`visitor ${index}`));
  assert.equal(missing, [], 'acknowledged, then lost');
  assert.is(new Set(stored).size, stored.length, 'none stored twice');
  const output = serving.output();
  assert.match(output, `cannot reach the PostgreSQL database at postgres://postgres:***@127.0.0.1:${cluster.port}/`);
  assert.match(output, 'can be reached again');
  assert.not.match(output, SECRET, 'the password in a log line');
});

outage('started while PostgreSQL is down: pages served, the API answers 503, then works once it is up', async () => {
  const databaseUrl = await databaseWithPassword();
  const root = await apiRoot([ALICE], databaseUrl);
  const publicKey = publicKeyFromPem(await readFile(stateFiles(root).publicKey, 'utf8'));
  await cluster.stop('fast');
  serving = await serveCli(root, { databaseUrl });
  const page = await fetch(`${serving.url}/`);
  assert.is(page.status, 200, 'the home page');
  const agent = new http.Agent({ keepAlive: false });
  try {
    const refused = await postWith(agent, `${serving.url}/api/contact`, submission(1));
    assert.is(refused.status, 503, refused.text);
    assert.ok(Number(refused.retryAfter) >= 1, 'Retry-After');
    const login = await postWith(agent, `${serving.url}/api/login`, await sealCredentials(ALICE, publicKey));
    assert.is(login.status, 503, login.text);
    assert.is(JSON.parse(login.text).statusCode, 503, 'the login island reads statusCode');
    await cluster.start();
    const stored = await postWith(agent, `${serving.url}/api/contact`, submission(2));
    assert.is(stored.status, 200, stored.text);
    const loggedIn = await postWith(agent, `${serving.url}/api/login`, await sealCredentials(ALICE, publicKey));
    assert.is(loggedIn.status, 200, loggedIn.text);
  } finally {
    agent.destroy();
  }
  const output = serving.output();
  assert.match(output, /warning: cannot reach the PostgreSQL database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/site_\d+ to apply its migrations \(.*\); the API answers 503 until it is back/);
  assert.not.match(output, SECRET, 'the password in a log line');
});

outage('`sitegen start` while PostgreSQL is down builds and serves the site, and says that it made no demo customer', async () => {
  const databaseUrl = await databaseWithPassword();
  const root = await copyFixture('basic');
  // A site with this server: a site without one never opens a database.
  await addSiteServer(root);
  await cluster.stop('fast');
  try {
    serving = await serveCli(root, { databaseUrl, command: 'start' });
    assert.is((await fetch(`${serving.url}/`)).status, 200, 'the home page');
    assert.match(serving.output(), 'warning: no demo customer was made, since the database cannot be reached; `sitegen users add NAME` makes one later');
    assert.not.match(serving.output(), SECRET, 'the password in a log line');
  } finally {
    await cluster.start();
  }
});

outage.run();
