/**
 * The JSON Schemas that editors' tools (VS Code's YAML extension) check
 * content against while it is typed: one per page template (sitegen's page
 * keys and the template's together), one for every page file that picks the
 * template by its `template` key (or is a `copyOf`), and one for site.yaml.
 * Made from the zod schemas by zod's own converter: a refinement such as
 * link() or asset() becomes a plain string there, checked by the build only.
 */
export type Json = Record<string, unknown>;

export interface SchemaSources {
  pageCore: unknown;
  siteCore: unknown;
  layout: unknown;
  pages: Readonly<Record<string, unknown>>;
}

const DRAFT = 'http://json-schema.org/draft-07/schema#';

/** File name (relative to the schemas folder; templates/NAME.schema.json for each template) → schema. `toJson` is zod's converter, called with the options the editors' tools read (draft 7, input shapes). */
export function editorSchemas(sources: SchemaSources, convert: (schema: unknown) => Json): Record<string, Json> {
  const toJson = (schema: unknown) => withStandardFormats(convert(schema)) as Json;
  const core = toJson(sources.pageCore);
  const names = Object.keys(sources.pages);
  const files: Record<string, Json> = {};
  const definitions: Json = {};
  for (const name of names) {
    const template = { ...propertiesOf(core).template as Json, const: name };
    const page = merge(core, toJson(sources.pages[name]), { template });
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
  files['site.schema.json'] = { $schema: DRAFT, title: 'The whole site: content/site.yaml', ...merge(toJson(sources.siteCore), toJson(sources.layout)) };
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
