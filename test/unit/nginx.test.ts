/**
 * The nginx recipe of docs/deploying.md, run as written in Debian's nginx over the real
 * build. The block is taken from docs/deploying.md; only what the page tells the
 * operator to change is changed: the ports (free ones of 127.0.0.1 for 443
 * and 80), the certificate (a throwaway self-signed one, so that TLS and
 * HTTP/2 are really in use) and /srv/site/dist (the built folder). nginx
 * must be installed (`.ci/run` installs it): without it every test here fails
 * with what to install.
 */
import { readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { headersFor, parseHeadersFile, type HeaderRule } from '../../src/emit/security-headers.ts';
import { HOST_FILES } from '../../src/serve/serve.ts';
import { observatoryGrade } from '../helpers/observatory.ts';
import { findNginx, freePort, httpsGet, negotiatedProtocol, selfSignedCertificate, startNginx, substitute, type Answer, type RunningNginx } from '../helpers/nginx.ts';
import { buildRealSite, REPO_ROOT, tempDir } from '../helpers/site.ts';

interface Site {
  origin: string;
  httpPort: number;
  httpsPort: number;
  ca: string;
  outDir: string;
  rules: HeaderRule[];
  runtime: string;
}

let running: RunningNginx | undefined;
let started: Promise<Site> | undefined;

/** nginx over the real build, started by the first test that needs it (so that a missing nginx fails each test, with its reason). */
function site(): Promise<Site> {
  started ??= (async () => {
    findNginx();
    const build = await buildRealSite();
    const dir = await tempDir('sitegen-nginx-');
    const certificate = await selfSignedCertificate(dir);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const where = "docs/deploying.md's nginx recipe";
    let recipe = /```nginx\n([\s\S]*?)```/.exec(await readFile(path.join(REPO_ROOT, 'docs', 'deploying.md'), 'utf8'))?.[1] ?? '';
    recipe = substitute(recipe, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`, where);
    recipe = substitute(recipe, 'listen 80;', `listen 127.0.0.1:${httpPort};`, where);
    recipe = substitute(recipe, '/etc/letsencrypt/live/www.example.com/fullchain.pem', certificate.cert, where);
    recipe = substitute(recipe, '/etc/letsencrypt/live/www.example.com/privkey.pem', certificate.key, where);
    recipe = substitute(recipe, '/srv/site/dist', build.outDir, where);
    running = await startNginx(dir, recipe, httpsPort);
    const rules = parseHeadersFile(await readFile(path.join(build.outDir, '_headers'), 'utf8'));
    return { origin: `https://127.0.0.1:${httpsPort}`, httpPort, httpsPort, ca: certificate.pem, outDir: build.outDir, rules, runtime: build.bundle.assets.runtime.src };
  })();
  return started;
}

test.after(async () => {
  await running?.stop();
});

/** Every header dist/_headers gives this path, with the same value, once. */
function assertHeadersOf(answer: Answer, rules: readonly HeaderRule[], pathname: string, what: string): void {
  for (const [name, value] of Object.entries(headersFor(rules, pathname))) {
    assert.is(answer.headers[name.toLowerCase()], value, `${what}: ${name}`);
  }
}

function assertRedirectedHome(answer: Answer, origin: string, what: string): void {
  assert.is(answer.status, 302, `${what}: status`);
  assert.is(new URL(answer.headers.location ?? '', origin + what).href, origin + '/', `${what}: location`);
}

test('nginx sends every header of dist/_headers with a page, and the page grades A+', async () => {
  const { httpsPort, ca, rules } = await site();
  for (const route of ['/', '/about', '/contact']) {
    const page = await httpsGet(httpsPort, route, ca);
    assert.is(page.status, 200, `${route}: status`);
    assert.match(page.headers['content-type'] ?? '', 'text/html', `${route}: content type`);
    assertHeadersOf(page, rules, route, route);
  }
  const contact = await httpsGet(httpsPort, '/contact', ca);
  const grade = observatoryGrade({ headers: contact.headers, html: contact.body, https: true });
  assert.is(grade.grade, 'A+', `/contact over nginx: ${grade.score}`);
});

test('nginx sends a page\'s Markdown twin as Markdown, with the security headers; a missing one goes home', async () => {
  const { origin, httpsPort, ca, rules } = await site();
  const twin = await httpsGet(httpsPort, '/contact.md', ca);
  assert.is(twin.status, 200);
  assert.is(twin.headers['content-type'], 'text/markdown; charset=utf-8');
  assert.match(twin.body, /^# Contact Us\n/);
  assertHeadersOf(twin, rules, '/contact.md', '/contact.md');
  assertRedirectedHome(await httpsGet(httpsPort, '/nope.md', ca), origin, '/nope.md');
  assert.match((await httpsGet(httpsPort, '/llms.txt', ca)).headers['content-type'] ?? '', 'text/plain');
});

test('nginx sends a hashed asset with the security headers, cached for good', async () => {
  const { httpsPort, ca, rules, runtime } = await site();
  const asset = await httpsGet(httpsPort, runtime, ca);
  assert.is(asset.status, 200, `${runtime}: status`);
  assert.match(asset.headers['content-type'] ?? '', 'javascript');
  assertHeadersOf(asset, rules, runtime, runtime);
  assert.is(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.ok(asset.headers['content-security-policy'], 'the asset carries the CSP too');
  assert.is(observatoryGrade({ headers: asset.headers, https: true }).grade, 'A+', `${runtime} over nginx`);
});

test('nginx sends a page asked for with a slash after it to its one address, as `sitegen serve` does', async () => {
  const { origin, httpsPort, ca, rules } = await site();
  for (const [route, to] of [['/about/', '/about'], ['/contact/?from=mail', '/contact?from=mail']]) {
    const answer = await httpsGet(httpsPort, route, ca);
    assert.is(answer.status, 301, `${route}: status`);
    assert.is(new URL(answer.headers.location ?? '', origin + route).href, origin + to, `${route}: location`);
    assertHeadersOf(answer, rules, '/', route);
  }
  // A folder that is no page (the pictures) is an unknown path, as any other.
  assertRedirectedHome(await httpsGet(httpsPort, '/img/', ca), origin, '/img/');
});

test('nginx redirects an unknown path to / with the security headers', async () => {
  const { origin, httpsPort, ca, rules } = await site();
  for (const route of ['/nope', '/about/extra', '/assets/nope.js', '/caf%C3%A9s']) {
    const answer = await httpsGet(httpsPort, route, ca);
    assertRedirectedHome(answer, origin, route);
    assertHeadersOf(answer, rules, '/', route);
  }
  // nginx itself refuses a path that climbs above the root, before any location.
  const climb = await httpsGet(httpsPort, '/..%2f..%2fetc/passwd', ca);
  assert.is(climb.status, 400, '/..%2f..%2fetc/passwd: status');
  assert.not.match(climb.body, 'root:');
});

test('nginx does not serve dist/_headers, _redirects or the nginx snippets, however spelt', async () => {
  const { origin, httpsPort, ca, rules } = await site();
  const spellings = ['/%5Fheaders', '//_headers', '/_headers/', '/_redirects?x=1', '/assets/../_headers.nginx', '/_headers.assets%2enginx'];
  for (const route of [...HOST_FILES.map((name) => `/${name}`), ...spellings]) {
    const answer = await httpsGet(httpsPort, route, ca);
    assertRedirectedHome(answer, origin, route);
    assert.not.match(answer.body, /add_header|Content-Security-Policy|\/\*\s+\/\s+302/, `${route}: the file's text`);
    assertHeadersOf(answer, rules, '/', route);
  }
});

test('nginx redirects http to https and offers HTTP/2', async () => {
  const { httpPort, httpsPort, ca } = await site();
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`http://127.0.0.1:${httpPort}/about?x=1`, (response) => resolve(response.resume())).once('error', reject);
  });
  assert.is(answer.statusCode, 301);
  assert.is(answer.headers.location, 'https://127.0.0.1/about?x=1');
  assert.is(await negotiatedProtocol(httpsPort, ca), 'h2');
});

test('nginx does not follow a symbolic link in the built folder', async () => {
  const { httpsPort, ca, outDir } = await site();
  const secret = path.join(await tempDir(), 'secret.txt');
  await writeFile(secret, 'private-marker\n');
  const link = path.join(outDir, 'leak.txt');
  await symlink(secret, link);
  try {
    const answer = await httpsGet(httpsPort, '/leak.txt', ca);
    assert.is.not(answer.status, 200, 'status of /leak.txt');
    assert.not.match(answer.body, 'private-marker');
    assert.ok(answer.headers['content-security-policy'], 'the refusal carries the headers');
  } finally {
    await unlink(link);
  }
});

test.run();
