/**
 * What agents read: llms.txt, each page's Markdown twin, llms-full.txt, and
 * the discovery manifest named in robots.txt, with the site's WebMCP forms.
 * The manifest is validated against the published ai-catalog schema
 * (test/fixtures/ard/, vendored with its commit) by Ajv, and by the
 * conformance checks Lighthouse runs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { REPO_ROOT, serveBuild, tempDir } from '../helpers/site.ts';
import { copyNewsStarter } from '../helpers/starter.ts';
import { edit } from '../helpers/fixture.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const newsSite = () => copyNewsStarter('sitegen-agents-');

const read = (outDir: string, file: string) => readFile(path.join(outDir, file), 'utf8');
const linksIn = (markdown: string) => [...markdown.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((match) => match[1]);
/** The file in the output an absolute address of the starter names. */
const fileOf = (outDir: string, url: string) => path.join(outDir, decodeURIComponent(new URL(url).pathname));

let site: string;
test.before(async () => {
  site = path.join(await tempDir('sitegen-agents-site-'), 'dist');
  await buildSite({ root: REPO_ROOT, outDir: site, cache: false });
});

test('llms.txt: the site\'s name, its description, and its pages grouped as the navigation groups them, each linking its Markdown twin', async () => {
  const llms = await read(site, 'llms.txt');
  assert.match(llms, /^# Kavach Cognitive Labs\n\n> Behavioural-biometric authentication/);
  assert.equal([...llms.matchAll(/^## (.+)$/gm)].map((match) => match[1]), ['Products', 'Solutions', 'Company', 'Policies']);
  assert.match(llms, '- [Contact Us](https://www.example.com/contact.md): Write to us, call us');
  const links = linksIn(llms);
  assert.ok(links.length >= 18, `${links.length} links`);
  for (const link of links) assert.ok(existsSync(fileOf(site, link)), `${link} is in the build`);
  // Private, redirecting and not-found pages are not for agents; nor is a form's content.
  for (const absent of ['example.com/license', 'ztna', '404', 'Page Not Found', 'Log In to See Your License']) assert.not.match(llms, absent);
  assert.not.ok(existsSync(path.join(site, 'license.md')), 'the private page has no twin');
  assert.not.match(await read(site, 'llms-full.txt'), 'Log In to See Your License');
});

test('a twin is the page\'s main content as Markdown: its title, its words in order, absolute links, no navigation, forms or scripts', async () => {
  const twin = await read(site, 'contact.md');
  assert.match(twin, /^# Contact Us\n\nQuestions about adapID AI or BotShield AI/);
  assert.match(twin, '[hello@example.com](mailto:hello@example.com)');
  assert.not.match(twin, /<|Submit|Fields marked|Talk to Us/, 'no HTML, no form, no banner');
  for (const link of linksIn(await read(site, 'index.md'))) assert.match(link, /^https:\/\/www\.example\.com\/|^https:\/\/(?!www\.example\.com)/);
  assert.match(await read(site, 'contact.html'), '<link rel="alternate" type="text/markdown" title="Contact Us" href="/contact.md"/>');
  assert.not.match(await read(site, 'license.html'), 'text/markdown', 'the private page links no twin');
  const full = await read(site, 'llms-full.txt');
  assert.match(full, '# Contact Us');
  assert.match(full, '# Privacy Policy');
});

test('the manifest is named by every page, valid against the ai-catalog schema and Lighthouse\'s checks, and lists the two forms as tools', async () => {
  for (const page of ['index.html', 'contact.html', 'license.html']) assert.match(await read(site, page), '<link rel="ai-catalog" type="application/json" href="/.well-known/ard.json"/>', page);
  // robots.txt keeps to the directives its validators know: an Agentmap: line would fail Lighthouse's SEO audit.
  assert.is(await read(site, 'robots.txt'), 'User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n');
  const text = await read(site, '.well-known/ard.json');
  const manifest = JSON.parse(text) as { entries: { identifier: string; url: string }[] };
  const schema = JSON.parse(await read(path.join(REPO_ROOT, 'test/fixtures/ard'), 'ai-catalog.schema.json'));
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);
  assert.ok(validate(manifest), JSON.stringify(validate.errors));
  const { ConformanceTester } = await import('lighthouse/third-party/ard/ard.js' as string) as { ConformanceTester: new () => { validate_manifest(text: string, label: string): boolean; errors: unknown[]; warnings: unknown[] } };
  const tester = new ConformanceTester();
  tester.validate_manifest(text, 'ard.json');
  assert.equal([tester.errors, tester.warnings], [[], []]);
  assert.equal(manifest.entries.map((entry: { identifier: string }) => entry.identifier), ['urn:air:www.example.com:webmcp:send_message', 'urn:air:www.example.com:webmcp:request_demo']);
  const skill = await read(site, '.well-known/skills/send_message/SKILL.md');
  assert.match(skill, /^---\nname: "send_message"\ndescription: "Send a message to the Kavach Cognitive Labs team/);
  assert.match(skill, '- `email_id` (required): An e-mail address the team can answer to');
  for (const entry of manifest.entries) assert.ok(existsSync(fileOf(site, entry.url)), entry.url);
});

test('the contact and demo forms are WebMCP tools, described by their content; the login form is not', async () => {
  const contact = await read(site, 'contact.html');
  assert.match(contact, /<form [^>]*toolname="send_message" tooldescription="Send a message to the Kavach Cognitive Labs team[^"]*"/);
  assert.match(contact, /<textarea toolparamdescription="What the person would like to discuss" id="contact-message"/);
  assert.match(await read(site, 'demo.html'), /<form [^>]*toolname="request_demo"/);
  assert.not.match(await read(site, 'customerlogin.html'), 'toolname', 'credentials are not an agent\'s to type');
});

test('each language has its own llms.txt of its own pages; drafts are in none; the twins are served as Markdown', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const english = await read(outDir, 'llms.txt');
  const german = await read(outDir, 'de/llms.txt');
  assert.match(english, '[Hello, world](https://www.example.com/news/hello-world.md)');
  assert.match(german, '[Hallo, Welt](https://www.example.com/de/news/hello-world.md)');
  assert.not.match(german, 'https://www.example.com/news/', 'only German pages');
  assert.equal([...german.matchAll(/^## (.+)$/gm)].map((match) => match[1]), ['Pages', 'Neuigkeiten'], 'a section is named by its page\'s own title');
  for (const text of [english, german, await read(outDir, 'llms-full.txt')]) assert.not.match(text, 'Coming soon', 'the draft is in none');
  const twin = await read(outDir, 'news/hello-world.md');
  assert.match(twin, /^# Hello, world\n/);
  assert.not.match(twin, /On this page|Copy\n/, 'no table of contents, no copy button');
  assert.match(twin, '[News](https://www.example.com/news)');
  assert.match(twin, '## A summary for the list', 'a heading\'s own anchor is only its words');
  const server = await serveBuild(outDir);
  try {
    const response = await fetch(`${server.url}/news/hello-world.md`);
    assert.is(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.match((await fetch(`${server.url}/llms.txt`)).headers.get('content-type') ?? '', /^text\/plain/);
  } finally {
    await server.close();
  }
});

test('a warm build keeps the twins of the pages it reuses, and rewrites the edited one and its line of llms.txt', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  assert.match(await read(outDir, 'llms.txt'), ': A post whose picture sits beside it, in its own folder.');
  await edit(root, 'content/pages/news/a-picture/index.md', 'This post is a folder', 'This post, edited, is a folder');
  await edit(root, 'content/pages/news/a-picture/index.md', 'description: A post whose picture', 'description: A post, retold, whose picture');
  // In the same process, as dev's rebuilds are: what one build made of a page is not taken for the next's.
  const second = await buildSite({ root, outDir, now: NOW });
  assert.ok(second.rendered < second.pages.length, 'pages were reused');
  assert.match(await read(outDir, 'news/a-picture.md'), 'This post, edited, is a folder');
  assert.match(await read(outDir, 'news/hello-world.md'), '# Hello, world', 'a reused page keeps its twin');
  const llms = await read(outDir, 'llms.txt');
  assert.match(llms, '[A picture from the newsroom](https://');
  assert.match(llms, ': A post, retold, whose picture sits beside it, in its own folder.');
  assert.not.match(llms, ': A post whose picture');
});

test('llms-full.txt is written only while every twin fits in fullLimit', async () => {
  const root = await newsSite();
  await edit(root, 'sitegen.config.ts', "import { defineConfig, defineIntegration, feeds, sitemap } from 'sitegen/config';", "import { agents, defineConfig, defineIntegration, feeds, sitemap } from 'sitegen/config';");
  await edit(root, 'sitegen.config.ts', 'integrations: [feeds(), sitemap(), newsPage()],', 'integrations: [feeds(), sitemap(), newsPage(), agents({ fullLimit: 2000 })],');
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  assert.not.ok(existsSync(path.join(outDir, 'llms-full.txt')), 'the English twins are more than 2,000 bytes');
  assert.not.match(await read(outDir, 'llms.txt'), 'llms-full.txt');
  assert.match(await read(outDir, 'news/hello-world.md'), '# Hello, world', 'the twins are there all the same');
});

test('the integration turns off as a whole or in parts; a section naming no page is the integration\'s error', async () => {
  const root = await newsSite();
  const config = path.join(root, 'sitegen.config.ts');
  const source = await readFile(config, 'utf8');
  await edit(root, 'sitegen.config.ts', 'integrations: [feeds(), sitemap(), newsPage()],', 'integrations: [feeds(), sitemap(), newsPage()],\n  builtIn: { agents: false },');
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  for (const file of ['llms.txt', 'news/hello-world.md', '.well-known/ard.json']) assert.not.ok(existsSync(path.join(outDir, file)), file);
  assert.not.match(await read(outDir, 'news/hello-world.html'), /text\/markdown|ai-catalog/);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(config, source.replace("import { defineConfig, defineIntegration, feeds, sitemap } from 'sitegen/config';", "import { agents, defineConfig, defineIntegration, feeds, sitemap } from 'sitegen/config';")
    .replace('integrations: [feeds(), sitemap(), newsPage()],', "integrations: [feeds(), sitemap(), newsPage(), agents({ twins: false, sections: { Posts: ['/news/hello-world', '/nowhere'] } })],"));
  try {
    await buildSite({ root, outDir, now: NOW });
    assert.unreachable('the build succeeded');
  } catch (error) {
    assert.instance(error, SiteErrors);
    const [fault] = (error as SiteErrors).errors;
    assert.match(fault.message, 'the integration agents failed in its buildDone hook');
    assert.match(fault.message, 'sections.Posts names /nowhere');
  }
});

test('a Markdown page\'s twin is its Markdown as written: code verbatim, addresses absolute under the base path, a component as Markdown', async () => {
  const root = await newsSite();
  await edit(root, 'content/site.yaml', /^/, 'basePath: /blog\ntrailingSlash: always\n');
  const post = [
    '---', 'template: post', 'title: Written twice', 'description: A post read by people and by agents.', 'date: 2026-11-10', '---', '',
    'Read [the picture](./a-picture/index.md) and [the first post][first], or [below](#code).', '',
    '![The newsroom](./a-picture/newsroom.png)', '',
    'A line with `<!--more-->` and `a  *b*` in code, and a note.[^1]', '',
    '<!--more-->', '',
    '## Code', '',
    '```ts title="src/client.ts" {2}', 'const client = new Client ( { retries: 3 } ) ;', 'use acme:: Client ;', '```', '',
    '::: Callout', 'link: /search', 'label: Search the site', '---', 'Looking for **more**? See [the list](./index.md).', ':::', '',
    '[first]: ./hello-world.md "The first"', '',
    '[^1]: The note, with [a link](./hello-world.md).', '',
  ].join('\n');
  await writeFile(path.join(root, 'content/pages/news/written-twice.md'), post);
  const { outDir } = await buildSite({ root, now: NOW, cache: false });
  const twin = await read(outDir, 'news/written-twice.md');
  const base = 'https://www.example.com/blog';
  assert.ok(twin.startsWith('# Written twice\n\n> A post read by people and by agents.\n\n2026-11-10\n\n'), twin);
  assert.match(twin, `Read [the picture](${base}/news/a-picture/) and [the first post][first], or [below](${base}/news/written-twice/#code).`);
  assert.match(twin, `[first]: ${base}/news/hello-world/ "The first"`);
  assert.match(twin, `[^1]: The note, with [a link](${base}/news/hello-world/).`);
  assert.match(twin, 'A line with `<!--more-->` and `a  *b*` in code', 'inline code as written');
  assert.not.match(twin, /^<!--more-->$/m, 'the summary mark says nothing to a reader');
  assert.match(twin, 'src/client.ts\n\n```ts\nconst client = new Client ( { retries: 3 } ) ;\nuse acme:: Client ;\n```\n', 'the code block verbatim, its title the line before it');
  assert.match(twin, `Looking for **more**? See [the list](${base}/news/).\n\n[Search the site](${base}/search/)`, 'the Callout as Markdown');
  assert.not.match(twin, /:::|label:|<\w/, 'no block syntax and no HTML');
  // Every address in it is served by the build: the image is the file the page shows.
  const image = /!\[The newsroom\]\((\S+)\)/.exec(twin)?.[1];
  assert.match(image ?? '', /^https:\/\/www\.example\.com\/blog\/assets\/img\/newsroom-\w+-\d+\.\w+$/);
  for (const link of linksIn(twin)) {
    const { pathname } = new URL(link);
    const file = path.join(outDir, decodeURIComponent(pathname).replace(/^\/blog/, '').replace(/\/$/, '/index.html'));
    assert.ok(existsSync(file), `${link} is in the build (${file})`);
  }
});

test('a page whose Markdown holds raw HTML, and a list page, are their HTML as Markdown: no tag of the body reaches the twin', async () => {
  const root = await newsSite();
  await edit(root, 'content/pages/news/hello-world.md', 'A post is a Markdown file', 'A <span onclick="alert(1)">post</span> <script>alert(2)</script>is a Markdown file');
  const { outDir } = await buildSite({ root, now: NOW, cache: false });
  const twin = await read(outDir, 'news/hello-world.md');
  assert.match(twin, 'A post is a Markdown file');
  assert.not.match(twin, /<span|<script|onclick|alert/);
  // The news list is the posts it lists, not only the words of its own Markdown.
  const list = await read(outDir, 'news.md');
  assert.match(list, `[A picture from the newsroom](https://www.example.com/news/a-picture)`);
});

test('every fenced code block of the news and docs starters is in its page\'s twin byte for byte, with its language', async () => {
  const { copyStarter } = await import('../helpers/starter.ts');
  const { readdir } = await import('node:fs/promises');
  let blocks = 0;
  for (const starter of ['news', 'docs'] as const) {
    const root = await copyStarter(starter, `sitegen-twin-code-${starter}-`);
    const { outDir, pages } = await buildSite({ root, now: NOW });
    const routes = new Map(pages.map((page) => [page.file, page.route]));
    const files = (await readdir(path.join(root, 'content', 'pages'), { recursive: true })).map(String).filter((file) => file.endsWith('.md'));
    for (const file of files) {
      const source = await readFile(path.join(root, 'content', 'pages', file), 'utf8');
      const route = routes.get(`content/pages/${file}`);
      for (const [, , language, code] of source.matchAll(/^(`{3,})(\w*)[^\n]*\n([\s\S]*?)\n\1$/gm)) {
        assert.ok(route, `${file} is a page`);
        const twin = await read(outDir, route === '/' ? 'index.md' : `${route!.slice(1)}.md`);
        assert.ok(twin.includes(`\`\`\`${language}\n${code}\n\`\`\``), `${starter} ${file}: the block of ${language || 'text'} is in its twin as written:\n${code}\n--- twin:\n${twin}`);
        blocks++;
      }
    }
  }
  assert.ok(blocks >= 5, `${blocks} code blocks found`);
});

test.run();
