/**
 * The integration API (src/integrations/api.ts) through a real build of the
 * basic fixture with a sitegen.config.ts: each hook at its point of the
 * road, the built-in integrations turned off or replaced, and each kind of
 * fault told as the integration's, at its line.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import type { SiteError, SiteErrors } from '../../src/errors.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { copyStarter } from '../helpers/starter.ts';

/** The basic fixture with this sitegen.config.ts (the body after the import line). */
async function siteWithConfig(body: string): Promise<string> {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'sitegen.config.ts'), `import { ContentError, defineConfig, defineIntegration, z } from 'sitegen/config';\n${body}\n`);
  return root;
}

/** What a build reports: several errors (SiteErrors), or the one that stopped it before the pages (a SiteError). */
const errorsOf = (root: string) => buildSite({ root }).then(
  () => assert.unreachable('the build succeeded') as never,
  (caught: SiteErrors | SiteError) => ('errors' in caught ? caught.errors : [caught]),
);

const read = (root: string, file: string) => readFile(path.join(root, 'dist', file), 'utf8');

test('markdown: an extension\'s syntax works, and its output goes through the sanitiser like raw HTML', async () => {
  const root = await siteWithConfig(`
const marks = defineIntegration({ name: 'marks', setup: () => ({ markdown: [{ extensions: [{
  name: 'mark', level: 'inline', start: (src: string) => src.indexOf('=='),
  tokenizer: (src: string) => { const m = /^==([^=]+)==/.exec(src); return m ? { type: 'mark', raw: m[0], text: m[1] } : undefined; },
  renderer: (token: { text: string }) => '<mark onclick="steal()">' + token.text + '</mark><script>alert(1)</script>',
}] }] }) });
export default defineConfig({ integrations: [marks()] });`);
  await writeFile(path.join(root, 'content/pages/marked.md'), '---\ntitle: Marked\ndescription: A page.\n---\n\nThis is ==very== marked.\n');
  await buildSite({ root });
  const html = await read(root, 'marked.html');
  assert.match(html, '<p>This is <mark>very</mark> marked.</p>');
  assert.not.match(html, 'alert(1)');
  assert.not.match(html, 'onclick');
});

test('head and csp: an inline script is hashed into the policy of every host; declared sources are merged; the sitemap stays', async () => {
  const root = await siteWithConfig(`
const stats = defineIntegration({ name: 'stats', setup: () => ({
  csp: { connect: ['https://stats.example.com'], img: ['https://pixel.example.com'] },
  head: (page) => (page.route === '/hidden' ? [] : [{ tag: 'script', content: 'window.stats = ' + JSON.stringify(page.route) }, { tag: 'meta', attributes: { name: 'stats-site', content: 'fixture' } }]),
}) });
export default defineConfig({ integrations: [stats()] });`);
  await buildSite({ root });
  const about = await read(root, 'about.html');
  assert.match(about, '<script>window.stats = "/about"</script><meta name="stats-site" content="fixture"/></head>');
  const { createHash } = await import('node:crypto');
  const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  for (const file of ['_headers', '_headers.nginx']) {
    const headers = await read(root, file);
    assert.match(headers, hash('window.stats = "/about"'), `${file}: the page's inline script`);
    assert.match(headers, hash('window.stats = "/"'), `${file}: each page's`);
    assert.match(headers, "connect-src 'self' https://stats.example.com", file);
    assert.match(headers, "img-src 'self' https://pixel.example.com", file);
  }
  assert.ok(existsSync(path.join(root, 'dist', 'sitemap.xml')), 'the built-in sitemap is still there');
});

test('files and buildDone: files from the page list, then a step that reads the built pages and writes beside them', async () => {
  const root = await siteWithConfig(`
const listing = defineIntegration({ name: 'listing', setup: () => ({
  files: ({ pages }) => ({ 'pages.txt': pages.filter((page) => page.listed).map((page) => page.url).sort().join('\\n') + '\\n' }),
  async buildDone({ pages, read, write }) {
    // Its own file it may write again as it goes.
    await write('sizes.json', '{}');
    const sizes = await Promise.all(pages.map(async (page) => [page.route, (await read(page)).length]));
    await write('sizes.json', JSON.stringify(Object.fromEntries(sizes)));
  },
}) });
export default defineConfig({ integrations: [listing()] });`);
  await buildSite({ root });
  assert.match(await read(root, 'pages.txt'), 'https://fixture.example/about\n');
  const sizes = JSON.parse(await read(root, 'sizes.json')) as Record<string, number>;
  assert.is(sizes['/about'], (await read(root, 'about.html')).length);
});

