/**
 * `basePath: /docs`: the site served under a path. Content keeps writing
 * `/about`; the built pages, the sitemap, the host files, `sitegen serve`
 * and `sitegen check` all use /docs/about.
 */
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { applyUrlPolicy } from '../../src/base-path.ts';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { REPO_ROOT, copyRepoSite, serveBuild, tempDir } from '../helpers/site.ts';

let root: string;
let outDir: string;
let server: RunningServer;

test.before(async () => {
  root = await copyFixture('basic');
  await appendFile(path.join(root, 'content', 'site.yaml'), 'basePath: /docs\n');
  ({ outDir } = await buildSite({ root }));
  server = await serveBuild(outDir, { root, api: false });
});

test.after(() => server.close());

const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
const get = (route: string) => fetch(server.url + route, { redirect: 'manual' });

test('links, images, stylesheets and scripts in the pages carry the base path; content is unchanged', async () => {
  const html = await read('index.html');
  assert.match(html, 'href="/docs/about"', 'a link written /about in content');
  assert.match(html, 'href="/docs/café"', 'a non-ASCII route');
  assert.match(html, 'src="/docs/img/logo.svg"', 'an image');
  assert.match(html, /<link rel="stylesheet" href="\/docs\/assets\/[^"]+\.css"/, 'the stylesheet');
  assert.match(html, /<script type="module" src="\/docs\/assets\/runtime-[^"]+\.js"/, 'the runtime');
  assert.match(html, /"integrity":\{"\/docs\/assets\//, 'the import map is keyed by the URLs fetched');
  assert.match(html, '<link rel="canonical" href="https://fixture.example/docs/"/>');
  assert.not.match(html, /(href|src)="\/(?!docs\/)/, 'a root-relative URL without the base path');
  const content = await readFile(path.join(root, 'content/pages/index.yaml'), 'utf8');
  assert.match(content, 'href: /about', 'the content file was changed');
});

test('the sitemap, robots.txt and the host files name the URLs under the base path', async () => {
  assert.match(await read('sitemap.xml'), '<loc>https://fixture.example/docs/about</loc>');
  assert.match(await read('robots.txt'), 'Sitemap: https://fixture.example/docs/sitemap.xml');
  assert.is(await read('_redirects'), '/docs/*  /docs/  302\n');
  assert.match(await read('_headers'), /^\/docs\/\*\n/);
  assert.match(await read('_headers'), '\n/docs/assets/*\n');
  assert.match(await read('404.html'), 'url=/docs/"');
});

test('sitegen serve answers under the base path, and sends every other path to its home', async () => {
  for (const route of ['/docs', '/docs/', '/docs/about', '/docs/caf%C3%A9', '/docs/img/logo.svg']) {
    assert.is((await get(route)).status, 200, `status of ${route}`);
  }
  for (const route of ['/docs', '/docs/about']) {
    // The page's policy, which allows its own scripts, not the locked-down one of answers that run nothing.
    assert.match((await get(route)).headers.get('content-security-policy') ?? '', "script-src 'self'", `${route} lost its page headers`);
  }
  const css = (await read('index.html')).match(/href="(\/docs\/assets\/[^"]+\.css)"/)![1];
  assert.is((await get(css)).headers.get('cache-control'), 'public, max-age=31536000, immutable', 'assets keep their caching');
  for (const route of ['/', '/about', '/docs/nope', '/docsabout']) {
    const response = await get(route);
    assert.is(response.status, 302, `status of ${route}`);
    assert.is(response.headers.get('location'), '/docs/', `where ${route} goes`);
  }
});

test('in dev, the live-reload endpoints answer at the root and under the base path', async () => {
  const dev = await startServer({ outDir, port: 0, host: '127.0.0.1', dev: true });
  try {
    for (const route of ['/__sitegen/overlay.css', '/docs/__sitegen/overlay.css']) {
      const response = await fetch(dev.url + route, { redirect: 'manual' });
      assert.is(response.status, 200, `status of ${route}`);
      assert.match(response.headers.get('content-type') ?? '', 'text/css');
    }
  } finally {
    await dev.close();
  }
});

test('sitegen check resolves links under the base path and reports one outside it', async () => {
  const report = await checkSite(root, outDir);
  assert.equal(report.problems, []);
  assert.ok(report.references > 5, `only ${report.references} references checked`);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path.join(outDir, 'stray.html'), '<!DOCTYPE html><a href="/about">About</a>');
  const stray = await checkSite(root, outDir);
  assert.equal(stray.problems, ['stray.html: href="/about" is outside the base path /docs']);
});

test('island props get the prefix on the same strings as the HTML they were rendered to', () => {
  const props = JSON.stringify({ src: '/video/a.mp4', poster: { src: '/img/p.svg' }, label: 'Intro / outro', api: 'https://api.example.com/x', list: ['/a', '//cdn.example/b'] });
  const html = `<sitegen-island name="video" src="/assets/video-1.js" props="${props.replace(/"/g, '&quot;')}"><video src="/video/a.mp4" poster="/img/p.svg"></video></sitegen-island>`;
  const out = applyUrlPolicy(html, { basePath: '/docs', trailingSlash: 'never' });
  const after = JSON.parse(out.match(/props="([^"]*)"/)![1].replace(/&quot;/g, '"'));
  assert.equal(after, { src: '/docs/video/a.mp4', poster: { src: '/docs/img/p.svg' }, label: 'Intro / outro', api: 'https://api.example.com/x', list: ['/docs/a', '//cdn.example/b'] });
  assert.match(out, 'src="/docs/assets/video-1.js"');
  assert.match(out, '<video src="/docs/video/a.mp4" poster="/docs/img/p.svg">');
  assert.is(applyUrlPolicy(html, { basePath: '', trailingSlash: 'never' }), html, 'without a base path the HTML is left as it is');
});

test('the login island is told the home page under the base path, so a stale /license entry leaves for it', async () => {
  const site = await tempDir('sitegen-base-login-');
  await copyRepoSite(site);
  await appendFile(path.join(site, 'content', 'site.yaml'), 'basePath: /docs\n');
  const built = await buildSite({ root: site });
  const html = await readFile(path.join(built.outDir, 'customerlogin.html'), 'utf8');
  const props = /<sitegen-island name="login"[^>]* props="([^"]*)"/.exec(html)?.[1] ?? /<sitegen-island name="login"[^>]*>/.exec(html)?.[0] ?? '';
  assert.match(props.replace(/&quot;/g, '"'), '"home":"/docs/"');
  const island = await readFile(path.join(REPO_ROOT, 'templates', 'islands', 'login.tsx'), 'utf8');
  assert.not.match(island, "location.replace('/')", 'the island goes home by the address it is given');
});

test.run();
