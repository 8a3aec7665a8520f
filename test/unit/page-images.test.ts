/**
 * Images that are not in public/: a page's bundle (files beside the page in
 * its folder, Hugo's page bundles) and remote images from the hosts
 * site.yaml lists, fetched at build. Both reach the output only as their
 * variants, with the same sizes and errors as public/'s; a bundle's other
 * files only when a page links to them; a remote host never sees a visitor.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { fetchRemoteImages } from '../../src/load/remote-images.ts';
import { initStarter } from '../helpers/starter.ts';
import { hashTree } from '../helpers/fixture.ts';
import { REPO_ROOT, tempDir as tempDirFor } from '../helpers/site.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const BUNDLE = path.join('content', 'pages', 'news', 'a-picture');

async function buildError(root: string): Promise<SiteErrors> {
  try {
    await buildSite({ root, now: NOW });
  } catch (error) {
    if (error instanceof SiteErrors) return error;
    throw error;
  }
  throw new Error('the build succeeded where it should have failed');
}

/** Every file under a folder, as paths relative to it. */
async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

test('a bundle\'s image is published only as its variants; a linked file is copied, an unlinked one is not', async () => {
  const root = await initStarter('news', 'sitegen-bundle-');
  await writeFile(path.join(root, BUNDLE, 'report.txt'), 'The newsroom in numbers.\n');
  await writeFile(path.join(root, BUNDLE, 'notes.txt'), 'Private notes: not linked, not published.\n');
  const post = path.join(root, BUNDLE, 'index.md');
  await writeFile(post, `${await readFile(post, 'utf8')}\nThe [numbers](./report.txt) behind it.\n`);
  const { outDir } = await buildSite({ root, now: NOW });
  const html = await readFile(path.join(outDir, 'news', 'a-picture.html'), 'utf8');
  const sources = [...html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
  assert.is(sources.length, 2, 'the cover and the image in the text');
  const [cover, inText] = sources;
  assert.match(cover, /^\/assets\/img\/cover-[0-9a-f]{10}\.webp$/, 'a WebP cover is published as it is, named by its content');
  assert.match(inText, /^\/assets\/img\/newsroom-[0-9a-f]{10}-120\.webp$/, 'a PNG\'s <img> falls back to its WebP variant');
  for (const src of sources) assert.ok(existsSync(path.join(outDir, src)), `${src} is written`);
  assert.match(html, 'width="120" height="80"', 'the size is read from the file');
  assert.match(html, 'type="image/avif"', 'an AVIF variant is offered');
  const published = await filesIn(outDir);
  assert.equal(published.filter((file) => file.startsWith('news/a-picture/')), ['news/a-picture/report.txt'], 'only the linked file, at its address');
  assert.is(await readFile(path.join(outDir, 'news', 'a-picture', 'report.txt'), 'utf8'), 'The newsroom in numbers.\n');
  assert.not.ok(published.some((file) => file.endsWith('notes.txt') || file === 'news/a-picture/index.md'), 'no unlinked file and no source');
  assert.match(html, 'href="/news/a-picture/report.txt"');
});

test('a bundle image that is not there is an error at its line, with the file it looked for', async () => {
  const root = await initStarter('news', 'sitegen-bundle-missing-');
  const post = path.join(root, BUNDLE, 'index.md');
  const source = await readFile(post, 'utf8');
  await writeFile(post, source.replace('src: ./cover.webp', 'src: ./newsrom.png').replace('](./newsroom.png)', '](./newsrom.png)'));
  const { errors } = await buildError(root);
  const lines = source.split('\n');
  const at = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;
  assert.equal(errors.map((error) => [error.location?.file, error.location?.line]).sort(), [
    ['content/pages/news/a-picture/index.md', at('src: ./cover.webp')],
    ['content/pages/news/a-picture/index.md', at('](./newsroom.png)')],
  ].sort());
  for (const error of errors) assert.match(`${error.message} ${error.hint ?? ''}`, '/news/a-picture/newsroom.png', 'the file that is there is suggested');
});

/** The news starter, built once, with files beside its post and a line of the post's body added: what a build of it says. */
async function bundleSite(prefix: string, files: Record<string, string>, body: string): Promise<{ root: string; before: string; post: string; line: number }> {
  const root = await initStarter('news', prefix);
  await buildSite({ root, now: NOW });
  const before = await hashTree(path.join(root, 'dist'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const post = path.join(root, BUNDLE, 'index.md');
  const source = await readFile(post, 'utf8');
  await writeFile(post, `${source}\n${body}\n`);
  return { root, before, post: `${BUNDLE.split(path.sep).join('/')}/index.md`, line: source.split('\n').length + 1 };
}

test('an image missing beside a page is named as the file beside the page that is not there, at its line', async () => {
  const { root, before, post, line } = await bundleSite('sitegen-bundle-missing-', {}, '![A map](./mapp.png)');
  const { errors } = await buildError(root);
  assert.equal(errors.map((error) => `${error.location?.file}:${error.location?.line}: ${error.message}`), [
    `${post}:${line}: the image ./mapp.png does not exist: there is no ${post.replace(/index\.md$/, 'mapp.png')} beside the page (nor public/news/a-picture/mapp.png)`,
  ]);
  assert.is(await hashTree(path.join(root, 'dist')), before);
});

test('a page publishes no HTML, JavaScript or CSS beside it: each link is an error at its line saying where code goes, and dist/ stays as it was', async () => {
  const { root, before, post, line } = await bundleSite('sitegen-bundle-code-', {
    [`${BUNDLE}/report.html`]: '<!doctype html><script src="report.js"></script>',
    [`${BUNDLE}/report.js`]: "fetch('/api/newsletter', { method: 'POST' })",
    [`${BUNDLE}/report.css`]: 'body { display: none }',
  }, '[r](./report.html) [d](./report.js) [s](./report.css)');
  const { errors } = await buildError(root);
  const told = errors.map((error) => [error.location?.file, error.location?.line, error.message]);
  assert.equal(told, [
    [post, line, 'report.html is an HTML page, which a page may not publish'],
    [post, line, 'report.js is JavaScript, which a page may not publish'],
    [post, line, 'report.css is a stylesheet, which a page may not publish'],
  ]);
  assert.match(errors[1].hint ?? '', 'templates/');
  assert.is(await hashTree(path.join(root, 'dist')), before, 'dist/ is as it was');
});

test('a file beside a page named like a page cannot replace it: index.html beside index.md is refused, and / stays the home page', async () => {
  const { root, before } = await bundleSite('sitegen-bundle-index-', {
    'content/pages/index.html': '<!doctype html><title>Not the home page</title>',
  }, '[home](/index.html)');
  const { errors } = await buildError(root);
  assert.equal(errors.map((error) => error.message), ['index.html is an HTML page, which a page may not publish']);
  assert.is(await hashTree(path.join(root, 'dist')), before);
});

test('an SVG beside a page is published only without script: shown or linked, one with script or an event handler is an error; a plain one is copied', async () => {
  const plain = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
  const { root, post, line } = await bundleSite('sitegen-bundle-svg-', {
    [`${BUNDLE}/chart.svg`]: plain,
    [`${BUNDLE}/evil.svg`]: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/api/newsletter")</script></svg>',
    [`${BUNDLE}/click.svg`]: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>',
  }, '![chart](./chart.svg) ![evil](./evil.svg) [click](./click.svg)');
  const { errors } = await buildError(root);
  assert.equal(errors.map((error) => [error.location?.file, error.location?.line, error.message]), [
    [post, line, "evil.svg holds a <script>, which would run on the site's origin when the file is opened"],
    [post, line, "click.svg holds an event handler (an on… attribute), which would run on the site's origin when the file is opened"],
  ]);
  const source = await readFile(path.join(root, BUNDLE, 'index.md'), 'utf8');
  await writeFile(path.join(root, BUNDLE, 'index.md'), source.replace(' ![evil](./evil.svg) [click](./click.svg)', ' [the chart](./chart.svg)'));
  const { outDir } = await buildSite({ root, now: NOW });
  assert.is(await readFile(path.join(outDir, 'news', 'a-picture', 'chart.svg'), 'utf8'), plain, 'the plain SVG, linked, is copied to its address');
});

test('a file beside a page that another output of the build has (robots.txt, a public file, /assets/) is an error naming both', async () => {
  const { root, before } = await bundleSite('sitegen-bundle-clash-', {
    'content/pages/robots.txt': 'User-agent: *\nDisallow: /\n',
    'content/pages/img/newsroom.png': 'an editor\'s other picture, linked as a download',
    'content/pages/assets/notes.txt': 'over sitegen\'s folder',
  }, '[robots](/robots.txt) [the picture](/img/newsroom.png) [notes](/assets/notes.txt)');
  const { errors } = await buildError(root);
  const messages = errors.map((error) => error.message).sort();
  assert.equal(messages, [
    'content/pages/assets/notes.txt would be published at /assets/notes.txt, which sitegen (/assets/ holds the bundle and the image variants) writes',
    'content/pages/img/newsroom.png would be published at /img/newsroom.png, which public/img/newsroom.png writes',
    'content/pages/robots.txt would be published at /robots.txt, which the integration robots writes',
  ]);
  assert.ok(errors.every((error) => error.code === 'bundle-file'));
  assert.is(await hashTree(path.join(root, 'dist')), before);
});

/** A PNG whose header declares this size, holding no pixels: what a decoder would try to allocate. */
function declaredPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(31_000)), chunk('IEND', Buffer.alloc(0))]);
}