test('the built-in sitemap turned off, and replaced by an integration of the same name', async () => {
  const off = await siteWithConfig('export default defineConfig({ builtIn: { sitemap: false } });');
  await buildSite({ root: off });
  assert.not.ok(existsSync(path.join(off, 'dist', 'sitemap.xml')));
  assert.not.ok(existsSync(path.join(off, 'dist', 'robots.txt')), 'no integration gives robots.txt a line');
  const replaced = await siteWithConfig(`
const sitemap = defineIntegration({ name: 'sitemap', setup: () => ({ files: ({ pages }) => ({ 'sitemap.txt': pages.map((page) => page.url).join('\\n') }) }) });
export default defineConfig({ integrations: [sitemap()] });`);
  await buildSite({ root: replaced });
  assert.ok(existsSync(path.join(replaced, 'dist', 'sitemap.txt')));
  assert.not.ok(existsSync(path.join(replaced, 'dist', 'sitemap.xml')), 'the built-in one is replaced, not added to');
});

test('robots.txt is the built-in robots integration\'s: turned off, none is written; one of the same name replaces it', async () => {
  const off = await siteWithConfig(`export default defineConfig({ builtIn: { robots: false } });`);
  await buildSite({ root: off });
  assert.ok(existsSync(path.join(off, 'dist', 'sitemap.xml')), 'the sitemap stays');
  assert.not.ok(existsSync(path.join(off, 'dist', 'robots.txt')));
  const own = await siteWithConfig(`
const robots = defineIntegration({ name: 'robots', setup: () => ({ files: ({ robots: lines }) => ({ 'robots.txt': \`User-agent: *\\nDisallow: /private/\\n\${lines.join('\\n')}\\n\` }) }) });
export default defineConfig({ integrations: [robots()] });`);
  await buildSite({ root: own });
  assert.is(await read(own, 'robots.txt'), 'User-agent: *\nDisallow: /private/\nSitemap: https://fixture.example/sitemap.xml\n');
});

