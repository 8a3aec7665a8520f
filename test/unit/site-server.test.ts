/**
 * A site's own endpoints (server/index.ts): compiled and mounted by serve
 * and dev behind the generator's headers and limits; a handler that throws
 * is a 500 and the server goes on. A site without server code, and without
 * the reference API, is served purely static.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { startDev } from '../../src/dev/dev.ts';
import { siteMount } from '../../src/site-server/mount.ts';
import { loadSiteServer } from '../../src/site-server/load-server.ts';
import { SiteError } from '../../src/errors.ts';
import { REPO_ROOT } from '../helpers/site.ts';
import { initStarter } from '../helpers/starter.ts';

const run = promisify(execFile);
const SITEGEN = path.join(REPO_ROOT, 'bin', 'sitegen.js');
const { FORCE_COLOR: _color, ...inherited } = process.env;
const env = { ...inherited, NO_COLOR: '1' };

const starter = (name: 'basic' | 'news') => initStarter(name, `sitegen-server-${name}-`);

async function serveSite(root: string): Promise<{ server: RunningServer; close(): Promise<void> }> {
  process.env.SITEGEN_QUIET = '1';
  await buildSite({ root });
  const mount = siteMount(root);
  const server = await startServer({ outDir: path.join(root, 'dist'), port: 0, host: '127.0.0.1', handlers: await mount.handlers() });
  return { server, close: async () => { await server.close(); await mount.close?.(); } };
}

const form = (server: RunningServer, body: string, type = 'application/x-www-form-urlencoded') =>
  fetch(`${server.url}/api/newsletter`, { method: 'POST', headers: { 'content-type': type }, body, redirect: 'manual' });

const endpoints = suite('the site\'s endpoints');
let news: string;
let served: Awaited<ReturnType<typeof serveSite>>;
endpoints.before(async () => {
  news = await starter('news');
  served = await serveSite(news);
});
endpoints.after(() => served?.close());

endpoints('the news starter\'s sign-up stores the address and sends the visitor on, with the policy headers', async () => {
  const answer = await form(served.server, 'email=ada%40example.com');
  assert.is(answer.status, 303);
  assert.is(answer.headers.get('location'), '/subscribed');
  assert.ok(answer.headers.get('content-security-policy'), 'CSP on an endpoint\'s answer');
  assert.is(answer.headers.get('x-content-type-options'), 'nosniff');
  assert.is(answer.headers.get('cache-control'), 'no-store');
  const lines = (await readFile(path.join(news, '.sitegen', 'newsletter.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(lines.map((line) => line.email), ['ada@example.com']);
  const page = await fetch(`${served.server.url}/news`);
  assert.match(await page.text(), /<form [^>]*action="\/api\/newsletter" method="post">/, 'the list page has the form');
});

endpoints('bad input gets a 4xx and stores nothing', async () => {
  const before = await readFile(path.join(news, '.sitegen', 'newsletter.jsonl'), 'utf8').catch(() => '');
  assert.is((await form(served.server, 'email=not-an-address')).status, 400);
  assert.is((await form(served.server, '{"email":"a@b.example"}', 'application/json')).status, 415);
  const tooLarge = await form(served.server, `email=${'a'.repeat(20_000)}`);
  assert.is(tooLarge.status, 413, 'over the generator\'s 16 KB, before the handler reads it');
  const get = await fetch(`${served.server.url}/api/newsletter`);
  assert.is(get.status, 405);
  assert.is(get.headers.get('allow'), 'POST');
  assert.is(await readFile(path.join(news, '.sitegen', 'newsletter.jsonl'), 'utf8').catch(() => ''), before);
});

endpoints('the sign-up refuses another site\'s form and stores nothing', async () => {
  const before = await readFile(path.join(news, '.sitegen', 'newsletter.jsonl'), 'utf8').catch(() => '');
  for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<string, string>[]) {
    const answer = await fetch(`${served.server.url}/api/newsletter`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'email=victim%40example.com', redirect: 'manual',
    });
    assert.is(answer.status, 403, JSON.stringify(headers));
  }
  const own = await fetch(`${served.server.url}/api/newsletter`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: served.server.url }, body: 'email=own%40example.com', redirect: 'manual',
  });
  assert.is(own.status, 303, 'the site\'s own form still signs up');
  const after = await readFile(path.join(news, '.sitegen', 'newsletter.jsonl'), 'utf8');
  assert.is(after.replace(before, '').split('\n').filter(Boolean).length, 1);
  assert.not.match(after, 'victim@');
});

endpoints('a Host that is no host name is answered, not a 500', async () => {
  const http = await import('node:http');
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(`${served.server.url}/api/newsletter`, { method: 'POST', headers: { host: 'a b/c', 'content-type': 'application/x-www-form-urlencoded' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end('email=hopper%40example.com');
  });
  assert.ok(status === 303 || status === 400, `answered ${status}`);
});

endpoints.run();

const failures = suite('endpoints that fail');

failures('a handler that throws is a 500 with the headers and a logged stack, and the server keeps serving', async () => {
  const root = await starter('news');
  await writeFile(path.join(root, 'server', 'index.ts'), [
    "import { defineServer } from 'sitegen/server';",
    'export default defineServer({ routes: {',
    "  '/api/boom': { POST: () => { throw new TypeError('the handler broke'); } },",
    "  '/api/ok': { GET: () => Response.json({ ok: true }) },",
    '} });',
  ].join('\n'));
  const logged: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  const site = await serveSite(root);
  try {
    const boom = await fetch(`${site.server.url}/api/boom`, { method: 'POST' });
    assert.is(boom.status, 500);
    assert.ok(boom.headers.get('content-security-policy'));
    const ok = await fetch(`${site.server.url}/api/ok`);
    assert.equal(await ok.json(), { ok: true }, 'the next request is answered');
  } finally {
    console.error = error;
    await site.close();
  }
  assert.ok(logged.some((line) => line.includes('TypeError: the handler broke') && /\n\s+at /.test(line)), `a stack was logged: ${logged.join('\n')}`);
});

failures('a body too deep or not JSON is the uniform 400, whatever the handler does; HEAD is answered from GET', async () => {
  const root = await starter('news');
  await writeFile(path.join(root, 'server', 'index.ts'), [
    "import { defineServer } from 'sitegen/server';",
    'export default defineServer({ routes: {',
    "  '/api/echo': { POST: async (request) => Response.json(await request.json()) },",
    "  '/api/ok': { GET: () => Response.json({ ok: true }, { headers: { 'x-from': 'get' } }) },",
    '} });',
  ].join('\n'));
  const site = await serveSite(root);
  try {
    const post = (body: string) => fetch(`${site.server.url}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const deep = await post('['.repeat(8000) + ']'.repeat(8000));
    assert.is(deep.status, 400, 'a 16 KB body 8,000 levels deep');
    assert.equal(await deep.json(), { error: 'the body nests deeper than 64 levels' });
    const broken = await post('{"a":');
    assert.is(broken.status, 400);
    assert.equal(await broken.json(), { error: 'the body is not valid JSON' });
    assert.equal(await (await post('{"a":[1,{"b":2}]}')).json(), { a: [1, { b: 2 }] }, 'a body of a few levels reaches the handler');
    const head = await fetch(`${site.server.url}/api/ok`, { method: 'HEAD' });
    assert.is(head.status, 200);
    assert.is(head.headers.get('x-from'), 'get');
    assert.is(head.headers.get('content-length'), String('{"ok":true}'.length));
    assert.is(await head.text(), '');
    const wrong = await fetch(`${site.server.url}/api/ok`, { method: 'DELETE' });
    assert.is(wrong.status, 405);
    assert.is(wrong.headers.get('allow'), 'GET, HEAD');
  } finally {
    await site.close();
  }
});

failures('the news starter\'s sign-up has a limit per address: 50 posts store 10', async () => {
  const root = await starter('news');
  const site = await serveSite(root);
  try {
    const statuses = [];
    for (let i = 0; i < 50; i++) statuses.push((await form(site.server, `email=reader${i}%40example.com`)).status);
    assert.equal(statuses, [...Array(10).fill(303), ...Array(40).fill(429)]);
    assert.is((await readFile(path.join(root, '.sitegen', 'newsletter.jsonl'), 'utf8')).trim().split('\n').length, 10);
  } finally {
    await site.close();
  }
});

failures('server code that does not compile is an error at its line', async () => {
  const root = await starter('news');
  await writeFile(path.join(root, 'server', 'index.ts'), "export default {\n  routes: { '/a': { GET: () => new Response('x') } \n");
  const caught = await loadSiteServer(root).then(() => assert.unreachable('loaded') as never, (thrown: unknown) => thrown);
  assert.instance(caught, SiteError);
  assert.is((caught as SiteError).code, 'server-build');
  assert.is((caught as SiteError).location?.file, 'server/index.ts');
  assert.ok((caught as SiteError).location?.line, 'with its line');
});

failures('a server that exports no routes says what it must export', async () => {
  const root = await starter('news');
  await writeFile(path.join(root, 'server', 'index.ts'), 'export default { hello: 1 };\n');
  await loadSiteServer(root).then(() => assert.unreachable('loaded'), (error: SiteError) => {
    assert.is(error.message, 'server/index.ts exports neither `routes` nor a `start` that makes them');
    assert.match(error.hint ?? '', 'export default defineServer(');
  });
});

failures.run();

/** The basic starter with an empty server/, for a test to write a server into. */
async function withServerFolder(): Promise<string> {
  const root = await starter('basic');
  await mkdir(path.join(root, 'server'));
  return root;
}