test('an image that declares more pixels than a page can use is an error at the line that shows it, before anything decodes it', async () => {
  const { root, before, post, line } = await bundleSite('sitegen-bomb-', {}, '![huge](./huge.png) ![public](/img/huge.png)');
  await writeFile(path.join(root, BUNDLE, 'huge.png'), declaredPng(16000, 16000));
  await writeFile(path.join(root, 'public', 'img', 'huge.png'), declaredPng(20000, 20000));
  const started = Date.now();
  const { errors } = await buildError(root);
  assert.ok(Date.now() - started < 60_000, 'told at once, not after a decode');
  assert.equal(errors.map((error) => [error.location?.file, error.location?.line, error.message]), [
    [post, line, 'content/pages/news/a-picture/huge.png is 16000 × 16000 pixels, over the 100 million an image may have: scale it down (a page shows it at most 1920 pixels wide)'],
    [post, line, 'public/img/huge.png is 20000 × 20000 pixels, over the 100 million an image may have: scale it down (a page shows it at most 1920 pixels wide)'],
  ]);
  assert.ok(errors.every((error) => error.code === 'content'), 'the editor\'s, not an internal error');
  assert.is(await hashTree(path.join(root, 'dist')), before);
});

test('a silent image host is asked once per build, one request at a time, and every image on it fails in one time-out', async () => {
  const requests: string[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((request) => void requests.push(request.url ?? ''));
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const root = await tempDirFor('sitegen-silent-');
    const wanted = new Map(Array.from({ length: 12 }, (_, index) => [`${origin}/img/${index}.png`, { file: 'content/pages/index.md', line: index + 1 }] as const));
    const started = Date.now();
    const result = await fetchRemoteImages(root, wanted, { allowed: new Set([new URL(origin).host]), timeoutMs: 400 });
    const took = Date.now() - started;
    assert.is(requests.length, 1, 'one request reached the host');
    assert.ok(took < 2_000, `one time-out, not twelve: ${took} ms`);
    assert.is(result.errors.length, 12);
    assert.match(result.errors[0].message, 'timed out after 0.4 s');
    assert.match(result.errors[11].message, `not asked: ${new URL(origin).host} did not answer an earlier request of this build`);
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
  }
});