test('the host header files are the built-in headers integration\'s: one of the same name gets the whole policy to write in its own form', async () => {
  const off = await siteWithConfig(`export default defineConfig({ builtIn: { headers: false } });`);
  await buildSite({ root: off });
  for (const file of ['_headers', '_headers.nginx', '_headers.assets.nginx']) assert.not.ok(existsSync(path.join(off, 'dist', file)), file);
  assert.ok(existsSync(path.join(off, 'dist', '_redirects')), 'the redirects are not the headers\' to turn off');
  const builtIn = await siteWithConfig(`export default defineConfig({});`);
  await buildSite({ root: builtIn });
  // A host that reads its headers from JSON (vercel.json's shape): the same rules, the same policy.
  const own = await siteWithConfig(`
const headers = defineIntegration({ name: 'headers', setup: () => ({ files: ({ headers: rules }) => ({
  'host.json': JSON.stringify(rules.map((rule) => ({ source: rule.pattern, headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })) }))),
}) }) });
export default defineConfig({ integrations: [headers()] });`);
  await buildSite({ root: own });
  assert.not.ok(existsSync(path.join(own, 'dist', '_headers')), 'replaced, not added to');
  const written = JSON.parse(await read(own, 'host.json')) as { source: string; headers: { key: string; value: string }[] }[];
  const policy = written[0].headers.find(({ key }) => key === 'Content-Security-Policy')?.value;
  assert.is(written[0].source, '/*');
  assert.match(await read(builtIn, '_headers'), `  Content-Security-Policy: ${policy}\n`, 'the policy the built-in one writes, inline-script hashes and all');
  assert.match(policy!, /script-src 'self' 'sha256-/);
});

test('a wrong option is an error at its line of sitegen.config.ts; an unsafe CSP source is refused; nothing is written', async () => {
  const root = await siteWithConfig(`
const tracked = defineIntegration({ name: 'tracked', options: z.strictObject({ id: z.string() }), setup: () => ({}) });
const loose = defineIntegration({ name: 'loose', setup: () => ({ csp: { script: ["'unsafe-inline'"] } }) });
export default defineConfig({
  integrations: [tracked({ id: 3 } as never), loose()],
});`);
  const errors = await errorsOf(root);
  const told = errors.map((error) => `${error.code} ${error.origin} ${error.location?.file}:${error.location?.line ?? ''}: ${error.message}`);
  assert.ok(told.includes('integration integration sitegen.config.ts:6: the integration tracked has a wrong option: id: Invalid input: expected string, received number'), told.join('\n'));
  assert.ok(told.some((line) => /^integration integration sitegen\.config\.ts:\d*: the integration loose csp\.script\.0: expected an https:\/\/ origin/.test(line)), told.join('\n'));
  assert.not.ok(existsSync(path.join(root, 'dist')), 'nothing was written');
});

test('a hook that throws is the integration\'s fault at its own line; a ContentError is the editor\'s, at the file', async () => {
  const root = await siteWithConfig(`
const broken = defineIntegration({ name: 'broken', setup: () => ({
  files: () => {
    throw new Error('the service is down');
  },
}) });
export default defineConfig({ integrations: [broken()] });`);
  const [error] = await errorsOf(root);
  assert.is(error.code, 'integration');
  assert.is(error.origin, 'integration');
  assert.is(error.message, 'the integration broken failed in its files hook: the service is down');
  assert.equal([error.location?.file, error.location?.line], ['sitegen.config.ts', 5], 'the throw\'s own line');

  const strict = await siteWithConfig(`
const strict = defineIntegration({ name: 'strict', setup: () => ({
  head: (page) => { if (page.route === '/about') throw new ContentError('this page needs an owner', { file: 'content/pages/about.yaml' }); return []; },
}) });
export default defineConfig({ integrations: [strict()] });`);
  const [content] = await errorsOf(strict);
  assert.equal([content.code, content.origin, content.location?.file, content.message], ['content', 'content', 'content/pages/about.yaml', 'this page needs an owner']);
});

test('a head script from a host the integration did not declare fails the build, naming it; declared, it builds', async () => {
  const config = (csp: string) => `
const widget = defineIntegration({ name: 'widget', setup: () => ({
  ${csp}
  head: () => [{ tag: 'script', attributes: { src: 'https://cdn.widget.example/w.js', defer: true } }],
}) });
export default defineConfig({ integrations: [widget()] });`;
  const [error] = await errorsOf(await siteWithConfig(config('')));
  assert.is(error.code, 'integration');
  assert.match(error.message, /^the integration widget failed in its head hook: \/\S* holds a script from https:\/\/cdn\.widget\.example, which the policy's script-src blocks/);
  const root = await siteWithConfig(config("csp: { script: ['https://cdn.widget.example'] },"));
  await buildSite({ root });
  assert.match(await read(root, '_headers'), "script-src 'self' ");
  assert.match(await read(root, '_headers'), 'https://cdn.widget.example');
  assert.match(await read(root, 'about.html'), '<script src="https://cdn.widget.example/w.js" defer></script>');
});

test('pages: made from code, validated and built like content; their errors are the integration\'s; gone with the configuration', async () => {
  const root = await siteWithConfig(`
const people = defineIntegration({ name: 'people', options: z.strictObject({ names: z.array(z.string()) }), setup: ({ names }) => ({
  pages: async () => names.map((name) => ({ route: '/people/' + name.toLowerCase(), title: name, description: name === 'Nobody' ? '' : 'About ' + name + '.', body: 'Back to [the guide](../docs/guide).' })),
}) });
export default defineConfig({ integrations: [people({ names: ['Ada', 'Grace'] })] });`);
  await buildSite({ root });
  const ada = await read(root, 'people/ada.html');
  assert.match(ada, '<title>Ada | Fixture Site</title>');
  assert.match(ada, '<a href="/docs/guide">the guide</a>', 'a relative link resolved from the page\'s route');
  assert.match(await read(root, 'sitemap.xml'), 'https://fixture.example/people/grace');

  await writeFile(path.join(root, 'sitegen.config.ts'), (await readFile(path.join(root, 'sitegen.config.ts'), 'utf8')).replace("['Ada', 'Grace']", "['Ada', 'Nobody']"));
  const [error] = await errorsOf(root);
  assert.equal([error.origin, error.location?.file, error.location?.line, error.message], ['integration', '.sitegen/generated/pages/people/people/nobody.md', 4, 'must not be empty']);
  assert.is(error.field, 'description');
  assert.match(error.hint ?? '', 'the page comes from the integration people');
  assert.ok(existsSync(path.join(root, 'dist', 'people', 'grace.html')), 'the last good build is kept');

  const { rm } = await import('node:fs/promises');
  await rm(path.join(root, 'sitegen.config.ts'));
  await buildSite({ root });
  assert.not.ok(existsSync(path.join(root, 'dist', 'people')), 'a site without the integration has none of its pages');
});

test('an inline script that holds </script> cannot close its element, and is hashed as the page holds it', async () => {
  const root = await siteWithConfig(`
const tricky = defineIntegration({ name: 'tricky', setup: () => ({ head: () => [{ tag: 'script', content: 'window.note = "</script><img src=x onerror=alert(1)>"' }] }) });
export default defineConfig({ integrations: [tricky()] });`);
  await buildSite({ root });
  const about = await read(root, 'about.html');
  const held = 'window.note = "<\\/script><img src=x onerror=alert(1)>"';
  assert.match(about, `<script>${held}</script>`);
  const { createHash } = await import('node:crypto');
  assert.match(await read(root, '_headers'), `'sha256-${createHash('sha256').update(held).digest('base64')}'`);
});

test('files: a path outside the output, or one sitegen writes itself, is the integration\'s error', async () => {
  const root = await siteWithConfig(`
const greedy = defineIntegration({ name: 'greedy', setup: () => ({ files: () => ({ '_headers': 'x', '../escape.txt': 'x' }) }) });
export default defineConfig({ integrations: [greedy()] });`);
  const messages = (await errorsOf(root)).map((error) => `${error.origin}: ${error.message}`).sort();
  assert.equal(messages, [
    'integration: the integration greedy failed in its files hook: "../escape.txt" is not a path inside the output (no .., no leading dot in a folder but .well-known)',
    'integration: the integration greedy failed in its files hook: _headers is written by the integration headers too',
  ]);
  assert.not.ok(existsSync(path.join(root, 'escape.txt')));
});

/** The news starter (a collection with feeds) with this sitegen.config.ts added beside its own. */
async function newsWithConfig(body: string): Promise<string> {
  const root = await copyStarter('news', 'sitegen-hostile-');
  await writeFile(path.join(root, 'sitegen.config.ts'), `import { defineConfig, defineIntegration, feeds, sitemap } from 'sitegen/config';\n${body}\n`);
  return root;
}

// Every way out of the output, or over another writer's file, that the hardening probe found, in each hook that names a path.
const ESCAPES = ['/../../ESCAPED.txt', '../escape.txt', '.git/config', '.htaccess', 'a/.env'];

for (const hook of ['page', 'collection', 'files', 'buildDone'] as const) {
  test(`${hook}: every path out of the output, a dotfile, and a page or a file another writer has are refused, naming the integration`, async () => {
    const wanted = [...ESCAPES, 'index.html', hook === 'files' || hook === 'buildDone' ? 'sitemap.xml' : 'news/feed.xml', 'twice.txt'];
    const make = `() => Object.fromEntries(${JSON.stringify(wanted)}.map((file) => [file, 'hostile']))`;
    // buildDone writes through the build's writer, file by file; the others give their files back.
    const writes = (files: string) => `async ({ write }) => { for (const [file, text] of Object.entries(${files})) await write(file, text); }`;
    const body = hook === 'collection' ? `() => ({ files: (${make})() })` : hook === 'buildDone' ? writes(`(${make})()`) : `() => (${make})()`;
    const twice = hook === 'collection' ? "() => ({ files: { 'twice.txt': 'x' } })" : hook === 'buildDone' ? writes("{ 'twice.txt': 'x' }") : "() => ({ 'twice.txt': 'x' })";
    const root = await newsWithConfig(`
const hostile = defineIntegration({ name: 'hostile', setup: () => ({ ${hook}: ${body} }) });
const second = defineIntegration({ name: 'second', setup: () => ({ ${hook}: ${twice} }) });
export default defineConfig({ integrations: [feeds(), sitemap(), hostile(), second()] });`);
    const errors = await errorsOf(root);
    const messages = [...new Set(errors.map((error) => error.message))];
    for (const file of ESCAPES) {
      assert.ok(messages.some((message) => message.startsWith(`the integration hostile failed in its ${hook} hook: ${JSON.stringify(file)} is not a path inside the output`)), `${file} is refused: ${messages.join('\n')}`);
    }
    if (hook === 'files' || hook === 'buildDone') {
      assert.ok(messages.includes(`the integration hostile failed in its ${hook} hook: index.html is written by the page / (content/pages/index.md) too`), messages.join('\n'));
      assert.ok(messages.includes(`the integration hostile failed in its ${hook} hook: sitemap.xml is written by the integration sitemap too`), messages.join('\n'));
    } else {
      assert.ok(messages.includes(`the integration hostile failed in its ${hook} hook: index.html would be a page: a ${hook} hook writes files beside the pages, never a page`), messages.join('\n'));
    }
    assert.ok(messages.some((message) => message.startsWith('the integration second failed in its') && message.includes('twice.txt is written by the integration hostile too')), messages.join('\n'));
    assert.ok(errors.every((error) => error.origin === 'integration'), 'each is the integration\'s fault');
    for (const escaped of [path.join(root, '..', 'ESCAPED.txt'), path.join(root, 'ESCAPED.txt'), path.join(root, 'escape.txt')]) assert.not.ok(existsSync(escaped), `${escaped} was not written`);
    assert.not.ok(existsSync(path.join(root, 'dist')), 'nothing was published');
  });
}

test('pages: a route with .. or a dot segment is refused, and nothing is written into content/', async () => {
  const root = await siteWithConfig(`
const hostile = defineIntegration({ name: 'hostile', setup: () => ({ pages: () => [
  { route: '/../../../../content/pages/injected', title: 'Injected', description: 'x' },
  { route: '/a/../../b', title: 'B', description: 'x' },
  { route: '/.hidden', title: 'Hidden', description: 'x' },
] }) });
export default defineConfig({ integrations: [hostile()] });`);
  const messages = (await errorsOf(root)).map((error) => error.message);
  assert.is(messages.length, 3, messages.join('\n'));
  for (const message of messages) assert.match(message, /^the integration hostile failed in its pages hook: ".*" is not a route/);
  assert.not.ok(existsSync(path.join(root, 'content', 'pages', 'injected.md')));
  const { readdir } = await import('node:fs/promises');
  const written = await readdir(path.join(root, '.sitegen'), { recursive: true }).catch(() => [] as string[]);
  assert.not.ok(written.some((file) => String(file).includes('injected')), 'no page file was written anywhere');
});

test('head: an attribute name that would break out of the tag, and an event handler, are refused naming the integration; nothing lands in a head', async () => {
  const root = await siteWithConfig(`
const hostile = defineIntegration({ name: 'hostile', setup: () => ({ head: () => [
  { tag: 'meta', attributes: { 'x><script>alert(1)</script ><meta y': 'z' } },
  { tag: 'link', attributes: { rel: 'preload', href: '/x.css', onload: 'alert(2)' } },
  { tag: 'iframe', attributes: { src: '/' } },
] }) });
export default defineConfig({ integrations: [hostile()] });`);
  const messages = [...new Set((await errorsOf(root)).map((error) => error.message))].sort();
  assert.equal(messages, [
    'the integration hostile failed in its head hook: "iframe" is not a head element it may add: script, style, link or meta',
    'the integration hostile failed in its head hook: "x><script>alert(1)</script ><meta y" is not an attribute name (letters, digits and - _ : . only) in its <meta>',
    "the integration hostile failed in its head hook: the attribute onload of its <link> is an event handler, inline script that the site's policy refuses: put the code in a script element",
  ]);
  assert.not.ok(existsSync(path.join(root, 'dist')));
});

test('sitemap({ filter }) lists only the pages it keeps; an option it does not know, or one to an integration that takes none, is an error', async () => {
  const root = await siteWithConfig(`
import { sitemap } from 'sitegen/config';
export default defineConfig({ integrations: [sitemap({ filter: (page) => page.route !== '/about' })] });`);
  await buildSite({ root });
  const xml = await read(root, 'sitemap.xml');
  assert.match(xml, '<loc>https://fixture.example/</loc>');
  assert.not.match(xml, 'https://fixture.example/about<', 'the page the filter leaves out');
  await writeFile(path.join(root, 'sitegen.config.ts'), `import { defineConfig, defineIntegration, sitemap } from 'sitegen/config';
const plain = defineIntegration({ name: 'plain', setup: () => ({}) });
export default defineConfig({ integrations: [sitemap({ filtr: () => true } as never), plain({ verbose: true } as never)] });
`);
  const messages = (await errorsOf(root)).map((error) => error.message).sort();
  assert.equal(messages, [
    'the integration plain has a wrong option: verbose: plain takes no options',
    'the integration sitemap has a wrong option: Unrecognized key: "filtr"',
  ]);
});

for (const threads of [1, 4]) {
  test(`an error thrown in a head hook and in a Markdown extension's renderer is the integration's, at its file and line, under --threads ${threads}`, async () => {
    const root = await copyFixture('basic');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(root, 'integrations'));
    await writeFile(path.join(root, 'integrations', 'boom.ts'), [
      "import { defineIntegration } from 'sitegen/config';",
      'export const boomHead = defineIntegration({ name: \'boom-head\', setup: () => ({',
      '  head: () => { throw new Error(\'the head went boom\'); },',
      '}) });',
      'export const boomMarks = defineIntegration({ name: \'boom-marks\', setup: () => ({ markdown: [{ extensions: [{',
      "  name: 'boom', level: 'inline', start: (src: string) => src.indexOf('!!'),",
      "  tokenizer: (src: string) => (src.startsWith('!!') ? { type: 'boom', raw: '!!' } : undefined),",
      "  renderer: () => { throw new Error('the renderer went boom'); },",
      '}] }] }) });',
      '',
    ].join('\n'));
    await writeFile(path.join(root, 'content/pages/marked.md'), '---\ntitle: Marked\ndescription: A page.\n---\n\nThis goes !! here.\n');
    for (const [name, hook, line] of [['boomHead', 'head', 3], ['boomMarks', 'markdown', 8]] as const) {
      await writeFile(path.join(root, 'sitegen.config.ts'), `import { defineConfig } from 'sitegen/config';\nimport { ${name} } from './integrations/boom.ts';\nexport default defineConfig({ integrations: [${name}()] });\n`);
      const errors = await buildSite({ root, threads, cache: false }).then(() => assert.unreachable('the build succeeded') as never, (caught: SiteErrors) => caught.errors);
      const told = [...new Set(errors.map((error) => `${error.origin} ${error.code} ${error.location?.file}:${error.location?.line}: ${error.message}`))];
      assert.equal(told, [`integration integration integrations/boom.ts:${line}: the integration ${hook === 'head' ? 'boom-head' : 'boom-marks'} failed in its ${hook} hook: the ${hook === 'head' ? 'head' : 'renderer'} went boom`], `threads ${threads}, ${hook}`);
    }
  });
}

// Every hook, each throwing at a line of its own: told the same way, with the integration's file and line, on any thread.
const THROWING_HOOKS: Record<string, string> = {
  pages: "pages: () => { throw new Error('pages went boom'); },",
  head: "head: () => { throw new Error('head went boom'); },",
  page: "page: () => { throw new Error('page went boom'); },",
  collection: "collection: () => { throw new Error('collection went boom'); },",
  robots: "robots: () => { throw new Error('robots went boom'); },",
  files: "files: () => { throw new Error('files went boom'); },",
  buildDone: "buildDone: async () => { await Promise.resolve(); throw new Error('buildDone went boom'); },",
  csp: "csp: () => { throw new Error('csp went boom'); },",
  client: "client: { module: 'sitegen/client/vitals', timing: 'idle', settings: () => { throw new Error('client went boom'); } },",
};

for (const threads of [1, 4]) {
  test(`an error thrown in each hook is told the same way, at the integration's file and line, under --threads ${threads}`, async () => {
    const root = await copyStarter('news', 'sitegen-hook-errors-');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(root, 'integrations'));
    const source = ["import { defineIntegration } from 'sitegen/config';"];
    const lines: Record<string, number> = {};
    for (const [hook, body] of Object.entries(THROWING_HOOKS)) {
      source.push(`export const ${hook}Boom = defineIntegration({ name: '${hook.toLowerCase()}-boom', setup: () => ({`);
      lines[hook] = source.push(`  ${body}`);
      source.push('}) });');
    }
    await writeFile(path.join(root, 'integrations', 'boom.ts'), `${source.join('\n')}\n`);
    for (const hook of Object.keys(THROWING_HOOKS)) {
      await writeFile(path.join(root, 'sitegen.config.ts'), `import { defineConfig, feeds, sitemap } from 'sitegen/config';\nimport { ${hook}Boom } from './integrations/boom.ts';\nexport default defineConfig({ integrations: [feeds(), sitemap(), ${hook}Boom()] });\n`);
      const errors = await buildSite({ root, threads, cache: false }).then(() => assert.unreachable(`the build succeeded with ${hook} throwing`) as never, (caught: SiteErrors) => caught.errors);
      const told = [...new Set(errors.map((error) => `${error.origin} ${error.location?.file}:${error.location?.line}: ${error.message}`))];
      assert.equal(told, [`integration integrations/boom.ts:${lines[hook]}: the integration ${hook.toLowerCase()}-boom failed in its ${hook} hook: ${hook} went boom`], `threads ${threads}, ${hook}`);
      assert.not.ok(existsSync(path.join(root, 'dist')), `${hook}: nothing was published`);
    }
  });
}