const features = suite('what a server may declare');

features('`start` returns routes and a close of its own, per running server; `prepare` runs before `sitegen start` builds', async () => {
  const root = await withServerFolder();
  await writeFile(path.join(root, 'server', 'index.ts'), [
    "import { writeFile } from 'node:fs/promises';",
    "import path from 'node:path';",
    "import { defineServer } from 'sitegen/server';",
    'export default defineServer({',
    "  routes: { '/api/fixed': { GET: () => new Response('fixed') } },",
    '  async start({ root }) {',
    '    let count = 0;',
    "    return { routes: { '/api/count': { POST: () => Response.json({ count: ++count }) } },",
    "      close: () => writeFile(path.join(root, 'closed.txt'), String(count)) };",
    '  },',
    "  async prepare({ root }) { await writeFile(path.join(root, 'prepared.txt'), 'yes'); },",
    '});',
  ].join('\n'));
  const first = await serveSite(root);
  const second = await serveSite(root);
  try {
    const count = async (server: RunningServer) => ((await (await fetch(`${server.url}/api/count`, { method: 'POST' })).json()) as { count: number }).count;
    assert.equal([await count(first.server), await count(first.server), await count(second.server)], [1, 2, 1], 'each running server has its own state');
    assert.is(await (await fetch(`${first.server.url}/api/fixed`)).text(), 'fixed', 'the routes known without starting are served beside them');
  } finally {
    await first.close();
    await second.close();
  }
  assert.is(await readFile(path.join(root, 'closed.txt'), 'utf8'), '1', 'close ran, for the last server stopped');
  await siteMount(root).prepare();
  assert.is(await readFile(path.join(root, 'prepared.txt'), 'utf8'), 'yes');
});

