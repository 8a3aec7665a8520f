/**
 * `fallback` in site.yaml: `redirect` (the specification's behaviour, which
 * the company site asks for) sends unknown paths to `/`; `not-found` (the
 * default) answers them with the
 * site's not-found page and status 404, pages and assets alike, in `sitegen
 * serve` as on the static hosts that read dist/.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import type { RunningServer } from '../../src/serve/serve.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { serveBuild } from '../helpers/site.ts';

const servers: RunningServer[] = [];
test.after(async () => { await Promise.all(servers.map((server) => server.close())); });

/** The basic fixture (whose site.yaml says `fallback: redirect`, as the company site's does) with its fallback line replaced. */
async function buildWith(siteYaml: string, pages: Record<string, string> = {}) {
  const root = await copyFixture('basic');
  const file = path.join(root, 'content', 'site.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace(/^fallback: .*\n/m, '') + siteYaml);
  for (const [name, text] of Object.entries(pages)) await writeFile(path.join(root, 'content', 'pages', name), text);
  const { outDir } = await buildSite({ root });
  const server = await serveBuild(outDir, { root, api: false });
  servers.push(server);
  return { outDir, server };
}

const get = (server: RunningServer, route: string, method = 'GET') => fetch(server.url + route, { method, redirect: 'manual' });

test('by default an unknown page or asset answers 404, and no host file sends it home', async () => {
  const { outDir, server } = await buildWith('');
  for (const route of ['/nope', '/assets/nope.js']) assert.is((await get(server, route)).status, 404, `status of ${route}`);
  assert.not.ok(existsSync(path.join(outDir, '_redirects')), 'no catch-all for Netlify-style hosts');
  assert.not.match(await readFile(path.join(outDir, '404.html'), 'utf8'), 'http-equiv="refresh"');
});

test('fallback redirect: an unknown page or asset is redirected to /, and the host files say the same', async () => {
  const { outDir, server } = await buildWith('fallback: redirect\n');
  for (const route of ['/nope', '/assets/nope.js']) {
    const response = await get(server, route);
    assert.is(response.status, 302, `status of ${route}`);
    assert.is(response.headers.get('location'), '/');
  }
  assert.is(await readFile(path.join(outDir, '_redirects'), 'utf8'), '/*  /  302\n');
  assert.match(await readFile(path.join(outDir, '404.html'), 'utf8'), 'http-equiv="refresh" content="0; url=/"');
});

test('fallback not-found: an unknown page or asset gets the site\'s own /404 page with status 404', async () => {
  const notFound = 'template: page\ntitle: Not found\ndescription: No such page.\nnoindex: true\nheading: Nothing here\nlinks: [{ label: Home, href: / }]\n';
  const { outDir, server } = await buildWith('fallback: not-found\n', { '404.yaml': notFound });
  for (const route of ['/nope', '/about/extra', '/assets/nope.js', '/img/nope.png']) {
    const response = await get(server, route);
    assert.is(response.status, 404, `status of ${route}`);
    assert.match(response.headers.get('content-type') ?? '', 'text/html');
    const html = await response.text();
    assert.match(html, '<h1>Nothing here</h1>', `${route} did not get the site's not-found page`);
    assert.not.match(html, 'http-equiv="refresh"', `${route}: the page still sends the visitor home`);
  }
  const head = await get(server, '/nope', 'HEAD');
  assert.is(head.status, 404, 'HEAD of an unknown path');
  assert.is((await get(server, '/about')).status, 200, 'a real page');
  assert.not.ok(existsSync(path.join(outDir, '_redirects')), 'a _redirects rule would send Netlify visitors home');
  assert.not.match(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8'), '/404<', 'the not-found page is in the sitemap');
});

test('fallback redirect with a /404 page of the site\'s own: unknown paths still go home, as the specification asks', async () => {
  const notFound = 'template: page\ntitle: Not found\ndescription: No such page.\nnoindex: true\nheading: Nothing here\nlinks: [{ label: Home, href: / }]\n';
  const { outDir, server } = await buildWith('fallback: redirect\n', { '404.yaml': notFound });
  const response = await get(server, '/nope');
  assert.is(response.status, 302);
  assert.is(response.headers.get('location'), '/');
  assert.match(await readFile(path.join(outDir, '404.html'), 'utf8'), 'http-equiv="refresh" content="0; url=/"');
});

test('fallback not-found without a /404 page: a plain not-found page, still 404', async () => {
  const { outDir, server } = await buildWith('fallback: not-found\n');
  const response = await get(server, '/nope');
  assert.is(response.status, 404);
  assert.match(await response.text(), '<h1>Page not found</h1>');
  assert.not.match(await readFile(path.join(outDir, '404.html'), 'utf8'), 'refresh');
});

test('an unknown fallback is a content error naming the choices', async () => {
  const root = await copyFixture('basic');
  const file = path.join(root, 'content', 'site.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace(/^fallback: .*$/m, 'fallback: home'));
  const error = await buildSite({ root }).then(() => undefined, (thrown: { errors?: { message: string; field?: string; location?: { file: string } }[] }) => thrown);
  const [first] = error?.errors ?? [];
  assert.ok(first, 'the build passed');
  assert.is(first.field, 'fallback');
  assert.is(first.location?.file, 'content/site.yaml');
  assert.is(first.message, 'expected one of "redirect", "not-found", got the text "home"');
});

test.run();
