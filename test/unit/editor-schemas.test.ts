/**
 * The JSON Schemas the build writes for editors' tools (VS Code's YAML
 * extension reads them through .vscode/settings.json): every content file
 * passes its schema, a typo fails it, and a template change reaches them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { listFiles } from '../../src/files.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { REPO_ROOT, buildRealSite } from '../helpers/site.ts';

const schemaFile = (root: string, name: string) => path.join(root, '.sitegen/schemas', name);

async function validator(root: string, name: string): Promise<ValidateFunction> {
  const ajv = new Ajv({ allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(await readFile(schemaFile(root, name), 'utf8')));
}

/** A content file's data as the build reads it: YAML, or Markdown front matter with the body as a key. */
async function contentData(root: string, file: string): Promise<Record<string, unknown>> {
  const source = await readFile(path.join(root, file), 'utf8');
  if (!file.endsWith('.md')) return loadYaml(source, { schema: CORE_SCHEMA }) as Record<string, unknown>;
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? '';
  return { template: 'markdown', ...loadYaml(frontMatter, { schema: CORE_SCHEMA }) as Record<string, unknown>, body: '<p>the body</p>' };
}

async function assertAllValid(root: string): Promise<void> {
  const page = await validator(root, 'page.schema.json');
  const pages = listFiles(path.join(root, 'content/pages')).map((file) => `content/pages/${file}`);
  assert.ok(pages.length > 3, 'found the pages');
  for (const file of pages) {
    assert.ok(page(await contentData(root, file)), `${file}: ${JSON.stringify(page.errors)}`);
  }
  const site = await validator(root, 'site.schema.json');
  assert.ok(site(await contentData(root, 'content/site.yaml')), `content/site.yaml: ${JSON.stringify(site.errors)}`);
}

test('every content file of the site passes the schema its build wrote', async () => {
  await buildRealSite();
  await assertAllValid(REPO_ROOT);
});

test('every content file of the fixture passes the schema its build wrote', async () => {
  const root = await copyFixture('basic');
  await buildSite({ root });
  await assertAllValid(root);
});

test('the schema refuses what the build refuses: a misspelt key, another template\'s key, a missing title', async () => {
  await buildRealSite();
  const page = await validator(REPO_ROOT, 'page.schema.json');
  const about = await contentData(REPO_ROOT, 'content/pages/about.yaml');
  const { description, ...misspelt } = about;
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a misspelt key', { ...misspelt, desciption: description }, 'desciption'],
    ['a key of the product template', { ...about, video: { src: '/x.mp4' } }, 'video'],
    ['no title', { ...about, title: undefined }, 'title'],
    ['an unknown template', { ...about, template: 'abuot' }, 'template'],
  ];
  for (const [what, data, key] of cases) {
    assert.not.ok(page(JSON.parse(JSON.stringify(data))), `${what} passed the schema`);
    assert.match(JSON.stringify(page.errors), key, `${what}: the errors do not name ${key}`);
  }
  const copy = await validator(REPO_ROOT, 'page.schema.json');
  assert.ok(copy({ copyOf: '/botshieldai', title: 'ZTNA' }), 'a copy with its own title');
  assert.not.ok(copy({ copyOf: '/botshieldai', heading: 'x' }), 'a copy with a template key');
});