features('a *.worker.ts is compiled as its own entry, and workerFile finds it beside the compiled server', async () => {
  const root = await withServerFolder();
  await writeFile(path.join(root, 'server', 'square.worker.ts'), [
    "import { parentPort } from 'node:worker_threads';",
    'parentPort!.on(\'message\', (n: number) => parentPort!.postMessage(n * n));',
  ].join('\n'));
  await writeFile(path.join(root, 'server', 'index.ts'), [
    "import { Worker } from 'node:worker_threads';",
    "import { defineServer, workerFile } from 'sitegen/server';",
    'export default defineServer({ routes: { \'/api/square\': { GET: async (request) => {',
    "  const worker = new Worker(workerFile(new URL('./square.worker.ts', import.meta.url)));",
    "  const n = Number(new URL(request.url).searchParams.get('n'));",
    '  const squared = await new Promise((resolve) => { worker.once(\'message\', resolve); worker.postMessage(n); });',
    '  await worker.terminate();',
    '  return Response.json({ squared });',
    '} } } });',
  ].join('\n'));
  const site = await serveSite(root);
  try {
    assert.equal(await (await fetch(`${site.server.url}/api/square?n=12`)).json(), { squared: 144 });
  } finally {
    await site.close();
  }
});

features('server code may import a module of the templates; a change to it is compiled in', async () => {
  const root = await withServerFolder();
  await mkdir(path.join(root, 'templates', 'lib'), { recursive: true });
  const shared = path.join(root, 'templates', 'lib', 'greeting.ts');
  await writeFile(shared, "import { z } from 'sitegen';\nexport const name = z.string().min(2);\nexport const GREETING = 'hello';\n");
  await writeFile(path.join(root, 'server', 'index.ts'), [
    "import { defineServer } from 'sitegen/server';",
    "import { GREETING, name } from '../templates/lib/greeting.ts';",
    'export default defineServer({ routes: { \'/api/greet\': { GET: (request) => {',
    "  const who = name.safeParse(new URL(request.url).searchParams.get('name'));",
    "  return who.success ? new Response(`${GREETING} ${who.data}`) : Response.json({ error: 'name: at least 2 characters' }, { status: 400 });",
    '} } } });',
  ].join('\n'));
  let site = await serveSite(root);
  try {
    assert.is(await (await fetch(`${site.server.url}/api/greet?name=Ada`)).text(), 'hello Ada');
    assert.is((await fetch(`${site.server.url}/api/greet?name=A`)).status, 400, 'the templates\' zod schema checks the request');
  } finally {
    await site.close();
  }
  await writeFile(shared, "import { z } from 'sitegen';\nexport const name = z.string().min(2);\nexport const GREETING = 'welcome';\n");
  site = await serveSite(root);
  try {
    assert.is(await (await fetch(`${site.server.url}/api/greet?name=Ada`)).text(), 'welcome Ada', 'a file outside server/ that the server imports is part of its cache key');
  } finally {
    await site.close();
  }
});