test('a build\'s fetching has a time of its own: what a slow host has not sent by then is not asked for', async () => {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    setTimeout(() => response.writeHead(404).end(), 250);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const root = await tempDirFor('sitegen-slow-');
    const wanted = new Map(Array.from({ length: 12 }, (_, index) => [`${origin}/img/${index}.png`, { file: 'content/site.yaml', line: 1 }] as const));
    const started = Date.now();
    const result = await fetchRemoteImages(root, wanted, { allowed: new Set([new URL(origin).host]), totalMs: 700 });
    assert.ok(Date.now() - started < 1_500, 'the run stops at its time');
    assert.ok(requests.length >= 2 && requests.length <= 4, `${requests.length} asked in 0.7 s`);
    assert.is(result.errors.length, 12);
    assert.is(result.errors.filter((error) => error.message.includes('status 404')).length + result.errors.filter((error) => /not (asked|fetched): the build's 0\.7 s for fetching images were up/.test(error.message)).length, 12, result.errors.map((error) => error.message).join('\n'));
    assert.ok(result.errors.filter((error) => error.message.includes('not asked')).length >= 8, 'the rest were never asked');
  } finally {
    server.close();
  }
});

/** A local image host: each request noted; `answer` says what it sends. */
async function imageHost(png: Buffer): Promise<{ server: Server; origin: string; requests: IncomingMessage[]; answer: { status: number; type: string; location?: string } }> {
  const requests: IncomingMessage[] = [];
  const answer = { status: 200, type: 'image/png' } as { status: number; type: string; location?: string };
  const server = createServer((request, response) => {
    requests.push(request);
    if (answer.location) return void response.writeHead(answer.status, { location: answer.location }).end();
    if (request.headers['if-none-match'] === '"v1"' && answer.status === 200) return void response.writeHead(304, { etag: '"v1"' }).end();
    response.writeHead(answer.status, { 'content-type': answer.type, etag: '"v1"' }).end(answer.status === 200 ? png : 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, answer };
}

test('a remote image on a listed host is fetched once, cached with its ETag, and served from the site in variants', async () => {
  const root = await initStarter('news', 'sitegen-remote-');
  const host = await imageHost(await readFile(path.join(root, BUNDLE, 'newsroom.png')));
  try {
    const siteFile = path.join(root, 'content', 'site.yaml');
    await writeFile(siteFile, `${await readFile(siteFile, 'utf8')}\nimages:\n  remote: [${host.origin}]\n`);
    const post = path.join(root, BUNDLE, 'index.md');
    const source = await readFile(post, 'utf8');
    await writeFile(post, source.replace('src: ./cover.webp', `src: ${host.origin}/photos/desk.png`) + `\n![The desk](${host.origin}/photos/desk.png)\n`);
    const { outDir } = await buildSite({ root, now: NOW });
    const html = await readFile(path.join(outDir, 'news', 'a-picture.html'), 'utf8');
    assert.not.match(html, host.origin, 'no visitor asks the image host');
    assert.match(html, /<img src="\/assets\/img\/desk-[0-9a-f]{10}-120\.webp" alt="The desk" width="120" height="80"/);
    assert.is(host.requests.length, 1, 'fetched once for the cover and the text');
    assert.match(await readFile(path.join(outDir, '_headers'), 'utf8'), /img-src 'self'(?! http)/, 'the policy stays img-src \'self\'');

    await buildSite({ root, now: NOW });
    assert.is(host.requests.length, 1, 'a copy checked minutes ago is not asked for again');
    // Later, the copy is asked for again with its ETag: a 304 keeps it.
    const wanted = new Map([[`${host.origin}/photos/desk.png`, { file: 'content/pages/news/a-picture/index.md', line: 7 }]]);
    const allowed = new Set([new URL(host.origin).host]);
    const later = await fetchRemoteImages(root, wanted, { allowed, now: Date.now() + 60 * 60 * 1000 });
    assert.is(host.requests.at(-1)?.headers['if-none-match'], '"v1"');
    assert.equal(later.errors, []);
    assert.ok(later.images.get(`${host.origin}/photos/desk.png`), 'the cached copy is used');
    // The host fails: the cached copy is used, with a warning that names the address and the status.
    host.answer.status = 503;
    const failing = await fetchRemoteImages(root, wanted, { allowed, now: Date.now() + 2 * 60 * 60 * 1000 });
    assert.equal(failing.errors, []);
    assert.match(failing.warnings.join('\n'), `content/pages/news/a-picture/index.md:7: ${host.origin}/photos/desk.png could not be fetched (status 503)`);
  } finally {
    host.server.close();
  }
});

test('an unlisted host, a failing fetch with no copy, a page that is no image and a redirect inward are errors at their lines', async () => {
  const root = await initStarter('news', 'sitegen-remote-errors-');
  const host = await imageHost(Buffer.from('not used'));
  try {
    const siteFile = path.join(root, 'content', 'site.yaml');
    await writeFile(siteFile, `${await readFile(siteFile, 'utf8')}\nimages:\n  remote: [${host.origin}]\n`);
    const post = path.join(root, BUNDLE, 'index.md');
    const source = await readFile(post, 'utf8');
    await writeFile(post, source.replace('src: ./cover.webp', 'src: https://images.example.com/desk.png'));
    const srcLine = source.split('\n').findIndex((line) => line.includes('src: ./cover.webp')) + 1;
    let { errors } = await buildError(root);
    assert.is(errors[0].location?.line, srcLine);
    assert.match(errors[0].message, 'https://images.example.com is not a host this site takes images from: list it in site.yaml under images.remote');

    await writeFile(post, source.replace('src: ./cover.webp', `src: ${host.origin}/gone.png`));
    host.answer.status = 404;
    ({ errors } = await buildError(root));
    assert.is(errors[0].message, `the image ${host.origin}/gone.png could not be fetched: status 404`);
    assert.equal([errors[0].location?.file, errors[0].location?.line], ['content/pages/news/a-picture/index.md', srcLine]);

    host.answer.status = 200;
    host.answer.type = 'text/html';
    ({ errors } = await buildError(root));
    assert.match(errors[0].message, 'it is text/html, not a PNG, JPEG, WebP, AVIF or GIF image');

    // A listed host that sends the build into another address of the machine's own network is refused there.
    host.answer.status = 302;
    host.answer.location = 'http://127.0.0.2:9/metadata.png';
    ({ errors } = await buildError(root));
    assert.match(errors[0].message, 'refused: 127.0.0.2:9 is 127.0.0.2, a loopback address');
  } finally {
    host.server.close();
  }
});

test('a remote image\'s cached copy is used only when the index names a whole copy in the remote folder; else it is fetched again', async () => {
  const root = await tempDirFor('sitegen-remote-index-');
  const png = await readFile(path.join(REPO_ROOT, 'starters', 'news', 'content', 'pages', 'news', 'a-picture', 'newsroom.png'));
  const host = await imageHost(png);
  try {
    const url = `${host.origin}/photos/desk.png`;
    const wanted = new Map([[url, { file: 'content/site.yaml', line: 1 }]]);
    const allowed = new Set([new URL(host.origin).host]);
    const first = await fetchRemoteImages(root, wanted, { allowed });
    const copy = first.images.get(url)!;
    assert.is(host.requests.length, 1);
    const indexFile = path.join(root, '.sitegen', 'cache', 'remote', 'index.json');
    const index = JSON.parse(await readFile(indexFile, 'utf8'));
    // An index that names a file outside the remote folder (a damaged or hand-edited index) is not followed.
    await writeFile(indexFile, JSON.stringify({ [url]: { ...index[url], file: '/etc/passwd' } }));
    const named = await fetchRemoteImages(root, wanted, { allowed });
    assert.is(host.requests.length, 2, 'fetched again');
    assert.is(named.images.get(url), copy);
    // A copy cut short is no copy: fetched again, without its validators (a 304 would keep the cut copy).
    await writeFile(path.join(root, copy), png.subarray(0, 40));
    const cut = await fetchRemoteImages(root, wanted, { allowed });
    assert.is(host.requests.length, 3, 'fetched again');
    assert.is(host.requests[2].headers['if-none-match'], undefined);
    assert.equal(await readFile(path.join(root, cut.images.get(url)!)), png);
  } finally {
    host.server.close();
  }
});

test.run();
