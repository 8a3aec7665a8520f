import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import type { RunningServer } from '../../src/serve/serve.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { serveBuild, tempDir } from '../helpers/site.ts';

let server: RunningServer;

test.before(async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  server = await serveBuild(outDir, { root, api: false });
});

test.after(() => server.close());

test('routes are served without the .html extension, non-ASCII ones too', async () => {
  for (const route of ['/', '/about', '/docs/guide', '/caf%C3%A9']) {
    const response = await fetch(server.url + route, { redirect: 'manual' });
    assert.is(response.status, 200, `status of ${route}`);
    assert.match(response.headers.get('content-type') ?? '', 'text/html');
  }
});

test('a page asked for with a slash after it goes to its one address, its query kept, as under the nginx recipe; a folder with no page of its name does not', async () => {
  for (const [route, to] of [['/about/', '/about'], ['/docs/guide/?x=1', '/docs/guide?x=1'], ['/caf%C3%A9/', '/caf%C3%A9']]) {
    const response = await fetch(server.url + route, { redirect: 'manual' });
    assert.is(response.status, 301, `status of ${route}`);
    assert.is(response.headers.get('location'), to, `location of ${route}`);
  }
  const folder = await fetch(server.url + '/img/', { redirect: 'manual' });
  assert.is(folder.status, 302, 'a folder of images is no page: home, as any unknown path');
  assert.is(folder.headers.get('location'), '/');
});

test('an unknown path is redirected to /', async () => {
  for (const route of ['/nope', '/about/extra', '/..%2f..%2fetc/passwd']) {
    const response = await fetch(server.url + route, { redirect: 'manual' });
    assert.is(response.status, 302, `status of ${route}`);
    assert.is(response.headers.get('location'), '/');
  }
});

test('the security headers the build wrote are sent with every answer', async () => {
  const page = await fetch(server.url + '/about');
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src '(none|self)'/, 'a restrictive default source');
  assert.match(csp, "object-src 'none'");
  assert.match(csp, "frame-ancestors 'none'");
  assert.not.match(csp, 'unsafe-inline');
  assert.is(page.headers.get('x-content-type-options'), 'nosniff');
  assert.is(page.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.is(page.headers.get('cache-control'), 'no-cache', 'HTML is revalidated');
  const redirect = await fetch(server.url + '/nope', { redirect: 'manual' });
  assert.ok(redirect.headers.get('content-security-policy'), 'redirects carry the headers too');
});

test('hashed assets are cached for a year, immutable', async () => {
  const html = await (await fetch(server.url + '/')).text();
  const css = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
  assert.ok(css, 'the page links its stylesheet');
  const response = await fetch(server.url + css);
  assert.is(response.status, 200);
  assert.is(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('dotfiles and the headers file are not served as files', async () => {
  const response = await fetch(server.url + '/_headers', { redirect: 'manual' });
  assert.is.not(response.status, 200);
});

test('a folder with nothing built answers 404 at / instead of redirecting to itself', async () => {
  const empty = await serveBuild(await tempDir(), { api: false });
  try {
    const response = await fetch(empty.url + '/', { redirect: 'manual' });
    assert.is(response.status, 404);
    assert.match(await response.text(), 'sitegen build');
  } finally {
    await empty.close();
  }
});

test.run();
