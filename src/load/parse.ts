import { CORE_SCHEMA, YAMLException, load as yamlLoad } from 'js-yaml';
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import { SiteError } from '../errors.ts';
import type { RawDoc } from '../model.ts';

export type { RawDoc };

/**
 * Parses one YAML or Markdown file; throws a SiteError (with position) on a
 * syntax error. The data comes from js-yaml (YAML 1.2 core schema, an order
 * of magnitude faster than `yaml` on small documents); the `yaml` package's
 * source positions are only computed when an error needs a location.
 */
export function parseContentFile(file: string, source: string): RawDoc {
  if (/\.(md|markdown)$/i.test(file)) return parseMarkdown(file, source);
  const data = loadYaml(file, source, 0);
  return { file, kind: 'yaml', source, data: data ?? {}, locate: locator(source, 0) };
}

/**
 * `---` on the first line, YAML, `---` on a line of its own, then the body.
 * Split by hand: gray-matter did the same in 30 µs a page (its option
 * handling and caching, for formats we do not accept) against 2 µs here, a
 * tenth of a large build's parse time.
 */
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

function parseMarkdown(file: string, source: string): RawDoc {
  const match = FRONT_MATTER.exec(source);
  const frontMatter = match?.[1] ?? '';
  // The front matter starts on line 2, after the opening `---`.
  const frontMatterOffset = 1;
  const data = match ? loadYaml(file, frontMatter, frontMatterOffset) ?? {} : {};
  return {
    file, kind: 'markdown', source, data, body: match ? source.slice(match[0].length) : source,
    locate: locator(frontMatter, frontMatterOffset),
  };
}

function loadYaml(file: string, source: string, lineOffset: number): unknown {
  try {
    return yamlLoad(source, { schema: CORE_SCHEMA, filename: file });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    throw new SiteError('yaml-syntax', `YAML syntax error: ${error.reason}`, {
      location: { file, line: error.mark.line + 1 + lineOffset, column: error.mark.column + 1 },
      hint: 'check the indentation and the quotes around this line; a value containing ": " needs quotes',
      cause: error,
    });
  }
}

/** The `yaml` package, loaded the first time an error needs a position (most builds never do). */
let yamlPackage: typeof import('yaml') | undefined;
const yaml = () => (yamlPackage ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

/** Finds positions by parsing the source again with `yaml`, once, and only when asked. */
function locator(source: string, lineOffset: number): RawDoc['locate'] {
  let parsed: { doc: Document.Parsed; lineCounter: LineCounter } | undefined;
  return (fieldPath, key) => {
    if (!parsed) {
      const { LineCounter, parseDocument } = yaml();
      const lineCounter = new LineCounter();
      parsed = { doc: parseDocument(source, { lineCounter, uniqueKeys: false }), lineCounter };
    }
    return locateIn(parsed.doc, parsed.lineCounter, fieldPath, key, lineOffset);
  };
}

/** The position of the deepest node that exists on the path (the key itself for an unknown key). */
function locateIn(
  doc: Document.Parsed, lineCounter: LineCounter, fieldPath: readonly PropertyKey[], key: string | undefined, lineOffset: number,
): { line: number; column: number } {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: unknown = doc.contents;
  for (const segment of fieldPath) {
    if (!isMap(node) && !isSeq(node)) break;
    const next = node.get(segment, true);
    if (next === undefined) break;
    node = next;
  }
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === key);
    if (pair && isScalar(pair.key)) node = pair.key;
  }
  const range = (node as Node | null)?.range;
  const { line, col } = lineCounter.linePos(range ? range[0] : 0);
  return { line: line + lineOffset, column: col };
}

