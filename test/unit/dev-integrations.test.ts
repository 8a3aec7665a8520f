/**
 * `sitegen dev` and a site's integrations: a file an integration names in
 * `watch` rebuilds the site with its hooks when it changes, and so does an
 * edit of sitegen.config.ts itself; an edited page is served, and open tabs
 * reloaded, before the integrations' site-wide files are made.
 */
import http from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DevSession } from '../../src/dev/dev.ts';
import { quietDev } from '../helpers/dev-session.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { waitUntil } from '../helpers/wait-until.ts';

let root: string;
let session: DevSession | undefined;

test.before(async () => {
  root = await copyFixture('basic');
  await mkdir(path.join(root, 'data'));
  await writeFile(path.join(root, 'data', 'people.json'), '["Ada"]');
  await writeFile(path.join(root, 'sitegen.config.ts'), [
    "import { readFileSync } from 'node:fs';",
    "import { defineConfig, defineIntegration } from 'sitegen/config';",
    '',
    'const people = defineIntegration({ name: \'people\', setup: () => ({',
    "  watch: ['data/people.json'],",
    `  files: () => ({ 'people.txt': 'People: ' + (JSON.parse(readFileSync(${JSON.stringify(path.join(root, 'data', 'people.json'))}, 'utf8')) as string[]).join(', ') + '\\n' }),`,
    '}) });',
    '',
    // Its step after the build waits while the gate file is away: the test holds a rebuild there.
    "import { existsSync } from 'node:fs';",
    'const slow = defineIntegration({ name: \'slow\', setup: () => ({',
    `  buildDone: async () => { for (let waited = 0; waited < 10_000 && !existsSync(${JSON.stringify(gate())}); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10)); },`,
    '}) });',
    '',
    'export default defineConfig({ integrations: [people(), slow()] });',
    '',
  ].join('\n'));
  await writeFile(gate(), 'open');
  session = await quietDev(root);
});

/** While this file is away, the site's `slow` integration holds each build in its buildDone. */
const gate = () => path.join(root, 'gate');

test.after(async () => {
  await session?.close();
});

const people = () => readFile(path.join(session!.outDir, 'people.txt'), 'utf8').catch(() => '');

test('a file an integration watches rebuilds the site with its hooks; an edit of sitegen.config.ts does too', async () => {
  assert.is(await people(), 'People: Ada\n');
  const log = console.log;
  console.log = () => undefined;
  try {
    await writeFile(path.join(root, 'data', 'people.json'), '["Ada", "Grace"]');
    await waitUntil(async () => (await people()) === 'People: Ada, Grace\n', 'people.txt to follow data/people.json', { timeoutMs: 5000 });
    await edit(root, 'sitegen.config.ts', "'People: '", "'Team: '");
    await waitUntil(async () => (await people()) === 'Team: Ada, Grace\n', 'people.txt to follow sitegen.config.ts', { timeoutMs: 5000 });
  } finally {
    console.log = log;
  }
});

test('an edited page is served, and open tabs told to reload, while the integrations still make the site-wide files; once', async () => {
  // The last test's rebuilds done first: one of them held at the gate would hold this edit's behind it.
  await session!.idle();
  const events = await openEvents(session!.server.url);
  const log = console.log;
  console.log = () => undefined;
  try {
    await rm(gate());
    await edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: About the edited fixture');
    await waitUntil(() => events.text().includes('event: reload'), 'a reload while buildDone waits at the gate', { timeoutMs: 5000 });
    const page = await (await fetch(`${session!.server.url}/about`)).text();
    assert.match(page, 'About the edited fixture', 'the tab reloads into the edited page');
    await writeFile(gate(), 'open');
    await session!.idle();
    assert.is(events.text().split('event: reload').length - 1, 1, 'one reload for one edit');
  } finally {
    console.log = log;
    events.close();
    await writeFile(gate(), 'open');
  }
});

/** The live-reload stream, as a tab holds it: what it has received so far. */
function openEvents(base: string): Promise<{ text(): string; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/__sitegen/events`, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk) => { text += chunk; });
      resolve({ text: () => text, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

test.run();
