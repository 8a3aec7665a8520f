/**
 * `sitegen dev` and a site's integrations: a file an integration names in
 * `watch` rebuilds the site with its hooks when it changes, and so does an
 * edit of sitegen.config.ts itself.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
    'export default defineConfig({ integrations: [people()] });',
    '',
  ].join('\n'));
  session = await quietDev(root);
});

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

test.run();
