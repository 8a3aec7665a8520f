/**
 * Can one client freeze the site through the login? Sends bursts of login
 * envelopes at once (valid ones with a wrong password: the costliest kind,
 * two RSA decryptions and a scrypt check each) and, while each burst is
 * being answered, asks for `GET /` and posts the contact form one after the
 * other, timing each. Prints their p50/p99 against the same with no load,
 * and how the logins were answered (401 checked, 503 refused by the full
 * queue).
 *
 *   node --import tsx bench/login-flood.ts [--envelopes 300] [--bursts 3]
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sealCredentials } from '../templates/lib/envelope.ts';
import { BENCH_USER, startLoginServer } from './login-server.ts';
import { request, type Timed } from './http-client.ts';
import { percentile } from './measure.ts';
import { table } from './report.ts';

interface Latencies {
  count: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface FloodResult {
  envelopes: number;
  bursts: number;
  /** How long each burst took to be answered in full, median. */
  burst_s: number;
  login_statuses: Record<string, number>;
  idle: { home: Latencies; contact: Latencies };
  under_load: { home: Latencies; contact: Latencies };
}

const CONTACT = JSON.stringify({ name: 'Bench', request_type: 'contact', company_name: 'Bench Ltd', email_id: 'bench@example.com', mobile_number: '1', message: 'hello' });

export async function loginFlood(work: string, envelopes: number, bursts: number): Promise<FloodResult> {
  const server = await startLoginServer(work);
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const floodAgent = new http.Agent({ keepAlive: true, maxSockets: envelopes });
  try {
    const body = JSON.stringify(await sealCredentials({ ...BENCH_USER, password: 'wrong password' }, server.publicKey));
    const idle = await probe(probeAgent, server.url, { rounds: 200 });
    const statuses: Record<string, number> = {};
    const home: number[] = [];
    const contact: number[] = [];
    const durations: number[] = [];
    for (let burst = 0; burst < bursts; burst++) {
      const started = performance.now();
      let done = false;
      const answers = Promise.all(Array.from({ length: envelopes }, () => request(floodAgent, `${server.url}/api/login`, 'POST', body)))
        .finally(() => { done = true; });
      const during = await probe(probeAgent, server.url, { until: () => done });
      for (const { status } of await answers) statuses[status] = (statuses[status] ?? 0) + 1;
      durations.push((performance.now() - started) / 1000);
      home.push(...during.home);
      contact.push(...during.contact);
    }
    return {
      envelopes, bursts, burst_s: percentile(durations, 50), login_statuses: statuses,
      idle: { home: summary(idle.home), contact: summary(idle.contact) },
      under_load: { home: summary(home), contact: summary(contact) },
    };
  } finally {
    probeAgent.destroy();
    floodAgent.destroy();
    await server.stop();
  }
}

/** GET / and a contact POST, one after the other, for a number of rounds or until told to stop. */
async function probe(agent: http.Agent, url: string, until: { rounds?: number; until?: () => boolean }) {
  const home: number[] = [];
  const contact: number[] = [];
  const check = (answer: Timed, expected: number, what: string) => {
    if (answer.status !== expected) throw new Error(`${what} answered ${answer.status} during the bench`);
    return answer.ms;
  };
  for (let round = 0; until.rounds === undefined ? !until.until!() : round < until.rounds; round++) {
    home.push(check(await request(agent, `${url}/`), 200, 'GET /'));
    contact.push(check(await request(agent, `${url}/api/contact`, 'POST', CONTACT), 200, 'POST /api/contact'));
  }
  return { home, contact };
}

function summary(values: number[]): Latencies {
  return { count: values.length, p50_ms: percentile(values, 50), p99_ms: percentile(values, 99), max_ms: Math.max(...values) };
}

export function floodTable(result: FloodResult): string {
  const row = (name: string, latencies: Latencies) => [name, String(latencies.count), latencies.p50_ms.toFixed(1), latencies.p99_ms.toFixed(1), latencies.max_ms.toFixed(1)];
  const statuses = Object.entries(result.login_statuses).map(([status, count]) => `${status}×${count}`).join(', ');
  return `pages and the contact form while ${result.bursts} burst${result.bursts === 1 ? '' : 's'} of ${result.envelopes} login envelopes ${result.bursts === 1 ? 'is' : 'are'} answered\n`
    + table(['request', 'count', 'p50 ms', 'p99 ms', 'max ms'], [
      row('GET / (no load)', result.idle.home), row('GET / (login burst)', result.under_load.home),
      row('POST contact (no load)', result.idle.contact), row('POST contact (login burst)', result.under_load.contact),
    ])
    + `\nlogins: ${statuses} (401: opened and checked; 503: the queue was full, nothing opened); a burst took ${result.burst_s.toFixed(2)} s to answer`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { envelopes: { type: 'string', default: '300' }, bursts: { type: 'string', default: '3' } } });
  const work = await mkdtemp(path.join(os.tmpdir(), 'sitegen-login-flood-'));
  try {
    console.log(floodTable(await loginFlood(work, Number(values.envelopes), Number(values.bursts))));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
