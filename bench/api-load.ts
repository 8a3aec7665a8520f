/**
 * `npm run bench -- --only api`: contact submissions against `sitegen
 * serve` (the real CLI, `--trust-proxy 1`, default limits), side by side
 * for one instance on the embedded SQLite file, one on PostgreSQL, and two
 * on one PostgreSQL database. Each request comes from its own forwarded
 * address, as visitors behind a load balancer do, so the contact limit
 * counts (on PostgreSQL, in the database) without refusing anyone. The
 * SQLite file and the PostgreSQL cluster are in the same temporary folder,
 * on the same disk, both with fsync. Every 200 must be a stored row.
 * Alone:
 *   node --import tsx bench/api-load.ts [--requests 2000] [--concurrency 50] [--runs 3]
 */
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openStore } from '../server/store.ts';
import { addSiteServer } from '../test/helpers/api-site.ts';
import { startCluster, type Cluster } from '../test/helpers/postgres.ts';
import { REPO } from './builders.ts';
import { startListening, type Listening } from './listen.ts';
import { percentile } from './measure.ts';
import { table } from './report.ts';

export interface ApiLoadRow {
  setup: string;
  requests: number;
  concurrency: number;
  runs: number;
  /** Median over the runs. */
  per_s: number;
  /** Over every request of every run. */
  p50_ms: number;
  p99_ms: number;
  statuses: Record<string, number>;
  stored: number;
  acknowledged: number;
}

interface Setup {
  name: string;
  roots: string[];
  databaseUrl: string;
  servers: Listening[];
  perSecond: number[];
  latencies: number[];
  statuses: Record<string, number>;
  /** The warm-up's acknowledged submissions, stored before the measured ones. */
  warmedUp: number;
}

const WARM_UP = 200;

export async function apiLoad(requests: number, concurrency: number, runs: number): Promise<ApiLoadRow[]> {
  // os.tmpdir(), not the bench's tmpfs: the postgres user must reach the cluster, and fsync must cost what it costs.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-api-'));
  let cluster: Cluster | undefined;
  const setups: Setup[] = [];
  try {
    cluster = await startCluster();
    const plans: [string, number, string][] = [
      ['1 instance, SQLite', 1, ''],
      ['1 instance, PostgreSQL', 1, await cluster.createDatabase()],
      ['2 instances, PostgreSQL', 2, await cluster.createDatabase()],
    ];
    for (const [name, count, databaseUrl] of plans) {
      const roots = await Promise.all(Array.from({ length: count }, (_, index) => siteRoot(path.join(dir, `${setups.length}-${index}`))));
      const servers = await Promise.all(roots.map((root) => startListening(
        [process.execPath, path.join(REPO, 'bin', 'sitegen.js'), 'serve', '--root', root, '--port', '0', '--trust-proxy', '1'],
        { cwd: REPO, env: { SITEGEN_DATABASE_URL: databaseUrl, SITEGEN_QUIET: '1' } },
      )));
      setups.push({ name, roots, databaseUrl, servers, perSecond: [], latencies: [], statuses: {}, warmedUp: 0 });
    }
    let sent = 0;
    for (const setup of setups) {
      const warm = await load(setup, WARM_UP, concurrency, sent);
      sent = warm.sent;
      setup.warmedUp = warm.statuses['200'] ?? 0;
    }
    // Interleaved runs, so that whatever else the machine does falls on every setup alike.
    for (let run = 0; run < runs; run++) {
      for (const setup of setups) {
        console.log(`api: ${setup.name}, run ${run + 1} of ${runs}`);
        const result = await load(setup, requests, concurrency, sent);
        sent = result.sent;
        setup.perSecond.push(requests / result.seconds);
        setup.latencies.push(...result.latencies);
        for (const [status, count] of Object.entries(result.statuses)) setup.statuses[status] = (setup.statuses[status] ?? 0) + count;
      }
    }
    const rows: ApiLoadRow[] = [];
    for (const setup of setups) {
      const store = await openStore(setup.roots[0], { databaseUrl: setup.databaseUrl });
      const stored = await store.count().finally(() => store.close());
      rows.push({
        setup: setup.name, requests, concurrency, runs,
        per_s: percentile(setup.perSecond, 50), p50_ms: percentile(setup.latencies, 50), p99_ms: percentile(setup.latencies, 99),
        statuses: setup.statuses, stored: stored - setup.warmedUp, acknowledged: setup.statuses['200'] ?? 0,
      });
    }
    return rows;
  } finally {
    await Promise.all(setups.flatMap((setup) => setup.servers.map((server) => server.stop())));
    await cluster?.remove();
    await rm(dir, { recursive: true, force: true });
  }
}

export function apiTable(rows: ApiLoadRow[]): string {
  const first = rows[0];
  const title = `contact POSTs to sitegen serve: ${first.requests} per run over ${first.concurrency} connections, ${first.runs} interleaved runs (requests/s: median run; p50/p99: every request)`;
  return `${title}\n` + table(['setup', 'requests/s', 'p50 ms', 'p99 ms', 'answers', 'stored / 200s'], rows.map((row) => [
    row.setup, row.per_s.toFixed(0), row.p50_ms.toFixed(1), row.p99_ms.toFixed(1),
    Object.entries(row.statuses).map(([status, count]) => `${status}×${count}`).join(' '),
    `${row.stored} / ${row.acknowledged}${row.stored === row.acknowledged ? '' : ' MISMATCH'}`,
  ]));
}

/** A site root with this site's server and a home page: the contact form needs no keys or customers. */
async function siteRoot(root: string): Promise<string> {
  await mkdir(path.join(root, 'dist'), { recursive: true });
  await addSiteServer(root);
  await writeFile(path.join(root, 'dist', 'index.html'), '<!doctype html><title>home</title><p>home</p>\n');
  return root;
}

/** Sends `requests` submissions over `concurrency` connections spread over the setup's instances. */
async function load(setup: Setup, requests: number, concurrency: number, sent: number) {
  const agents = setup.servers.map(() => new http.Agent({ keepAlive: true, maxSockets: Math.ceil(concurrency / setup.servers.length) }));
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, async (_, connection) => {
      const target = connection % setup.servers.length;
      while (next < requests) {
        const index = sent + next++;
        const begin = performance.now();
        const status = await post(agents[target], `${setup.servers[target].url}/api/contact`, submission(index), index);
        latencies.push(performance.now() - begin);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }));
  } finally {
    agents.forEach((agent) => agent.destroy());
  }
  return { seconds: (performance.now() - started) / 1000, latencies, statuses, sent: sent + requests };
}

function submission(index: number): string {
  return JSON.stringify({
    name: `Load ${index}`, request_type: index % 2 ? 'contact' : 'demo', company_name: 'Bench Ltd', email_id: `load${index}@example.com`,
    mobile_number: String(9_000_000_000 + index), ...(index % 2 ? { message: `message ${index}` } : { lastname: 'Bench', message: null }),
  });
}

function post(agent: http.Agent, url: string, body: string, index: number): Promise<number> {
  // A visitor of its own per request, as a load balancer forwards them (see the top of this file).
  const forwarded = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forwarded },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: {
    requests: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '50' }, runs: { type: 'string', default: '3' },
  } });
  const rows = await apiLoad(Number(values.requests), Number(values.concurrency), Number(values.runs));
  console.log(apiTable(rows));
  if (rows.some((row) => row.stored !== row.acknowledged)) process.exitCode = 1;
}