features('a ServerError of a site command prints as sitegen\'s own: one line with the site\'s code and where it is explained', async () => {
  const root = await withServerFolder();
  await writeFile(path.join(root, 'server', 'index.ts'), [
    "import { ServerError, defineServer } from 'sitegen/server';",
    'export default defineServer({ routes: {}, commands({ program, rootOption, run }) {',
    "  program.command('rotate').addOption(rootOption()).action(run(async () => {",
    "    throw new ServerError('no-vault', 'the vault cannot be reached', { hint: 'set VAULT_ADDR' });",
    '  }));',
    '} });',
  ].join('\n'));
  const failed = await run(process.execPath, [SITEGEN, 'rotate', '--root', root], { env }).then(() => undefined, (error: { code: number; stderr: string }) => error);
  assert.ok(failed, 'the command failed');
  assert.is(failed.code, 1);
  assert.equal(failed.stderr.trim().split('\n'), ['error the vault cannot be reached [no-vault] see server/README.md#no-vault', 'hint: set VAULT_ADDR']);
});

features('a handler reads the body as the Web does: text, JSON, form, bytes or a stream, once', async () => {
  const root = await withServerFolder();
  await writeFile(path.join(root, 'server', 'index.ts'), [
    "import { defineServer, json } from 'sitegen/server';",
    'const read = {',
    '  text: (r: Request) => r.text(),',
    '  json: (r: Request) => r.json(),',
    "  form: async (r: Request) => Object.fromEntries(await r.formData()),",
    '  bytes: async (r: Request) => [...new Uint8Array(await r.arrayBuffer())],',
    "  stream: async (r: Request) => { let n = 0; for await (const chunk of r.body!) n += chunk.length; return n; },",
    "  twice: async (r: Request) => { await r.text(); try { await r.text(); return 'read twice'; } catch (error) { return `${(error as Error).name}, used: ${r.bodyUsed}`; } },",
    '};',
    'export default defineServer({ routes: Object.fromEntries(Object.entries(read).map(([name, how]) =>',
    '  [`/api/${name}`, { POST: async (request: Request) => json({ got: await how(request) }) }])) });',
  ].join('\n'));
  const site = await serveSite(root);
  const send = async (name: string, body: string, type = 'text/plain') => (await (await fetch(`${site.server.url}/api/${name}`, { method: 'POST', headers: { 'content-type': type }, body })).json() as { got: unknown }).got;
  try {
    assert.is(await send('text', 'héllo'), 'héllo');
    assert.equal(await send('json', '{"a":[1,2]}', 'application/json'), { a: [1, 2] });
    assert.equal(await send('form', 'email=ada%40example.com&x=1', 'application/x-www-form-urlencoded'), { email: 'ada@example.com', x: '1' });
    assert.equal(await send('bytes', 'AB'), [65, 66]);
    assert.is(await send('stream', 'x'.repeat(1000)), 1000);
    assert.is(await send('twice', 'x'), 'TypeError, used: true', 'the standard\'s answer to a body read twice');
  } finally {
    await site.close();
  }
});

