/**
 * Redirects (site.yaml `redirects`, pages' `aliases`) through the news
 * starter: the three forms the build writes, `serve`, `dev` and nginx
 * answering them, and the mistakes that stop a build.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { startDev } from '../../src/dev/dev.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { initStarter } from '../helpers/starter.ts';
import { serveBuild } from '../helpers/site.ts';
import { findNginx, freePort, startNginx } from '../helpers/nginx.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const newsSite = () => initStarter('news', 'sitegen-redirects-');

const read = (root: string, file: string) => readFile(path.join(root, 'dist', file), 'utf8');
const edit = async (root: string, file: string, from: string, to: string) => {
  const full = path.join(root, file);
  const text = await readFile(full, 'utf8');
  assert.ok(text.includes(from), `${file} holds ${from}`);
  await writeFile(full, text.replace(from, to));
};

async function buildErrors(root: string): Promise<string[]> {
  return buildSite({ root, now: NOW }).then(
    () => assert.unreachable('the build succeeded') as never,
    (error: SiteErrors) => error.errors.map((item) => `${item.location?.file}${item.location?.line ? `:${item.location.line}` : ''}: ${item.message}`),
  );
}

const built = suite('redirects: what the build writes');
let root: string;
built.before(async () => {
  root = await newsSite();
  // The fallback the company site has (the starter answers 404): its catch-all comes after every redirect.
  await edit(root, 'content/site.yaml', 'fallback: not-found', 'fallback: redirect');
  await buildSite({ root, now: NOW });
});

built('_redirects holds each redirect before the fallback\'s catch-all, forced past the page left at the old path', async () => {
  assert.is(await read(root, '_redirects'), [
    '/blog  /news  301!',
    // The starter's German pages lack this one: its German address goes to the English page (src/i18n.ts).
    '/de/subscribed  /subscribed  302!',
    '/news/first-post  /news/hello-world  301!',
    '/updates  /news  302!',
    '/*  /  302',
    '',
  ].join('\n'));
});

built('the nginx snippet has an exact location per old path', async () => {
  const nginx = await read(root, '_redirects.nginx');
  assert.match(nginx, 'location = "/blog" { return 301 "/news"; }');
  assert.match(nginx, 'location = "/news/first-post" { return 301 "/news/hello-world"; }');
  assert.match(nginx, 'location = "/updates" { return 302 "/news"; }');
});

built('a page at each old path sends the browser on and names the new page as canonical', async () => {
  const page = await read(root, 'news/first-post.html');
  assert.match(page, '<meta http-equiv="refresh" content="0; url=/news/hello-world">');
  assert.match(page, '<link rel="canonical" href="https://www.example.com/news/hello-world">');
  assert.match(page, '<meta name="robots" content="noindex">');
  assert.not.match(await read(root, 'sitemap.xml'), 'first-post', 'an old path is not in the sitemap');
});

built('sitegen serve answers 301 and 302 with the new address, keeping the query', async () => {
  const server = await serveBuild(path.join(root, 'dist'));
  try {
    const moved = await fetch(`${server.url}/news/first-post?ref=mail`, { redirect: 'manual' });
    assert.is(moved.status, 301);
    assert.is(moved.headers.get('location'), '/news/hello-world?ref=mail');
    assert.ok(moved.headers.get('content-security-policy'), 'the policy headers are on the redirect');
    const temporary = await fetch(`${server.url}/updates`, { redirect: 'manual' });
    assert.is(temporary.status, 302);
    assert.is(temporary.headers.get('location'), '/news');
    const host = await fetch(`${server.url}/_redirects.nginx`, { redirect: 'manual' });
    assert.is.not(host.status, 200, 'the nginx snippet is the host\'s, not a visitor\'s');
  } finally {
    await server.close();
  }
});

built('nginx, with the snippet included as docs/deploying.md says, answers the same', async () => {
  findNginx();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-nginx-redirects-'));
  const port = await freePort();
  const dist = path.join(root, 'dist');
  const nginx = await startNginx(dir, `server {\n  listen 127.0.0.1:${port};\n  root ${dist};\n  include ${dist}/_redirects.nginx;\n  location / { try_files $uri $uri.html =404; }\n}`, port);
  try {
    const moved = await fetch(`http://127.0.0.1:${port}/blog`, { redirect: 'manual' });
    assert.is(moved.status, 301);
    assert.match(moved.headers.get('location') ?? '', /\/news$/);
  } finally {
    await nginx.stop();
  }
});

built.run();

const dev = suite('redirects: dev');

dev('sitegen dev answers a redirect, and one added while it runs', async () => {
  const local = await newsSite();
  const log = console.log;
  console.log = () => undefined;
  const session = await startDev({ root: local, port: 0, host: '127.0.0.1' }).finally(() => { console.log = log; });
  try {
    const moved = await fetch(`${session.server.url}/blog`, { redirect: 'manual' });
    assert.is(moved.status, 301);
    assert.is(moved.headers.get('location'), '/news');
    console.log = () => undefined;
    await edit(local, 'content/pages/news/a-picture/index.md', 'title:', 'aliases: [/photo]\ntitle:');
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 301) {
      await session.idle();
      status = (await fetch(`${session.server.url}/photo`, { redirect: 'manual' })).status;
    }
    assert.is(status, 301, 'the alias added while dev runs redirects');
  } finally {
    await session.close();
    console.log = log;
  }
});

dev.run();

const mistakes = suite('redirects: mistakes stop the build');

mistakes('a redirect to a route that does not exist, at its line, with a did-you-mean', async () => {
  const local = await newsSite();
  await edit(local, 'content/site.yaml', '/blog: /news', '/blog: /nwes');
  const line = (await readFile(path.join(local, 'content/site.yaml'), 'utf8')).split('\n').indexOf('  /blog: /nwes') + 1;
  const errors = await buildErrors(local);
  assert.equal(errors.filter((error) => error.includes('/nwes')), [`content/site.yaml:${line}: redirects to /nwes, which is neither a route nor a file in public/: did you mean /news?`]);
});

mistakes('a redirect from a page that exists, and an alias that is a route', async () => {
  const local = await newsSite();
  await edit(local, 'content/site.yaml', '/blog: /news', '/news/a-picture: /news');
  await edit(local, 'content/pages/news/hello-world.md', 'aliases: [/news/first-post]', 'aliases: [/news]');
  const errors = await buildErrors(local);
  assert.ok(errors.some((error) => /content\/site.yaml:\d+: \/news\/a-picture is the route of a page, so a redirect from it would hide it/.test(error)), errors.join('\n'));
  assert.ok(errors.some((error) => /hello-world.md:\d+: \/news is the route of a page, so it cannot redirect here/.test(error)), errors.join('\n'));
});

mistakes('a path redirected twice, and a loop, name the files that make them', async () => {
  const local = await newsSite();
  await edit(local, 'content/site.yaml', '/blog: /news', '/news/first-post: /news\n  /a: /b\n  /b: /a');
  const errors = await buildErrors(local);
  assert.ok(errors.some((error) => error.includes('/news/first-post is redirected twice, to /news and to /news/hello-world (content/site.yaml and content/pages/news/hello-world.md)')), errors.join('\n'));
  assert.is(errors.filter((error) => error.includes('go round in a loop')).length, 1, `one loop, reported once: ${errors.join('\n')}`);
});

mistakes('a redirect to another host by // or over http://, or from a // path, is refused at its line with what was meant', async () => {
  const local = await newsSite();
  await edit(local, 'content/site.yaml', '/blog: /news', '/go: //evil.example\n  /plain: http://example.com/a\n  //twice: /news\n  /back: /\\evil.example');
  const go = (await readFile(path.join(local, 'content/site.yaml'), 'utf8')).split('\n').indexOf('  /go: //evil.example') + 1;
  const errors = await buildErrors(local);
  assert.ok(errors.includes(`content/site.yaml:${go}: //evil.example is another host to a browser (// starts a host name): did you mean https://evil.example, or the path /evil.example?`), errors.join('\n'));
  assert.ok(errors.includes(`content/site.yaml:${go + 1}: http://example.com/a is not HTTPS: did you mean https://example.com/a?`), errors.join('\n'));
  assert.ok(errors.some((error) => new RegExp(`^content/site.yaml:(${go + 2}|${go + 3}): //twice is another host to a browser, not a path of this site: did you mean /twice\\?$`).test(error)), errors.join('\n'));
  assert.ok(errors.some((error) => error.startsWith(`content/site.yaml:${go + 3}: /\\evil.example is another host`)), errors.join('\n'));
  assert.not.ok(existsSync(path.join(local, 'dist')), 'nothing was written');
});

mistakes.run();
