/**
 * EDITING.md stays true to the templates: its table names every template
 * in templates/pages/ and every key that template requires, as the schema
 * the build writes says.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../../src/files.ts';
import { REPO_ROOT, buildRealSite } from '../helpers/site.ts';

const PAGE_KEYS = ['template', 'title', 'description', 'canonical', 'image', 'sitemap', 'noindex'];

test('the editing guide lists every template with the keys it requires', async () => {
  await buildRealSite();
  const guide = await readFile(path.join(REPO_ROOT, 'EDITING.md'), 'utf8');
  const templates = listFiles(path.join(REPO_ROOT, 'templates/pages'), { recursive: false }).filter((file) => file.endsWith('.tsx'));
  assert.ok(templates.length > 5, 'found the templates');
  for (const file of templates) {
    const name = file.replace(/\.tsx$/, '');
    const row = guide.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    assert.ok(row, `EDITING.md has no row for the template ${name}`);
    const schema = JSON.parse(await readFile(path.join(REPO_ROOT, '.sitegen/schemas/templates', `${name}.schema.json`), 'utf8'));
    const required = (schema.required as string[]).filter((key) => !PAGE_KEYS.includes(key) && key !== 'body');
    for (const key of required) assert.ok(row.includes(`\`${key}\``), `EDITING.md does not say that ${name} needs ${key}`);
  }
});

test('the guide\'s example files exist', async () => {
  const guide = await readFile(path.join(REPO_ROOT, 'EDITING.md'), 'utf8');
  const named: Array<[string, string]> = [
    ['`content/pages/sso.yaml`', 'content/pages/sso.yaml'], ['`content/site.yaml`', 'content/site.yaml'],
    ['`ztna.yaml`', 'content/pages/ztna.yaml'], ['`content/private/`', 'content/private/license.yaml'],
  ];
  for (const [mention, file] of named) {
    assert.match(guide, mention);
    await readFile(path.join(REPO_ROOT, file)).catch(() => assert.unreachable(`${file} is missing`));
  }
});

test.run();
