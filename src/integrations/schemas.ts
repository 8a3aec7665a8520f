/**
 * The JSON Schemas that editors' tools (VS Code's YAML extension) check
 * content against while it is typed, written into .sitegen/schemas/, where
 * the committed .vscode/settings.json points the extension: one per page
 * template (sitegen's page keys and the template's together), one for every
 * page file that picks the template by its `template` key (or is a
 * `copyOf`), and one for site.yaml. The build hands the `schemas` hook the
 * schemas as JSON Schema whenever they change (a template's, the site's,
 * sitegen's own keys); a site turns these files off with
 * `builtIn: { schemas: false }`.
 */
import { defineIntegration, type JsonSchema, type SchemasContext } from './api.ts';

type Json = JsonSchema;

const DRAFT = 'http://json-schema.org/draft-07/schema#';

export const schemas = defineIntegration({
  name: 'schemas',
  setup: () => ({
    schemas: async (context) => {
      // Each file is replaced whole (an editor may be reading it); the schema of a removed template goes with it.
      for (const [name, schema] of Object.entries(editorSchemas(context))) await context.write(name, JSON.stringify(schema, null, 2) + '\n');
    },
  }),
});

/** File name (relative to the schemas folder; templates/NAME.schema.json for each template) → schema. */
export function editorSchemas(sources: Pick<SchemasContext, 'page' | 'site' | 'layout' | 'templates'>): Record<string, Json> {
  const core = sources.page;
  const names = Object.keys(sources.templates);
  const files: Record<string, Json> = {};
  const definitions: Json = {};
  for (const name of names) {
    const template = { ...propertiesOf(core).template as Json, const: name };
    const page = merge(core, sources.templates[name], { template });
    files[`templates/${name}.schema.json`] = { $schema: DRAFT, title: `A page of template ${name} (templates/pages/${name}.tsx)`, ...page };
    Object.assign(definitions, hoist(page, name));
  }
  definitions.copyOf = copySchema(core);
  files['page.schema.json'] = {
    $schema: DRAFT,
    title: 'A page: content/pages/NAME.yaml',
    type: 'object',
    properties: {
      template: { ...propertiesOf(core).template as Json, enum: names },
      copyOf: (definitions.copyOf as { properties: Json }).properties.copyOf,
    },
    anyOf: [{ required: ['template'] }, { required: ['copyOf'] }],
    // The template key picks the schema of the rest of the file.
    allOf: [
      { if: { required: ['copyOf'] }, then: { $ref: '#/definitions/copyOf' } },
      ...names.map((name) => ({
        if: { required: ['template'], properties: { template: { const: name } } },
        then: { $ref: `#/definitions/${name}` },
      })),
    ],
    definitions,
  };
  files['site.schema.json'] = { $schema: DRAFT, title: 'The whole site: content/site.yaml', ...merge(sources.site, sources.layout) };
  return files;
}

function propertiesOf(schema: Json): Json {
  return (schema.properties ?? {}) as Json;
}

/** Two object schemas whose keys share one mapping (sitegen's and a template's). */
function merge(first: Json, second: Json, overrides: Json = {}): Json {
  const { $schema: _a, ...own } = second;
  const strict = first.additionalProperties === false && own.additionalProperties === false;
  return {
    ...own,
    type: 'object',
    properties: { ...propertiesOf(first), ...propertiesOf(own), ...overrides },
    required: [...new Set([...(first.required as string[] ?? []), ...(own.required as string[] ?? [])])],
    ...(strict ? { additionalProperties: false } : { additionalProperties: undefined }),
  };
}

/** A page that shows another page's content: `copyOf: /route` and optionally its own page keys. */
function copySchema(core: Json): Json {
  const { template: _template, ...keys } = propertiesOf(core);
  return {
    type: 'object',
    properties: { copyOf: { type: 'string', pattern: '^/', description: 'the route of the page whose content this one shows, such as /botshieldai' }, ...keys },
    required: ['copyOf'],
    additionalProperties: false,
  };
}

/**
 * A schema moved under `definitions/NAME` of another, with its own
 * definitions (zod writes them for recursive shapes) moved beside it and
 * its references renamed to match.
 */
function hoist(schema: Json, name: string): Json {
  const { definitions = {}, $schema: _ignored, ...rest } = schema as Json & { definitions?: Json };
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key,
      key === '$ref' && typeof item === 'string' ? item.replace(/^#(\/definitions\/)?/, (_match, inner) => (inner ? `#/definitions/${name}.` : `#/definitions/${name}`)) : rename(item)]));
  };
  const moved: Json = { [name]: rename(rest) };
  for (const [key, value] of Object.entries(definitions)) moved[`${name}.${key}`] = rename(value);
  return moved;
}
