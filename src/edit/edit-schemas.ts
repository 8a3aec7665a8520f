/**
 * The schema the editor makes a file's form from: the one the build checks
 * the file with, as JSON Schema (the same the `schemas` hook hands to
 * editors' tools): a page's is sitegen's page keys with its template's, a
 * data file's is templates/data.ts's for it, site.yaml's is sitegen's site
 * keys with the layout's. A file no schema describes (content/private/…)
 * gets none, and the form follows its values.
 */
import { jsonSchemasOf } from '../emit/editor-schemas.ts';
import { editorSchemas } from '../integrations/schemas.ts';
import { loadTemplates, prepareTemplates } from '../render/compile-templates.ts';
import { dataNameOf } from '../data-files.ts';
import type { JsonSchema } from '../integrations/api.ts';
import type { EditEntry } from './edit-files.ts';

/** The last templates' schemas, by their compiled bundle (a new bundle when a template changes). */
let last: { moduleFile: string; schemas: Promise<Converted> } | undefined;
type Converted = Awaited<ReturnType<typeof jsonSchemasOf>> & { files: Record<string, JsonSchema> };

async function schemasOf(root: string): Promise<Converted> {
  const { moduleFile } = await prepareTemplates(root);
  if (last?.moduleFile !== moduleFile) {
    const schemas = (async () => {
      const converted = await jsonSchemasOf(await loadTemplates(moduleFile));
      return { ...converted, files: editorSchemas(converted) };
    })();
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
  if (entry.kind === 'site') return schemas.files['site.schema.json'];
  if (entry.kind === 'data') return schemas.data[dataNameOf(entry.path.slice('content/data/'.length))];
  const own = values && typeof values === 'object' ? values as Record<string, unknown> : {};
  const template = typeof own.template === 'string' ? own.template : entry.format === 'markdown' ? 'markdown' : undefined;
  return (template && schemas.files[`templates/${template}.schema.json`]) || schemas.files['page.schema.json'];
}