test('client: browser code from a site\'s integration is a chunk of its own, its settings in every page\'s config, preloaded when the islands wait for it', async () => {
  const root = await siteWithConfig(`
const consent = defineIntegration({ name: 'consent', setup: () => ({
  client: { module: './integrations/consent.client.ts', timing: 'before-islands', settings: (site) => ({ site: site.name, banner: true }) },
}) });
const beacon = defineIntegration({ name: 'beacon', setup: () => ({ client: { module: './integrations/beacon.client.ts', timing: 'idle', settings: () => ({ to: '/beacon' }) } }) });
const dormant = defineIntegration({ name: 'dormant', setup: () => ({ client: { module: './integrations/dormant.client.ts', timing: 'idle', settings: () => undefined } }) });
export default defineConfig({ integrations: [consent(), beacon(), dormant()] });`);
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.join(root, 'integrations'));
  await writeFile(path.join(root, 'integrations/consent.client.ts'), "export default (settings: { site: string }) => { document.title = 'consented ' + settings.site; };\n");
  await writeFile(path.join(root, 'integrations/beacon.client.ts'), "export default (settings: { to: string }) => navigator.sendBeacon(settings.to, 'ping-from-beacon');\n");
  await writeFile(path.join(root, 'integrations/dormant.client.ts'), "export default () => console.log('dormant-code-ran');\n");
  const result = await buildSite({ root });
  const html = await read(root, 'about.html');
  const config = JSON.parse(/<script type="application\/json" id="sitegen-config">(.*?)<\/script>/.exec(html)![1]);
  assert.equal(config, { client: { consent: { site: 'Fixture Site', banner: true }, beacon: { to: '/beacon' } } }, 'the settings of the two it runs, by name; none for the dormant one');
  const chunks = result.assets.page.clients!;
  assert.equal(Object.keys(chunks).sort(), ['beacon', 'consent', 'dormant', 'gate', 'vitals'], 'the built-in gate and vitals have theirs too');
  const chunk = async (name: string) => readFile(path.join(root, 'dist', chunks[name].src), 'utf8');
  assert.match(await chunk('consent'), 'consented ');
  assert.match(await chunk('beacon'), 'ping-from-beacon');
  assert.match(await chunk('dormant'), 'dormant-code-ran', 'bundled, loaded by no page');
  const runtime = await readFile(path.join(root, 'dist', result.assets.page.runtime.src), 'utf8');
  for (const words of ['consented ', 'ping-from-beacon', 'dormant-code-ran']) assert.not.match(runtime, words, 'the runtime only imports each chunk');
  // What the islands wait for is fetched beside the runtime; the beacon is not.
  assert.ok(html.includes(`<link rel="modulepreload" href="${chunks.consent.src}" integrity="${chunks.consent.integrity}"/>`), html);
  assert.not.ok(html.includes(`href="${chunks.beacon.src}"`));
  // A site with none: no config element.
  const plain = await copyFixture('basic');
  await buildSite({ root: plain });
  assert.not.match(await read(plain, 'about.html'), 'sitegen-config');
});

