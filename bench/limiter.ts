/**
 * Does the rate limiter slow down as the addresses it counts grow? Sends
 * contact posts from 40,000 loopback source addresses (127.1.0.1 onwards:
 * each a new client to the limiter, as IPv6 makes cheap) to a `sitegen
 * serve` child whose contact limit has the login's 15-minute window, so
 * that no window ends during the run and nothing can be freed. Each post is
 * counted by the limiter, then refused as an empty form (400): no storage.
 * For each batch of 5,000 it prints the server's CPU per request (from
 * /proc) and the p99 of `GET /` asked meanwhile, one at a time, from one
 * known address. The cost per request at the end should stay within 1.5× of
 * the start.
 *
 *   node --import tsx bench/limiter.ts [--addresses 40000] [--batch 5000]
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startListening } from './listen.ts';
import { REPO } from './builders.ts';
import { percentile } from './measure.ts';
import { table } from './report.ts';

const LOGIN_WINDOW = { max: 20, windowMs: 15 * 60_000 };
/** Posts in flight at once. */
const CONCURRENCY = 32;

export interface LimiterBatch {
  /** Distinct addresses the limiter had seen at the end of the batch. */
  addresses: number;
  wall_s: number;
  server_cpu_ms_per_request: number;
  home_p99_ms: number;
  statuses: Record<string, number>;
}

export interface LimiterResult {
  batches: LimiterBatch[];
  /** CPU per request in the last batch over the first. */
  end_over_start: number;
  server_rss_mb_end: number;
}

/** The nth test address on the loopback range, skipping .0 and .255. */
function address(n: number): string {
  const host = 1 + (n % 254);
  const rest = Math.floor(n / 254);
  return `127.${1 + Math.floor(rest / 256)}.${rest % 256}.${host}`;
}

/** The CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

function post(url: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST', agent: false, localAddress: from,
      headers: { 'content-type': 'application/json', 'content-length': 2, connection: 'close' },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end('{}');
  });
}

/** GET / one at a time until `stop` resolves; each reply time in ms. */
async function probeHome(url: string, stop: Promise<void>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let stopped = false;
  void stop.then(() => { stopped = true; });
  while (!stopped) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http.get(url, { agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      }).on('error', reject);
    });
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  agent.destroy();
  return times;
}

export async function limiterBench(addresses = 40_000, batch = 5_000): Promise<LimiterResult> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-limiter-'));
  await mkdir(path.join(root, 'dist'), { recursive: true });
  const paragraph = '<p>Behavioural biometrics tell a customer from a fraudster by the way they type.</p>\n';
  await writeFile(path.join(root, 'dist', 'index.html'), `<!doctype html><html lang="en"><title>Home</title><main>\n${paragraph.repeat(100)}</main></html>\n`);
  const server = await startListening([process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', root], { cwd: REPO });
  const pid = server.child.pid!;
  const batches: LimiterBatch[] = [];
  try {
    // Warm up the server's code first (from 127.0.0.x, outside the measured range), so the first batch is not the JIT's.
    for (let n = 0; n < 2_000; n += CONCURRENCY) {
      await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => post(`${server.url}/api/contact`, `127.0.0.${2 + ((n + i) % 200)}`)));
    }
    for (let start = 0; start < addresses; start += batch) {
      const end = Math.min(addresses, start + batch);
      const statuses: Record<string, number> = {};
      let next = start;
      let done!: () => void;
      const finished = new Promise<void>((resolve) => { done = resolve; });
      const home = probeHome(`${server.url}/`, finished);
      const cpuBefore = cpuMs(pid);
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
        while (next < end) {
          const status = await post(`${server.url}/api/contact`, address(next++));
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }));
      const wall = performance.now() - started;
      const cpu = cpuMs(pid) - cpuBefore;
      done();
      const homeTimes = await home;
      batches.push({
        addresses: end, wall_s: wall / 1000, server_cpu_ms_per_request: cpu / (end - start),
        home_p99_ms: percentile(homeTimes, 99), statuses,
      });
      console.log(`limiter: ${end} addresses, ${(wall / 1000).toFixed(1)} s, ${(cpu / (end - start)).toFixed(3)} ms CPU a request`);
    }
    return {
      batches,
      end_over_start: batches.at(-1)!.server_cpu_ms_per_request / batches[0].server_cpu_ms_per_request,
      server_rss_mb_end: rssMb(pid),
    };
  } finally {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}

export function limiterTable(result: LimiterResult): string {
  return 'rate limiter: contact posts from new loopback addresses (15-minute window, nothing expires)\n' + table(
    ['addresses seen', 'batch wall', 'server CPU / request', 'GET / p99', 'answers'],
    result.batches.map((b) => [
      String(b.addresses), `${b.wall_s.toFixed(1)} s`, `${b.server_cpu_ms_per_request.toFixed(3)} ms`, `${b.home_p99_ms.toFixed(1)} ms`,
      Object.entries(b.statuses).map(([status, count]) => `${status}×${count}`).join(' '),
    ]),
  ) + `\nCPU per request, last batch / first: ${result.end_over_start.toFixed(2)}× (goal ≤ 1.5×); server RSS at the end ${result.server_rss_mb_end.toFixed(0)} MB`;
}

/** Child mode: the API over ROOT with the login's window on the contact limit. */
async function serve(root: string): Promise<void> {
  process.env.SITEGEN_QUIET = '1';
  const [{ startServer }, { createReferenceApi }] = await Promise.all([import('../src/serve/serve.ts'), import('../test/helpers/reference-api.ts')]);
  const api = await createReferenceApi(root, { contactLimit: LOGIN_WINDOW });
  const server = await startServer({ outDir: path.join(root, 'dist'), port: 0, host: '127.0.0.1', handlers: [api] });
  console.log(`serving on ${server.url}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { serve: { type: 'string' }, addresses: { type: 'string', default: '40000' }, batch: { type: 'string', default: '5000' } } });
  if (values.serve) await serve(path.resolve(values.serve));
  else console.log(limiterTable(await limiterBench(Number(values.addresses), Number(values.batch))));
}
