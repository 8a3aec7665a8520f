/**
 * The schema the editor makes a file's form from: the one the build checks
 * the file with, as JSON Schema (src/emit/editor-schemas.ts converts them,
 * as for the `schemas` hook): a page's is sitegen's page keys with its
 * template's, a data file's is templates/data.ts's for it, site.yaml's is
 * sitegen's site keys with the layout's. A file no schema describes
 * (content/private/…) gets none, and the form follows its values.
 */
import { jsonSchemasOf } from '../emit/editor-schemas.ts';
import { loadTemplates, prepareTemplates } from '../render/compile-templates.ts';
import { dataNameOf } from '../data-files.ts';
import type { JsonSchema } from '../integrations/api.ts';
import type { EditEntry } from './edit-files.ts';

type Converted = Awaited<ReturnType<typeof jsonSchemasOf>>;

/** The last templates' schemas, by their compiled bundle (a new bundle when a template changes). */
let last: { moduleFile: string; schemas: Promise<Converted> } | undefined;
/**
 * Each site root's last compile record: its sources unmoved, the bundle is taken as it is instead of compiled again.
 * By root: a record names its own site's files, and another site's, unmoved, would hand over that site's templates.
 */
const compiled = new Map<string, Awaited<ReturnType<typeof prepareTemplates>>['memo']>();

async function schemasOf(root: string): Promise<Converted> {
  const prepared = await prepareTemplates(root, compiled.get(root));
  compiled.set(root, prepared.memo);
  const { moduleFile } = prepared;
  if (last?.moduleFile !== moduleFile) {
    const schemas = (async () => jsonSchemasOf(await loadTemplates(moduleFile)))();
    last = { moduleFile, schemas };
    schemas.catch(() => { if (last?.schemas === schemas) last = undefined; });
  }
  return last.schemas;
}

/** The components a Markdown body of this site may name, for the editor's "Insert a component". */
export async function componentsOf(root: string): Promise<Converted['components']> {
  return (await schemasOf(root)).components;
}

export async function schemaOf(root: string, entry: EditEntry, values: unknown): Promise<JsonSchema | undefined> {
  if (entry.kind === 'other') return undefined;
  const schemas = await schemasOf(root);
  if (entry.kind === 'site') return merged(schemas.site, schemas.layout);
  if (entry.kind === 'data') return schemas.data[dataNameOf(entry.path.slice('content/data/'.length))];
  const own = values && typeof values === 'object' ? values as Record<string, unknown> : {};
  const name = typeof own.template === 'string' ? own.template : entry.format === 'markdown' ? 'markdown' : undefined;
  const template = name === undefined ? undefined : schemas.templates[name];
  const names = Object.keys(schemas.templates);
  // Without a template it knows, the form offers sitegen's keys, the template a choice among the site's.
  if (!template) return merged(schemas.page, { type: 'object', properties: { template: { type: 'string', enum: names } } });
  return merged(schemas.page, template, { template: { type: 'string', const: name } });
}

/**
 * Two object schemas as one form: sitegen's keys, then the other's (a template's, the layout's), their required keys
 * together. The other's definitions stay at the top, where its references look for them.
 */
function merged(first: JsonSchema, second: JsonSchema, overrides: JsonSchema = {}): JsonSchema {
  const properties = (schema: JsonSchema) => (schema.properties ?? {}) as JsonSchema;
  const required = (schema: JsonSchema) => (schema.required ?? []) as string[];
  return {
    ...first, ...second, type: 'object',
    properties: { ...properties(first), ...properties(second), ...overrides },
    required: [...new Set([...required(first), ...required(second)])],
    ...(first.definitions || second.definitions ? { definitions: { ...(first.definitions as JsonSchema), ...(second.definitions as JsonSchema) } } : {}),
  };
}
