import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/site.ts';
import { copyStarter, initStarter } from '../helpers/starter.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { composeFile, listEditable, openFile } from '../../src/edit/edit-files.ts';
import { schemaOf } from '../../src/edit/edit-schemas.ts';

/**
 * The browser editor works with this site and the three starters as they are: every content file opens with the
 * schema the build checks it with, and comes back byte for byte when saved unchanged.
 */
async function everyFileOpens(root: string, name: string): Promise<void> {
  const files = listEditable(root);
  assert.ok(files.some((entry) => entry.kind === 'site'), `${name}: site.yaml is listed`);
  assert.ok(files.filter((entry) => entry.kind === 'page').length >= 2, `${name}: its pages are listed`);
  for (const entry of files) {
    const opened = openFile(root, entry);
    assert.is(opened.problem, undefined, `${name}: ${entry.path} opens`);
    const schema = await schemaOf(root, entry, opened.values);
    // A data file may be a list (this site's logos); every other file is a mapping.
    if (entry.kind !== 'other') assert.ok(schema && ['object', 'array'].includes((schema as { type?: string }).type!), `${name}: ${entry.path} has its schema`);
    if (entry.kind === 'page') assert.type(entry.route, 'string', `${name}: ${entry.path} says the page it becomes`);
    const again = composeFile(entry, opened.text, { values: opened.values, ...(opened.body === undefined ? {} : { body: opened.body }) });
    assert.is(again, opened.text, `${name}: ${entry.path} saved unchanged is the same bytes`);
  }
}

test('this site', async () => {
  await everyFileOpens(REPO_ROOT, 'this site');
});

test('the basic starter', async () => {
  await everyFileOpens(await initStarter('basic', 'sitegen-edit-basic-'), 'basic');
});

test('the news starter', async () => {
  await everyFileOpens(await copyStarter('news', 'sitegen-edit-news-'), 'news');
});

test('the docs starter', async () => {
  await everyFileOpens(await copyStarter('docs', 'sitegen-edit-docs-'), 'docs');
});

test('two sites opened in one process: each file gets its own site\'s template schema, never the last site\'s', async () => {
  const fixture = await copyFixture('basic');
  const propertiesOf = async (root: string, file: string) => {
    const entry = listEditable(root).find((each) => each.path === file)!;
    return Object.keys((await schemaOf(root, entry, openFile(root, entry).values) as { properties: Record<string, unknown> }).properties);
  };
  for (let round = 0; round < 2; round++) {
    assert.ok((await propertiesOf(REPO_ROOT, 'content/pages/index.yaml')).includes('hero'), 'this site\'s home page: its template\'s keys');
    assert.ok((await propertiesOf(fixture, 'content/pages/about.yaml')).includes('heading'), 'the fixture\'s about page: its own template\'s keys');
  }
});

test.run();
