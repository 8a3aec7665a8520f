/**
 * Writes the editors' JSON Schemas (./json-schemas.ts) into
 * ROOT/.sitegen/schemas/, where the committed .vscode/settings.json points
 * VS Code's YAML extension. They are made from the compiled templates, so
 * they are written again only when those changed: the file `made-from`
 * names the template bundle they came from (and stamps sitegen's part), and
 * a build whose bundle is the same (the common case) reads that one line
 * and stops.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ZodType } from 'zod';
import type { SiteTemplates } from '../model.ts';
import { schemasKeyOf } from '../cache/ledger.ts';
import { editorSchemas, type Json } from './json-schemas.ts';

/**
 * sitegen's sources that shape the schemas besides the templates (its own
 * page and site keys, the conversion): a change to them writes them again.
 */
const GENERATOR_SOURCES = ['src/emit/json-schemas.ts', 'src/emit/editor-schemas.ts', 'src/core-schemas.ts'];

export const EDITOR_SCHEMAS_DIR = path.join('.sitegen', 'schemas');
const MADE_FROM = 'made-from';

/** Writes the schemas unless those of this template bundle are there already; returns whether it wrote them. */
export async function emitEditorSchemas(
  root: string, moduleFile: string, templates: () => Promise<Pick<SiteTemplates, 'layout' | 'pages'>>,
): Promise<boolean> {
  const dir = path.join(root, EDITOR_SCHEMAS_DIR);
  const madeFrom = `${schemasKeyOf(moduleFile, GENERATOR_SOURCES)}\n`;
  if (await readFile(path.join(dir, MADE_FROM), 'utf8').catch(() => undefined) === madeFrom) return false;
  // Imported only here: a build whose templates did not change never needs zod's converter.
  const [{ z }, { pageCoreSchema, siteCoreSchema }, loaded] = await Promise.all([import('zod'), import('../core-schemas.ts'), templates()]);
  const toJson = (schema: unknown) => z.toJSONSchema(schema as ZodType, { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as Json;
  const pages = Object.fromEntries(Object.entries(loaded.pages).map(([name, template]) => [name, template.schema]));
  const files = editorSchemas({ pageCore: pageCoreSchema, siteCore: siteCoreSchema, layout: loaded.layout.schema, pages }, toJson);
  await mkdir(path.join(dir, 'templates'), { recursive: true });
  // Each file is replaced whole (an editor may be reading it), and the schema of a removed template goes.
  await Promise.all(Object.entries(files).map(([name, schema]) => replaceFile(path.join(dir, name), JSON.stringify(schema, null, 2) + '\n')));
  const stale = (await readdir(path.join(dir, 'templates'))).map((name) => `templates/${name}`).filter((name) => !(name in files));
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  await replaceFile(path.join(dir, MADE_FROM), madeFrom);
  return true;
}

async function replaceFile(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}
