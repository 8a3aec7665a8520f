/**
 * `sitegen check --external` against servers on 127.0.0.1 only: broken
 * links reported at the content line that writes them, one request at a
 * time per host, working links cached; the machine's own network refused
 * by the address a link reaches, at every redirect; the run bounded.
 */
import http from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { checkExternalLinks } from '../../src/check/external-links.ts';
import { initStarter } from '../helpers/starter.ts';

interface Peer {
  url: string;
  /** Requests by path, and the most that were in flight at once. */
  hits: Map<string, number>;
  maxInFlight(): number;
  close(): Promise<void>;
}

/** A site elsewhere (the query aside): /ok answers 200, /gone 404, /moved redirects to /ok, /no-head refuses HEAD; each answer takes 30 ms. */
async function peer(): Promise<Peer> {
  const hits = new Map<string, number>();
  let inFlight = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
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
    // These peers are on 127.0.0.1, which the checker refuses unless the operator allows it (--allow-host).
    const options = { concurrency: 4, perHostIntervalMs: 5, timeoutMs: 5_000, allowHosts: ['127.0.0.1'] };
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

/** A link on a page of a fresh starter, built; returns the root and the output. */
async function siteLinking(urls: readonly string[]): Promise<{ root: string; outDir: string }> {
  const root = await initStarter('basic', 'sitegen-external-');
  const page = path.join(root, 'content', 'pages', 'index.md');
  await writeFile(page, `${await readFile(page, 'utf8')}\n${urls.map((url, index) => `- [link ${index}](<${url}>)`).join('\n')}\n`);
  const { outDir } = await buildSite({ root });
  return { root, outDir };
}

/** A server that takes connections and never answers; counts the requests it has been sent. */
async function silentHost(): Promise<{ url: string; requests(): number; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer(() => void requests++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

external('links into this machine\'s network are refused by the address they reach, in any spelling, and never connected', async () => {
  const inside = await peer();
  const port = new URL(inside.url).port;
  try {
    const urls = [
      `http://127.0.0.1:${port}/ok`, `http://127.1:${port}/ok`, `http://0x7f000001:${port}/ok`, `http://2130706433:${port}/ok`,
      `http://localhost:${port}/ok`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.5/admin',
    ];
    const { root, outDir } = await siteLinking(urls);
    const report = await checkSite(root, outDir, { external: { perHostIntervalMs: 5, timeoutMs: 2_000 } });
    assert.is(inside.hits.size, 0, 'the server inside was never asked');
    const reasons = new Map(report.external!.broken.map((link) => [link.url, link.reason]));
    assert.is(reasons.size, urls.length, [...reasons].join('\n'));
    assert.match(reasons.get(`http://127.0.0.1:${port}/ok`)!, `refused: 127.0.0.1:${port} is 127.0.0.1, a loopback address (sitegen check --allow-host 127.0.0.1:${port} asks it anyway)`);
    assert.match(reasons.get(`http://localhost:${port}/ok`)!, /^refused: localhost:\d+ is (127\.0\.0\.1|::1), a loopback address/, 'a name is judged by what it resolves to');
    assert.match(reasons.get('http://169.254.169.254/latest/meta-data/')!, 'a link-local address (the cloud metadata service is one)');
    assert.match(reasons.get('http://10.0.0.5/admin')!, 'a private address');
    // IPv6 literals, as a template's link field would write them (marked encodes the brackets of a Markdown link).
    const v6 = [`http://[::1]:${port}/ok`, `http://[::ffff:127.0.0.1]:${port}/ok`, `http://[::ffff:7f00:1]:${port}/ok`, 'http://[fd00::1]/x', 'http://[fe80::1]/x'];
    const direct = await checkExternalLinks(root, new Map(v6.map((url) => [url, ['index.html']])), new Map(), { perHostIntervalMs: 5, timeoutMs: 2_000 });
    assert.equal(direct.broken.map((link) => /, (an? [a-z-]+ address)/.exec(link.reason)?.[1]), [
      'a loopback address', 'a loopback address', 'a loopback address', 'a unique-local address', 'a link-local address',
    ], direct.broken.map((link) => link.reason).join('\n'));
    assert.is(inside.hits.size, 0);
  } finally {
    await inside.close();
  }
});

external('a redirect into this machine\'s network is refused, though the first host was allowed', async () => {
  const target = await peer();
  const hits: string[] = [];
  const redirector = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(302, { location: req.url === '/to-name' ? `http://localhost:${new URL(target.url).port}/ok` : `${target.url}/ok` }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  const start = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  try {
    const { root, outDir } = await siteLinking([`${start}/to-address`, `${start}/to-name`]);
    // Only the redirector is allowed (host and port), as an operator allows one intranet host.
    const report = await checkSite(root, outDir, { external: { perHostIntervalMs: 5, timeoutMs: 2_000, allowHosts: [new URL(start).host] } });
    assert.equal(hits.sort(), ['/to-address', '/to-name'], 'the allowed host was asked');
    assert.is(target.hits.size, 0, 'the host it redirects to was not');
    const reasons = report.external!.broken.map((link) => link.reason).sort();
    assert.is(reasons.length, 2, reasons.join('\n'));
    assert.match(reasons[0], `refused: 127.0.0.1:${new URL(target.url).port} is 127.0.0.1, a loopback address`);
    assert.match(reasons[1], /^refused: localhost:\d+ is/);
  } finally {
    await new Promise((resolve) => redirector.close(resolve));
    await target.close();
  }
});

external('hosts that never answer cost one timeout, not one each: in parallel, and each asked once', async () => {
  const hosts = await Promise.all([1, 2, 3, 4].map(() => silentHost()));
  try {
    const one = hosts[0].url;
    const urls = [...hosts.map((host) => `${host.url}/a`), `${one}/b`, `${one}/c`, `${one}/d`];
    const { root, outDir } = await siteLinking(urls);
    const report = await checkSite(root, outDir, { external: { perHostIntervalMs: 5, timeoutMs: 800, allowHosts: ['127.0.0.1'] } });
    assert.equal(hosts.map((host) => host.requests()), [1, 1, 1, 1], 'each silent host was sent one request; its other links were not asked');
    const reasons = report.external!.broken.map((link) => link.reason);
    assert.is(reasons.length, urls.length);
    assert.is(reasons.filter((reason) => reason === 'timed out after 0.8 s').length, 4);
    assert.is(reasons.filter((reason) => reason === 'timed out after 0.8 s; not asked again this run').length, 3);
  } finally {
    await Promise.all(hosts.map((host) => host.close()));
  }
});

external('a run is bounded: links past the per-host limit or the run\'s time are listed as not asked, not broken, and asked next time', async () => {
  const elsewhere = await peer();
  try {
    const urls = Array.from({ length: 6 }, (_, index) => `${elsewhere.url}/ok?n=${index}`);
    const { root, outDir } = await siteLinking(urls);
    const report = await checkSite(root, outDir, { external: { perHostIntervalMs: 5, timeoutMs: 2_000, maxPerHost: 4, allowHosts: ['127.0.0.1'] } });
    assert.is(report.external!.broken.length, 0);
    assert.equal(report.external!.unchecked.map((link) => link.reason), Array(2).fill(`not asked: more than 4 links to ${new URL(elsewhere.url).host} in one run`));
    const cacheFile = JSON.parse(await readFile(path.join(root, '.sitegen', 'cache', 'external-links.json'), 'utf8')) as Record<string, unknown>;
    assert.is(Object.keys(cacheFile).length, 4, 'only the links asked are cached');
    const timed = await checkSite(root, outDir, { external: { perHostIntervalMs: 5, timeoutMs: 2_000, totalMs: 0, allowHosts: ['127.0.0.1'] } });
    assert.equal(timed.external!.unchecked.map((link) => link.reason), Array(2).fill('not asked: the check\'s 0 s were up'), 'the two not asked before, and the run has no time');
  } finally {
    await elsewhere.close();
  }
});

external.run();
