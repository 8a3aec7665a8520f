import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { startDev, type DevSession } from '../../src/dev/dev.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { tempDir } from '../helpers/site.ts';
import { waitUntil } from '../helpers/wait-until.ts';

let root: string;
let session: DevSession;
let token: string;

test.before(async () => {
  root = await copyFixture('basic');
  const log = console.log;
  console.log = () => undefined;
  try {
    session = await startDev({ root, port: 0, host: '127.0.0.1' });
  } finally {
    console.log = log;
  }
  const page = await fetch(`${session.server.url}/__sitegen/edit`);
  token = /name="sitegen-edit-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  if (!token) throw new Error('the editor\'s page holds no token');
});

test.after(async () => {
  await session?.close();
});

const api = (call: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => fetch(`${session.server.url}/__sitegen/edit/api/${call}`, {
  method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
  headers: { 'x-sitegen-edit-token': token, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
const about = () => readFile(path.join(root, 'content/pages/about.yaml'), 'utf8');

/** A raw request, for the headers fetch will not let a caller set (Host). */
function rawGet(pathname: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(session.server.url);
  return new Promise((resolve, reject) => {
    http.get({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

test('the editor\'s page is served by dev with a policy that allows only its own code, and its token', async () => {
  const response = await fetch(`${session.server.url}/__sitegen/edit`);
  assert.is(response.status, 200);
  const policy = response.headers.get('content-security-policy') ?? '';
  assert.match(policy, /script-src 'self'/);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.is(response.headers.get('cache-control'), 'no-store');
  const script = await fetch(`${session.server.url}/__sitegen/edit/editor.js`);
  assert.is(script.status, 200);
  assert.match(script.headers.get('content-type') ?? '', /javascript/);
});

test('the API refuses a request without the token, with a wrong one, from another site, and for another Host', async () => {
  assert.is((await fetch(`${session.server.url}/__sitegen/edit/api/files`)).status, 403, 'no token');
  assert.is((await api('files', { headers: { 'x-sitegen-edit-token': token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) } })).status, 403, 'a wrong token');
  assert.is((await api('files', { headers: { 'sec-fetch-site': 'cross-site' } })).status, 403, 'a cross-site request, token or not');
  assert.is((await api('files', { headers: { origin: 'http://evil.example' } })).status, 403, 'another origin');
  assert.is(await rawGet('/__sitegen/edit', { host: 'evil.example' }), 403, 'a rebound name');
  const before = await about();
  const forged = await api('save', { body: { path: 'content/pages/about.yaml', version: 'x', values: { heading: 'Owned' } }, headers: { 'sec-fetch-site': 'same-site' } });
  assert.is(forged.status, 403);
  assert.is(await about(), before, 'nothing written');
  assert.is((await api('files')).status, 200, 'with the token, from its own page');
});

test('the list holds every content file with the page it becomes, and nothing else can be opened or written', async () => {
  const { files } = await (await api('files')).json() as { files: { path: string; route?: string; group: string; label: string }[] };
  const paths = files.map((file) => file.path);
  assert.ok(paths.includes('content/site.yaml'));
  assert.equal(files.find((file) => file.path === 'content/pages/docs/guide.md')?.route, '/docs/guide');
  assert.is(files.find((file) => file.path === 'content/pages/docs/guide.md')?.group, 'Pages: docs');
  assert.is(files.find((file) => file.path === 'content/pages/about.yaml')?.label, 'About');
  for (const outside of ['templates/pages/page.tsx', 'content/../package.json', '/etc/passwd', 'content/pages/../../sitegen.config.ts']) {
    assert.is((await api(`file?path=${encodeURIComponent(outside)}`)).status, 404, outside);
    assert.is((await api('save', { body: { path: outside, version: '', text: 'x' } })).status, 404, outside);
  }
});

test('a file opened and saved unchanged stays byte for byte; a one-field change changes one line, and dev serves it', async () => {
  const opened = await (await api('file?path=content/pages/about.yaml')).json() as { version: string; values: Record<string, unknown>; schema: { properties: Record<string, unknown> }; problems: unknown[] };
  assert.ok('heading' in opened.schema.properties, 'the template\'s schema, as JSON Schema');
  assert.equal(opened.problems, []);
  const before = await about();
  const same = await api('save', { body: { path: 'content/pages/about.yaml', version: opened.version, values: opened.values } });
  assert.equal(await same.json(), { version: opened.version, changed: false });
  assert.is(await about(), before);
  const saved = await api('save', { body: { path: 'content/pages/about.yaml', version: opened.version, values: { ...opened.values, heading: 'About us, edited' } } });
  assert.is(saved.status, 200);
  const after = await about();
  assert.is(after, before.replace('heading: About the fixture', 'heading: About us, edited'));
  await waitUntil(async () => (await (await fetch(`${session.server.url}/about`)).text()).includes('About us, edited'), 'dev serves the saved change', { timeoutMs: 5000 });
});

test('a save the build would refuse is refused at its field, and a save over a newer file is a conflict; nothing is written', async () => {
  const opened = await (await api('file?path=content/pages/about.yaml')).json() as { version: string; values: Record<string, unknown> };
  const before = await about();
  const refused = await api('save', { body: { path: 'content/pages/about.yaml', version: opened.version, values: { ...opened.values, heading: '' } } });
  assert.is(refused.status, 422);
  const { problems } = await refused.json() as { problems: { field?: string; file?: string; line?: number; message: string }[] };
  assert.equal(problems.map((problem) => [problem.file, problem.field, problem.line]), [['content/pages/about.yaml', 'heading', 4]]);
  assert.is(await about(), before);
  const checked = await api('check', { body: { path: 'content/pages/about.yaml', values: { ...opened.values, links: [{ label: 'Nowhere', href: '/no-such-page' }] } } });
  const check = await checked.json() as { problems: { field?: string }[] };
  assert.equal(check.problems.map((problem) => problem.field), ['links[0].href'], 'a link to no page, at its field');
  // Another tab (or a text editor) saved first.
  await writeFile(path.join(root, 'content/pages/about.yaml'), before.replace('description: About the fixture.', 'description: Changed elsewhere.'));
  const late = await api('save', { body: { path: 'content/pages/about.yaml', version: opened.version, values: { ...opened.values, heading: 'Mine' } } });
  assert.is(late.status, 409);
  assert.match((await late.json() as { error: string }).error, /changed since it was opened/);
  assert.match(await about(), /description: Changed elsewhere\.\nheading: About us, edited/);
});

test('an upload goes only where the build would read it: an image of its type, not over a file, not through a link out of public/', async () => {
  const png = await readFile(path.join(root, 'public/img/logo.svg')).catch(() => undefined);
  assert.ok(png, 'the fixture has an image');
  const upload = (to: string, name: string, body: Buffer | string) => fetch(`${session.server.url}/__sitegen/edit/api/upload?to=${encodeURIComponent(to)}&name=${encodeURIComponent(name)}`, {
    method: 'POST', headers: { 'x-sitegen-edit-token': token, 'content-type': 'application/octet-stream' }, body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const fine = await upload('public/img', 'mark.svg', png!);
  assert.is(fine.status, 201);
  assert.equal(await fine.json(), { src: '/img/mark.svg' });
  assert.is((await upload('public/img', 'mark.svg', png!)).status, 409, 'never over a file that is there');
  const script = await upload('public/img', 'bad.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  assert.is(script.status, 422);
  assert.match((await script.json() as { error: string }).error, /<script>/);
  assert.is((await upload('public/img', 'page.html', '<p>hi</p>')).status, 422, 'no type a page may not show');
  assert.is((await upload('templates', 'x.png', png!)).status, 400, 'nowhere but public/ and a page\'s folder');
  assert.is((await upload('public/../templates', 'x.svg', png!)).status, 400);
  const outside = await tempDir('sitegen-outside-');
  await symlink(outside, path.join(root, 'public', 'away'));
  const away = await upload('public/away', 'x.svg', png!);
  assert.is(away.status, 400);
  assert.equal(await readdir(outside), [], 'nothing written through the link');
  // The link out of public/ fails the site's build: gone again for the next test.
  await rm(path.join(root, 'public', 'away'));
  await session.idle();
});

test('a file whose YAML is broken opens as text with the build\'s error, and is fixed by sending its text', async () => {
  await session.idle();
  const file = path.join(root, 'content/pages/about.yaml');
  const good = await readFile(file, 'utf8');
  await writeFile(file, good.replace('heading: About us, edited', 'heading: [About'));
  const opened = await (await api('file?path=content/pages/about.yaml')).json() as { version: string; values?: unknown; problem?: string; problems: { message: string; line?: number }[]; text: string };
  assert.is(opened.values, undefined);
  assert.match(opened.problem ?? '', /YAML syntax error/);
  assert.ok(opened.problems.some((problem) => /YAML syntax error/.test(problem.message)), 'the build\'s error');
  const fixed = await api('save', { body: { path: 'content/pages/about.yaml', version: opened.version, text: opened.text.replace('heading: [About', 'heading: About again') } });
  assert.is(fixed.status, 200);
  assert.match(await readFile(file, 'utf8'), /heading: About again/);
});

test.run();
