/**
 * Load on the contact endpoint of the reference API (not part of the test
 * suite; run on demand):
 *   node --import tsx bench/api-load.ts [--requests 2000] [--concurrency 50]
 * The server runs in a child process on 127.0.0.1 with the rate limit
 * raised out of the way; 50 keep-alive connections send 2,000 submissions.
 * Every 200 must be a stored row (none lost), and the p50/p99 latencies are
 * printed.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from '../src/serve/serve.ts';
import { createReferenceApi } from '../src/reference-api/index.ts';
import { openStore } from '../src/reference-api/store.ts';

const { values } = parseArgs({ options: {
  requests: { type: 'string', default: '2000' },
  concurrency: { type: 'string', default: '50' },
  serve: { type: 'string' },
} });

if (values.serve) await serveOnly(values.serve);
else await run(Number(values.requests), Number(values.concurrency));

/** Child mode: serve ROOT with the API and print the URL for the parent. */
async function serveOnly(root: string): Promise<void> {
  process.env.SITEGEN_QUIET = '1';
  const outDir = path.join(root, 'dist');
  await mkdir(outDir, { recursive: true });
  const api = await createReferenceApi(root, { contactLimit: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } });
  const server = await startServer({ outDir, port: 0, host: '127.0.0.1', handlers: [api] });
  console.log(server.url);
}

async function run(requests: number, concurrency: number): Promise<void> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', root], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const index = next++;
        const begin = performance.now();
        const status = await post(agent, `${url}/api/contact`, submission(index));
        latencies.push(performance.now() - begin);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const store = await openStore(root);
    const stored = await store.count();
    await store.close();
    const ok = statuses.get(200) ?? 0;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
    console.log(`${requests} contact submissions over ${concurrency} connections in ${seconds.toFixed(2)} s (${(requests / seconds).toFixed(0)}/s)`);
    console.log(`statuses: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
    console.log(`latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
    console.log(`stored rows: ${stored}; answered 200: ${ok}; ${stored === ok ? 'none lost' : `MISMATCH: ${ok - stored} lost`}`);
    if (stored !== ok || ok !== requests) process.exitCode = 1;
  } finally {
    child.kill();
    await rm(root, { recursive: true, force: true });
  }
}

function submission(index: number) {
  return JSON.stringify({
    name: `Load ${index}`, request_type: index % 2 ? 'contact' : 'demo', company_name: 'Bench Ltd', email_id: `load${index}@example.com`,
    mobile_number: String(9_000_000_000 + index), ...(index % 2 ? { message: `message ${index}` } : { lastname: 'Bench', message: null }),
  });
}

function post(agent: http.Agent, url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}
