/**
 * Does the login's reply time tell one kind of malformed envelope from
 * another? (Bleichenbacher: a reply that is slower when the RSA padding was
 * right tells an attacker so.) Sends every kind in turn, one request at a
 * time over one connection, in a new random order each round, and prints the
 * median time of each kind side by side, how far each is from the median of
 * all, and how often a single request tells a block with bad RSA padding
 * from one with good padding (50% is a coin toss).
 *
 *   node --import tsx bench/login-timing.ts [--rounds 200]
 */
import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sealCredentials } from '../templates/lib/envelope.ts';
import { startLoginServer, type LoginServer } from './login-server.ts';
import { request } from './http-client.ts';
import { median, percentile } from './measure.ts';
import { table } from './report.ts';

export interface TimingResult {
  rounds: number;
  kinds: { kind: string; status: number; median_ms: number; p10_ms: number; p90_ms: number; off_median_pct: number }[];
  /** Largest minus smallest median, as a share of the median of all. */
  spread_pct: number;
  /** Best single-request accuracy at telling bad RSA padding (in the key) from good padding (the AES fails later). */
  padding_guess_pct: number;
}

/** Every malformed kind the issue names, built for this server's key. */
async function malformedKinds(server: LoginServer): Promise<Record<string, object>> {
  const good = await sealCredentials({ username: 'bench', password: 'wrong password' }, server.publicKey);
  const rsa = (text: string) => publicEncrypt({ key: server.publicPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');
  const raw = (block: Buffer) => publicEncrypt({ key: server.publicPem, padding: constants.RSA_NO_PADDING }, block).toString('base64');
  const key = '0123456789abcdef';
  const iv = 'fedcba9876543210';
  const aes = (plain: string | Buffer, pad = true) => {
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(key), Buffer.from(iv));
    cipher.setAutoPadding(pad);
    return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
  };
  const sealed = (data: string) => ({ key: rsa(key), iv: rsa(iv), data });
  return {
    'bad base64 in key': { ...good, key: `!${good.key.slice(1)}` },
    'key block of the wrong length': { ...good, key: Buffer.from('short').toString('base64') },
    'bad RSA padding in key': { ...good, key: raw(Buffer.concat([Buffer.from([0]), randomBytes(255)])) },
    'bad RSA padding in iv': { ...good, iv: raw(Buffer.concat([Buffer.from([0]), randomBytes(255)])) },
    'key not hex': { ...good, key: rsa('0123456789abcdeg') },
    'bad AES padding': sealed(aes(Buffer.concat([Buffer.from('{"username":"bench","password":"x"}'), Buffer.alloc(13, 7)]), false)),
    'bad inner JSON': sealed(aes('{"username":"bench",')),
    'wrong field types': sealed(aes('{"username":1,"password":"x"}')),
    'envelope field a number': { ...good, data: 5 },
  };
}

export async function loginTiming(work: string, rounds: number): Promise<TimingResult> {
  const server = await startLoginServer(work);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const kinds = Object.entries(await malformedKinds(server)).map(([kind, body]) => ({ kind, body: JSON.stringify(body), times: [] as number[], status: 0 }));
    const url = `${server.url}/api/login`;
    // Warm up: the decryption thread starts with the first envelope, and V8 compiles the hot paths.
    for (let round = 0; round < 10; round++) for (const kind of kinds) await request(agent, url, 'POST', kind.body);
    for (let round = 0; round < rounds; round++) {
      for (const kind of shuffled(kinds)) {
        const { status, ms } = await request(agent, url, 'POST', kind.body);
        kind.status = status;
        kind.times.push(ms);
      }
    }
    const all = median(kinds.flatMap((kind) => kind.times));
    const medians = kinds.map((kind) => median(kind.times));
    const byKind = (name: string) => kinds.find((kind) => kind.kind === name)!.times;
    return {
      rounds,
      kinds: kinds.map((kind, index) => ({
        kind: kind.kind, status: kind.status, median_ms: medians[index],
        p10_ms: percentile(kind.times, 10), p90_ms: percentile(kind.times, 90), off_median_pct: (medians[index] / all - 1) * 100,
      })),
      spread_pct: ((Math.max(...medians) - Math.min(...medians)) / all) * 100,
      padding_guess_pct: bestGuess(byKind('bad RSA padding in key'), byKind('bad AES padding')) * 100,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

export function timingTable(result: TimingResult): string {
  const rows = result.kinds.map((kind) => [
    kind.kind, String(kind.status), kind.median_ms.toFixed(2), kind.p10_ms.toFixed(2), kind.p90_ms.toFixed(2),
    `${kind.off_median_pct >= 0 ? '+' : ''}${kind.off_median_pct.toFixed(1)}%`,
  ]);
  return `login reply time by kind of malformed envelope (${result.rounds} rounds, one request at a time)\n`
    + table(['kind', 'status', 'median ms', 'p10 ms', 'p90 ms', 'vs all'], rows)
    + `\nspread of the medians: ${result.spread_pct.toFixed(1)}% of the median of all`
    + `\none request tells bad RSA padding from good ${result.padding_guess_pct.toFixed(0)}% of the time (50% is a coin toss)`;
}

/** The best accuracy of telling A from B by one time, with any threshold on either side. */
function bestGuess(a: number[], b: number[]): number {
  const points = [...a.map((ms) => ({ ms, isA: true })), ...b.map((ms) => ({ ms, isA: false }))].sort((x, y) => x.ms - y.ms);
  let aBelow = 0;
  let bBelow = 0;
  let best = 0.5;
  for (const point of points) {
    if (point.isA) aBelow += 1;
    else bBelow += 1;
    // "A if faster than here", or "A if slower than here", whichever is right more often.
    const accuracy = (aBelow / a.length + (b.length - bBelow) / b.length) / 2;
    best = Math.max(best, accuracy, 1 - accuracy);
  }
  return best;
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
  const work = await mkdtemp(path.join(os.tmpdir(), 'sitegen-login-timing-'));
  try {
    console.log(timingTable(await loginTiming(work, Number(values.rounds))));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
