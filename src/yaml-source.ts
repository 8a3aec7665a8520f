/**
 * YAML as content holds it: parsed with js-yaml (YAML 1.2 core schema, an
 * order of magnitude faster than `yaml` on small documents), a syntax error
 * thrown as a SiteError at the file's line, and positions found with the
 * `yaml` package only when an error needs one. Shared by the load stage
 * (whole files, front matter) and the validate stage (a component block's
 * props inside a Markdown body).
 */
import { CORE_SCHEMA, YAMLException, load as yamlLoad } from 'js-yaml';
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import { SiteError } from './errors.ts';
import type { RawDoc } from './model.ts';

/**
 * A piece of YAML inside a file (a component block's props in a Markdown
 * body) that starts after `lineOffset` lines of it: parsed, and located,
 * at the file's own lines.
 */
export function parseYamlIn(file: string, source: string, lineOffset: number): RawDoc {
  return { file, kind: 'yaml', source, data: loadYaml(file, source, lineOffset) ?? {}, locate: locator(source, lineOffset) };
}

export function loadYaml(file: string, source: string, lineOffset: number): unknown {
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
export function locator(source: string, lineOffset: number): RawDoc['locate'] {
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