features.run();

const plain = suite('a site with no server');

plain('the basic starter is served purely static: no warning, no database, no /api/contact', async () => {
  const root = await starter('basic');
  await run(process.execPath, [SITEGEN, 'build', '--root', root], { env });
  const child = spawn(process.execPath, [SITEGEN, 'serve', '--root', root, '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "serving on" line: ${stdout}${stderr}`)), 30_000);
      child.stdout.on('data', () => {
        const match = /serving on (http:\S+)/.exec(stdout);
        if (match) { clearTimeout(timer); resolve(match[1]); }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    assert.is(stdout.split('\n')[0], `serving on ${url}`, 'nothing mounted, nothing said');
    const contact = await fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.is(contact.status, 405, 'an endpoint the site never asked for does not exist');
    assert.is(stderr, '', 'no warning about keys, licenses or databases');
    assert.not.ok(existsSync(path.join(root, '.sitegen', 'submissions.db')), 'no database file');
  } finally {
    child.kill();
  }
});

plain('dev mounts the endpoints too', async () => {
  const root = await starter('news');
  const mount = siteMount(root);
  const log = console.log;
  console.log = () => undefined;
  const session = await startDev({ root, port: 0, host: '127.0.0.1', mount }).finally(() => { console.log = log; });
  try {
    const answer = await form(session.server, 'email=grace%40example.com');
    assert.is(answer.status, 303);
    assert.match(await readFile(path.join(root, '.sitegen', 'newsletter.jsonl'), 'utf8'), 'grace@example.com');
  } finally {
    await session.close();
  }
});

plain.run();

const commands = suite('the site\'s commands');

commands('the news starter\'s `sitegen newsletter` is listed under the site and runs; another site has no such command', async () => {
  const root = await starter('news');
  await mkdir(path.join(root, '.sitegen'), { recursive: true });
  await writeFile(path.join(root, '.sitegen', 'newsletter.jsonl'), '{"email":"ada@example.com","at":"2026-11-24T10:00:00Z"}\n{"email":"grace@example.com","at":"2026-11-24T11:00:00Z"}\n{"email":"x\\u001b]0;pwned\\u0007\\u001b[2J@evil.example","at":"2026-11-24T12:00:00Z"}\n');
  const help = await run(process.execPath, [SITEGEN, '--help', '--root', root], { env });
  const siteSection = help.stdout.slice(help.stdout.indexOf("The site's commands"));
  assert.ok(help.stdout.includes("The site's commands"), help.stdout);
  assert.match(siteSection, /newsletter \[options\]\s+print the addresses signed up for the newsletter/);
  const listed = await run(process.execPath, [SITEGEN, 'newsletter', '--root', root], { env });
  assert.is(listed.stdout, 'ada@example.com\ngrace@example.com\nx\\x1b]0;pwned\\x07\\x1b[2J@evil.example\n', 'a stored escape sequence is shown, not obeyed');
  const basic = await starter('basic');
  const missing = await run(process.execPath, [SITEGEN, 'newsletter', '--root', basic], { env }).then(() => undefined, (error: { code: number; stderr: string }) => error);
  assert.ok(missing, 'the basic starter has no newsletter command');
  assert.is(missing.code, 1);
  assert.match(missing.stderr, "unknown command 'newsletter'");
});

commands('a build never compiles the site\'s server', async () => {
  const root = await starter('news');
  await run(process.execPath, [SITEGEN, 'build', '--root', root], { env });
  assert.not.ok(existsSync(path.join(root, '.sitegen', 'cache', 'server')), 'no server bundle after a build');
});

commands.run();