test('client: a module that cannot be found, settings that are not plain data, and a source a csp function makes unsafe are the integration\'s, at its line', async () => {
  const missing = await siteWithConfig(`
const lost = defineIntegration({ name: 'lost', setup: () => ({ client: { module: './integrations/nowhere.ts', timing: 'idle', settings: () => ({}) } }) });
export default defineConfig({ integrations: [lost()] });`);
  const [error] = await errorsOf(missing);
  assert.equal([error.origin, error.location?.file, error.location?.line], ['integration', 'sitegen.config.ts', 4], 'the line that added it');
  assert.match(error.message, /^the integration lost failed in its client hook: its client module "\.\/integrations\/nowhere\.ts" cannot be found from the site root/);
  assert.not.ok(existsSync(path.join(missing, 'dist')), 'nothing was written');

  const odd = await siteWithConfig(`
const dated = defineIntegration({ name: 'dated', setup: () => ({ client: { module: 'sitegen/client/vitals', timing: 'idle', settings: () => ({ when: new Date(0) }) as never } }) });
const opener = defineIntegration({ name: 'opener', setup: () => ({ csp: (site) => ({ script: [site.url.replace('https:', 'http:')] }) }) });
export default defineConfig({ integrations: [dated(), opener()] });`);
  const told = (await errorsOf(odd)).map((caught) => `${caught.location?.file}:${caught.location?.line} ${caught.message}`);
  assert.ok(told.includes('sitegen.config.ts:5 the integration dated failed in its client hook: its settings are not plain data (JSON: objects, lists, text, finite numbers, true, false, null)'), told.join('\n'));
  assert.ok(told.some((line) => line.startsWith('sitegen.config.ts:5 the integration opener failed in its csp hook: "http://fixture.example" in script: expected an https:// origin')), told.join('\n'));
  assert.not.ok(existsSync(path.join(odd, 'dist')), 'nothing was written');
});

