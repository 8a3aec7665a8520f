import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { buildSite } from '../../src/pipeline.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { endpoint, webAddress } from '../../src/template-api/index.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { copyRepoSite, tempDir } from '../helpers/site.ts';

const HOSTILE = ['javascript:alert(1)', 'JavaScript://example.com/%0Aalert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'];

const buildErrors = (root: string) => buildSite({ root }).then(
  (): SiteErrors => assert.unreachable('the build succeeded') as never,
  (caught: SiteErrors) => caught,
);

test('webAddress() takes https:// addresses of the web, and nothing that runs or embeds', () => {
  assert.ok(webAddress().safeParse('https://www.linkedin.com/in/someone').success, 'a profile');
  for (const value of [...HOSTILE, 'http://www.linkedin.com/in/someone', 'https://localhost/x', '/about']) {
    assert.not.ok(webAddress().safeParse(value).success, `refused: ${value}`);
  }
});

test('a profile link on About that is not https:// fails the build at its line', async () => {
  const root = await tempDir('sitegen-about-');
  await copyRepoSite(root);
  const keyFile = /^\s+publicKey:\s*(\S+)/m.exec(await readFile(path.join(root, 'content/site.yaml'), 'utf8'))?.[1];
  if (keyFile) {
    await mkdir(path.dirname(path.join(root, keyFile)), { recursive: true });
    await writeFile(path.join(root, keyFile), generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }));
  }
  const about = path.join(root, 'content/pages/about.yaml');
  const source = await readFile(about, 'utf8');
  const first = /^(\s+profile:\s*)(\S+)/m.exec(source);
  assert.ok(first, 'About lists profiles');
  await writeFile(about, source.replace(first![0], `${first![1]}"javascript:alert(1)"`));
  const error = await buildErrors(root);
  const found = error.errors.find((item) => item.location?.file === 'content/pages/about.yaml');
  assert.ok(found, `an error in about.yaml: ${error.errors.map((item) => item.message).join('; ')}`);
  assert.match(found!.field ?? '', /profile$/);
  assert.match(found!.message, 'https://');
  assert.is(found!.location?.line, source.slice(0, first!.index).split('\n').length, 'the line of the profile');
});

test('endpoint() takes a path on the site or an http(s) address, and nothing that runs', () => {
  for (const value of ['/api/contact', 'https://api.example.com/contact']) assert.ok(endpoint().safeParse(value).success, value);
  for (const value of [...HOSTILE, '//evil.example/x', 'contact']) assert.not.ok(endpoint().safeParse(value).success, `refused: ${value}`);
});

test("the site's api.contactUrl and api.loginUrl (the layout's keys) refuse a javascript: URL at their line", async () => {
  const root = await tempDir('sitegen-api-urls-');
  await copyRepoSite(root);
  await edit(root, 'content/site.yaml', /contactUrl: \S+/, 'contactUrl: "javascript:alert(1)"');
  await edit(root, 'content/site.yaml', /loginUrl: \S+/, 'loginUrl: "data:text/html,x"');
  const error = await buildErrors(root);
  assert.equal(error.errors.map((item) => `${item.location?.file} ${item.field}`), ['content/site.yaml api.contactUrl', 'content/site.yaml api.loginUrl']);
});

test('site.yaml url must be http(s)', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/site.yaml', 'url: https://fixture.example', 'url: "javascript://fixture.example/%0Aalert(1)"');
  const error = await buildErrors(root);
  assert.equal(error.errors.map((item) => item.field), ['url']);
});

test.run();
