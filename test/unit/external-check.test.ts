/**
 * `sitegen check --external` against servers on 127.0.0.1 only: broken
 * links reported at the content line that writes them, one request at a
 * time per host, working links cached.
 */
import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { initStarter } from '../helpers/starter.ts';

interface Peer {
  url: string;
  /** Requests by path, and the most that were in flight at once. */
  hits: Map<string, number>;
  maxInFlight(): number;
  close(): Promise<void>;
}

/** A site elsewhere: /ok answers 200, /gone 404, /moved redirects to /ok, /no-head refuses HEAD; each answer takes 30 ms. */
async function peer(): Promise<Peer> {
  const hits = new Map<string, number>();
  let inFlight = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    const pathname = req.url ?? '/';
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    most = Math.max(most, ++inFlight);
    setTimeout(() => {
      inFlight--;
      if (pathname === '/ok') return void res.writeHead(200).end();
      if (pathname === '/moved') return void res.writeHead(301, { location: '/ok' }).end();
      if (pathname === '/no-head') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      res.writeHead(404).end();
    }, 30);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, maxInFlight: () => most, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const external = suite('check --external');

external('broken links are reported at the line that writes them; one request at a time per host; working ones cached', async () => {
  const elsewhere = await peer();
  // A port that was free a moment ago: nothing listens there.
  const closed = await peer();
  const refused = `${closed.url}/nothing-listens`;
  await closed.close();
  try {
    const root = await initStarter('basic', 'sitegen-external-');
    const page = path.join(root, 'content', 'pages', 'index.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\n- [fine](${elsewhere.url}/ok)\n- [moved](${elsewhere.url}/moved)\n- [refuses HEAD](${elsewhere.url}/no-head)\n- [gone](${elsewhere.url}/gone)\n- [refused](${refused})\n`);
    const lines = (await readFile(page, 'utf8')).split('\n');
    const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;
    const { outDir } = await buildSite({ root });
    const options = { concurrency: 4, perHostIntervalMs: 5, timeoutMs: 5_000 };
    const report = await checkSite(root, outDir, { external: options });
    assert.is(report.external?.links, 5);
    assert.equal(report.external?.broken.map((link) => `${link.url} ${link.reason} ${link.where.join(' ')}`).sort(), [
      `${elsewhere.url}/gone 404 content/pages/index.md:${lineOf('/gone')}`,
      `${refused} unreachable (ECONNREFUSED) content/pages/index.md:${lineOf('nothing-listens')}`,
    ].sort());
    assert.is(elsewhere.maxInFlight(), 1, 'one request at a time to one host');
    assert.is(elsewhere.hits.get('/no-head'), 2, 'HEAD refused, then GET');
    const okHits = elsewhere.hits.get('/ok');
    const again = await checkSite(root, outDir, { external: options });
    assert.is(again.external?.cached, 3, 'the three working links come from the cache');
    assert.is(elsewhere.hits.get('/ok'), okHits, 'and are not asked again');
    assert.is(again.external?.broken.length, 2, 'the broken ones are asked again, and still broken');
  } finally {
    await elsewhere.close();
  }
});

external('without --external no other site is asked', async () => {
  const elsewhere = await peer();
  try {
    const root = await initStarter('basic', 'sitegen-external-');
    const page = path.join(root, 'content', 'pages', 'index.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\n[gone](${elsewhere.url}/gone)\n`);
    const { outDir } = await buildSite({ root });
    const report = await checkSite(root, outDir);
    assert.is(report.external, undefined);
    assert.is(elsewhere.hits.size, 0);
  } finally {
    await elsewhere.close();
  }
});

external.run();