test('a template schema change reaches the schemas at the next build; an unchanged build leaves them', async () => {
  const root = await copyFixture('basic');
  await buildSite({ root });
  const written = (await stat(schemaFile(root, 'page.schema.json'))).mtimeMs;
  await edit(root, 'content/pages/about.yaml', 'heading: About the fixture', 'heading: About, again');
  await buildSite({ root });
  assert.is((await stat(schemaFile(root, 'page.schema.json'))).mtimeMs, written, 'rewritten although no template changed');

  await edit(root, 'templates/pages/page.tsx', 'heading: z.string().min(1),', 'heading: z.string().min(1),\n  subtitle: z.string().optional(),');
  await buildSite({ root });
  const schema = JSON.parse(await readFile(schemaFile(root, 'page.schema.json'), 'utf8'));
  assert.ok(schema.definitions.page.properties.subtitle, 'the new key is in the schema');
  const standalone = JSON.parse(await readFile(schemaFile(root, 'templates/page.schema.json'), 'utf8'));
  assert.ok(standalone.properties.subtitle, 'the new key is in the template\'s own schema');
  await rm(path.join(root, 'templates/pages/markdown.tsx'));
  await rm(path.join(root, 'content/pages/café.md'));
  await rm(path.join(root, 'content/pages/docs/guide.md'));
  await edit(root, 'content/pages/index.yaml', /^  - \{ label: (Café|Guide).*\n/gm, '');
  await buildSite({ root });
  assert.not.ok(await stat(schemaFile(root, 'templates/markdown.schema.json')).then(() => true, () => false), 'the schema of a removed template stays');
});

test('the schemas are the built-in schemas integration\'s: turned off they go; a site\'s own gets every template\'s keys as JSON Schema', async () => {
  const root = await copyFixture('basic');
  await buildSite({ root });
  assert.ok(existsSync(schemaFile(root, 'page.schema.json')));
  const config = (body: string) => writeFile(path.join(root, 'sitegen.config.ts'), `import { defineConfig, defineIntegration } from 'sitegen/config';\n${body}\n`);
  await config('export default defineConfig({ builtIn: { schemas: false } });');
  await buildSite({ root });
  assert.not.ok(existsSync(schemaFile(root, 'page.schema.json')), 'the files of the integration turned off are removed');
  assert.not.ok(existsSync(schemaFile(root, 'templates/page.schema.json')));

  // An editing tool of the site's own: it is handed the keys of each template, sitegen's and the layout's.
  await config(`
const keys = defineIntegration({ name: 'keys', setup: () => ({ schemas: async ({ page, site, layout, templates, write }) => {
  await write('keys/templates.json', JSON.stringify(Object.fromEntries(Object.entries(templates).map(([name, schema]) => [name, Object.keys(schema.properties ?? {})]))));
  await write('keys/core.json', JSON.stringify({ page: Object.keys(page.properties ?? {}), site: Object.keys(site.properties ?? {}), layout: Object.keys(layout.properties ?? {}) }));
} }) });
export default defineConfig({ builtIn: { schemas: false }, integrations: [keys()] });`);
  await buildSite({ root });
  const templates = JSON.parse(await readFile(schemaFile(root, 'keys/templates.json'), 'utf8')) as Record<string, string[]>;
  assert.ok(templates.page.includes('heading'), `the page template's own key: ${templates.page}`);
  assert.ok(templates.markdown.includes('body'), `the markdown template's body: ${templates.markdown}`);
  const core = JSON.parse(await readFile(schemaFile(root, 'keys/core.json'), 'utf8')) as Record<string, string[]>;
  assert.ok(core.page.includes('title') && core.page.includes('template'), `sitegen's page keys: ${core.page}`);
  assert.ok(core.site.includes('url'), `sitegen's site keys: ${core.site}`);

  await config(`
const stray = defineIntegration({ name: 'stray', setup: () => ({ schemas: async ({ write }) => { await write('../../escape.json', '{}'); } }) });
export default defineConfig({ integrations: [stray()] });`);
  const caught = await buildSite({ root }).then(() => undefined, (error: SiteErrors) => error);
  assert.ok(caught instanceof SiteErrors, 'the build failed');
  assert.match(caught.errors[0].message, 'the integration stray failed in its schemas hook: "../../escape.json" is not a path inside the schemas folder');
  assert.match(caught.errors[0].location?.file ?? '', 'sitegen.config.ts');
  assert.not.ok(existsSync(path.join(root, 'escape.json')));
});

test('.vscode/settings.json points the YAML extension at the schemas the build writes', async () => {
  await buildRealSite();
  const settings = JSON.parse(await readFile(path.join(REPO_ROOT, '.vscode/settings.json'), 'utf8'));
  const schemas = settings['yaml.schemas'] as Record<string, string[]>;
  assert.equal(schemas['./.sitegen/schemas/page.schema.json'], ['content/pages/**/*.yaml', 'content/pages/**/*.yml']);
  assert.equal(schemas['./.sitegen/schemas/site.schema.json'], ['content/site.yaml']);
  for (const file of Object.keys(schemas)) {
    assert.ok((await stat(path.join(REPO_ROOT, file))).isFile(), `the build did not write ${file}`);
  }
});

test.run();