test('the gate is the built-in gate integration\'s: site.yaml\'s gate gives every page its settings, preload and hidden body; turned off, none', async () => {
  const root = await siteWithConfig('export default defineConfig({});');
  await writeFile(path.join(root, 'content/site.yaml'), `${await readFile(path.join(root, 'content/site.yaml'), 'utf8')}\ngate: { script: https://gate.example.io/check.js, tenantId: t-1, function: Gate.check, mode: page }\n`);
  const result = await buildSite({ root });
  const html = await read(root, 'about.html');
  assert.match(html, '<script type="application/json" id="sitegen-config">{"client":{"gate":{"script":"https://gate.example.io/check.js","tenantId":"t-1","function":"Gate.check","mode":"page"}}}</script>');
  assert.match(html, '<link rel="preload" as="script" href="https://gate.example.io/check.js"/>');
  assert.match(html, `<link rel="modulepreload" href="${result.assets.page.clients!.gate.src}"`);
  assert.match(html, '<script>document.documentElement.classList.add("gate-pending")</script>');
  const headers = await read(root, '_headers');
  assert.match(headers, /script-src 'self' [^;]*https:\/\/gate\.example\.io/);
  assert.match(headers, /connect-src 'self' [^;]*https:\/\/gate\.example\.io/);
  assert.match(headers, /style-src 'self' 'sha256-/, 'the inline style that hides the body is hashed');

  await writeFile(path.join(root, 'sitegen.config.ts'), "import { defineConfig } from 'sitegen/config';\nexport default defineConfig({ builtIn: { gate: false } });\n");
  await buildSite({ root });
  const off = await read(root, 'about.html');
  for (const gone of ['sitegen-config', 'gate.example.io', 'gate-pending']) assert.not.match(off, gone);
  assert.not.match(await read(root, '_headers'), 'gate.example.io');
});

test('order: an integration marked pre runs its hooks before the others, one marked post after them, the rest as listed', async () => {
  const root = await siteWithConfig(`
const seen: string[] = [];
const mark = (name: string, order?: 'pre' | 'post') => defineIntegration({ name, setup: () => ({
  ...(order ? { order } : {}),
  files: () => { seen.push(name); return name === 'last' ? { 'order.txt': seen.join(' ') } : {}; },
}) })();
export default defineConfig({ integrations: [mark('last', 'post'), mark('plain-one'), mark('first', 'pre'), mark('plain-two')] });`);
  await buildSite({ root });
  assert.is(await read(root, 'order.txt'), 'first plain-one plain-two last');
});

test('buildDone: an integration that still writes into outDir is told, at its own line, to use write()', async () => {
  const root = await siteWithConfig(`
const old = defineIntegration({ name: 'old', setup: () => ({
  async buildDone(context) {
    const folder = (context as unknown as { outDir: string }).outDir;
    console.log(folder);
  },
}) });
export default defineConfig({ integrations: [old()] });`);
  const [error, ...more] = await errorsOf(root);
  assert.equal(more, []);
  assert.is(error.message, 'the integration old failed in its buildDone hook: buildDone no longer gives the output folder (outDir): add a file with write(path, contents), which checks it as every integration\'s file is');
  assert.equal([error.location?.file, error.location?.line], ['sitegen.config.ts', 5]);
});

test('check: sitegen check reports what an integration finds wrong in the files it wrote, and its own addresses resolve as the check resolves them', async () => {
  const root = await siteWithConfig(`
const stamped = defineIntegration({ name: 'stamped', setup: () => ({
  files: () => ({ 'stamp.txt': 'see /about and /nowhere' }),
  async check({ files, readOutput, resolves }) {
    if (!files.includes('stamp.txt')) return ['stamp.txt: not in the output'];
    const text = (await readOutput('stamp.txt')) ?? '';
    const problems: string[] = [];
    for (const address of text.match(/\\/[a-z]+/g) ?? []) if (!(await resolves(address))) problems.push(\`stamp.txt: \${address} leads nowhere\`);
    return problems;
  },
}) });
export default defineConfig({ integrations: [stamped()] });`);
  await buildSite({ root });
  const { checkSite } = await import('../../src/check/check-output.ts');
  const { problems } = await checkSite(root, path.join(root, 'dist'));
  assert.equal(problems, ['stamp.txt: /nowhere leads nowhere']);
});

test('a hook that takes a second or more is named in the build\'s warnings, once', async () => {
  const root = await siteWithConfig(`
const slow = defineIntegration({ name: 'slow', setup: () => ({ buildDone: () => new Promise<void>((resolve) => setTimeout(resolve, 1100)) }) });
export default defineConfig({ integrations: [slow()] });`);
  const { warnings } = await buildSite({ root });
  assert.equal(warnings.filter((warning) => warning.includes('slow')).map((warning) => warning.replace(/\d+\.\d s/, 'N s')),
    ['the integration slow took N s in its buildDone hook: the build waited for it']);
});

test.run();
