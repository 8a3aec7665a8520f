/**
 * The `schemas` hook's step: when the content's schemas change, each is
 * converted to JSON Schema (zod's own converter, draft 7, the shapes an
 * editor writes) and handed to the integrations that have the hook, which
 * write into ROOT/.sitegen/schemas/ (the built-in schemas integration
 * writes the files VS Code's YAML extension reads there). They are made
 * from the compiled templates (and sitegen.config.ts, which the bundle
 * carries), so the hook runs again only when those changed: the file
 * `made-from` names the template bundle they came from (and stamps
 * sitegen's part), and a build whose bundle is the same (the common case)
 * reads that one line and stops.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ZodType } from 'zod';
import type { SiteTemplates } from '../model.ts';
import { schemasKeyOf } from '../cache/ledger.ts';
import { EDITOR_KEY } from '../template-api/editor-key.ts';
import { listFiles, toPosix } from '../files.ts';
import { throwIfAny, type SiteError } from '../errors.ts';
import type { JsonSchema, SchemasContext } from '../integrations/api.ts';

/** What runs the integrations' `schemas` hook: src/pipeline/hook-runner.ts's, for the site's integrations. */
type SchemasRunner = { schemas(context: Omit<SchemasContext, 'write'>, write: SchemasContext['write'], errors: SiteError[]): Promise<void> };

/** sitegen's sources that shape the schemas besides the templates (its own page and site keys, the conversion): a change to them makes them again. */
const GENERATOR_SOURCES = ['src/emit/editor-schemas.ts', 'src/integrations/schemas.ts', 'src/core-schemas.ts'];

const SCHEMAS_DIR = path.join('.sitegen', 'schemas');
const MADE_FROM = 'made-from';

/**
 * Runs the integrations' `schemas` hook unless the schemas of this template bundle were made already; returns
 * whether it ran. A hook's error fails the build, as the integration's.
 */
export async function emitEditorSchemas(
  root: string, moduleFile: string, templates: () => Promise<Pick<SiteTemplates, 'layout' | 'pages' | 'config'>>,
  hooksOf: (config: unknown) => Promise<SchemasRunner>,
): Promise<boolean> {
  const dir = path.join(root, SCHEMAS_DIR);
  const madeFrom = `${schemasKeyOf(moduleFile, GENERATOR_SOURCES)}\n`;
  if (await readFile(path.join(dir, MADE_FROM), 'utf8').catch(() => undefined) === madeFrom) return false;
  const loaded = await templates();
  const [hooks, withHints] = await Promise.all([hooksOf(loaded.config), jsonSchemasOf(loaded)]);
  // The browser editor's drawing hints are its own: a strict validator (ajv) refuses a keyword it does not know.
  const converted = withoutEditorHints(withHints) as typeof withHints;
  const errors: SiteError[] = [];
  const written = new Set<string>();
  await mkdir(dir, { recursive: true });
  await hooks.schemas({ root, page: converted.page, site: converted.site, layout: converted.layout, templates: converted.templates }, async (file, contents) => {
    written.add(file);
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await replaceFile(path.join(dir, file), contents);
  }, errors);
  throwIfAny(errors);
  // What no integration wrote this time (a removed template's schema, a turned-off integration's files) goes.
  const stale = listFiles(dir).map(toPosix).filter((file) => file !== MADE_FROM && !written.has(file));
  await Promise.all(stale.map((file) => rm(path.join(dir, file), { force: true })));
  await replaceFile(path.join(dir, MADE_FROM), madeFrom);
  return true;
}

/**
 * The content's schemas as JSON Schema (zod's converter, draft 7, the shapes an editor writes): sitegen's page and
 * site keys, the layout's, each template's and each data file's. The `schemas` hook and the browser editor's forms
 * (src/edit/) are made from them.
 */
export async function jsonSchemasOf(loaded: Pick<SiteTemplates, 'layout' | 'pages'> & Partial<Pick<SiteTemplates, 'data' | 'markdown'>>): Promise<{
  page: JsonSchema; site: JsonSchema; layout: JsonSchema; templates: Record<string, JsonSchema>; data: Record<string, JsonSchema>;
  /** The components a Markdown body may name (`::: Name`), each its props' schema and whether it takes a body. */
  components: Record<string, { props: JsonSchema; body: boolean }>;
}> {
  // Imported only here: a build whose templates did not change never needs zod's converter.
  const [{ z }, { pageCoreSchema, siteCoreSchema }] = await Promise.all([import('zod'), import('../core-schemas.ts')]);
  const toJson = (schema: unknown) => withStandardFormats(z.toJSONSchema(schema as ZodType, { io: 'input', target: 'draft-7', unrepresentable: 'any' })) as JsonSchema;
  const each = (schemas: Readonly<Record<string, unknown>>) => Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, toJson(schema)]));
  return {
    page: toJson(pageCoreSchema), site: toJson(siteCoreSchema), layout: toJson(loaded.layout.schema),
    templates: each(Object.fromEntries(Object.entries(loaded.pages).map(([name, template]) => [name, template.schema]))),
    data: each(loaded.data ?? {}),
    // A lower-case entry is the site's own part of Markdown (`code`: what each code block shows), not a block an editor writes.
    components: Object.fromEntries(Object.entries(loaded.markdown ?? {}).filter(([name]) => /^[A-Z]/.test(name))
      .map(([name, component]) => [name, { props: toJson(component.schema), body: component.body === true }])),
  };
}

async function replaceFile(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

function withoutEditorHints(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEditorHints);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== EDITOR_KEY).map(([key, item]) => [key, withoutEditorHints(item)]));
}

/** JSON Schema's own formats; zod also writes its checks' names (`includes`, `starts_with`), which validators refuse or ignore. */
const FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6',
  'uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
]);

function withStandardFormats(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStandardFormats);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value)
    .filter(([key, item]) => !(key === 'format' && typeof item === 'string' && !FORMATS.has(item)))
    .map(([key, item]) => [key, withStandardFormats(item)]));
}
