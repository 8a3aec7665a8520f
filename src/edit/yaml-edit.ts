/**
 * The browser editor's save: a YAML document (a data file, site.yaml, a
 * page's front matter) given the values it should now hold, written as a
 * person would have changed it. The `yaml` package's Document keeps the
 * comments, key order and quoting of every node, but printing a whole
 * document again moves what no one changed (long strings folded, flow
 * lists spaced, sequences indented its own way: 22 of this repository's 48
 * content files print differently). So only the smallest node that changed
 * is printed again, and spliced into the source at its own range:
 *
 * - a scalar's new value, in its old style (plain, quoted, a block `|`);
 * - a map whose keys were added or removed: the removed key's lines go, an
 *   added key is written under the last one, at the map's indentation;
 * - a list whose length changed, a flow collection (`[a, b]`), or a value
 *   that changed its kind (text → list): that node, printed again in place.
 *
 * Nothing changed: the source comes back as it was, byte for byte. The
 * result is parsed again and must hold exactly the values asked for, else
 * the edit is refused (an error, never a file that says something else).
 */
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar, type Node, type Pair, type ToStringOptions, type YAMLMap, type YAMLSeq } from 'yaml';
import { CORE_SCHEMA, load as yamlLoad } from 'js-yaml';
import { isDeepStrictEqual } from 'node:util';

interface Splice {
  start: number;
  end: number;
  text: string;
}

/** The YAML source changed to hold `next`, touching only what differs from what it holds now. */
export function editYaml(source: string, next: unknown): string {
  const current = source.trim() === '' ? {} : yamlLoad(source, { schema: CORE_SCHEMA });
  if (isDeepStrictEqual(normal(current ?? {}), normal(next))) return source;
  const doc = parseDocument(source, { keepSourceTokens: false, uniqueKeys: false });
  if (doc.errors.length > 0) throw new Error(`the file's YAML cannot be read: ${doc.errors[0].message}`);
  const options = printOptions(source);
  const splices: Splice[] = [];
  if (!doc.contents || !doc.contents.range) {
    // An empty document: the values are all there is.
    return source + print(next, options);
  }
  patch(source, doc.contents as Node, current, next, splices, options, -2);
  const edited = apply(source, splices);
  let check: unknown;
  try {
    check = edited.trim() === '' ? {} : yamlLoad(edited, { schema: CORE_SCHEMA });
  } catch {
    check = undefined;
  }
  if (!isDeepStrictEqual(normal(check ?? {}), normal(next))) {
    const anchored = /(^|[\s[{,])&[^\s,[\]{}]+/m.test(source);
    throw new Error(anchored
      ? 'this change would also change a value the file shares through a YAML anchor (&name … *name): change it in a text editor'
      : 'this change could not be written without changing other values of the file: change it in a text editor');
  }
  return edited;
}

/** Undefined keys dropped, as the form sends them and YAML cannot hold them. */
function normal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normal);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined).map(([key, item]) => [key, normal(item)]));
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

function isScalarValue(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** How the source indents a list under a key (`key:\n  - a`, the default, or `key:\n- a`); no folding of long lines. */
function printOptions(source: string): ToStringOptions {
  const flush = /^( *)[^\s#][^\n]*:[ \t]*\n\1- /m.test(source);
  const indented = /^( *)[^\s#][^\n]*:[ \t]*\n\1 +- /m.test(source);
  return { lineWidth: 0, minContentWidth: 0, flowCollectionPadding: false, indentSeq: indented || !flush };
}

/**
 * `owner`: the column of what holds the node (its key, or its list's dash); a block written for it is indented two
 * more.
 */
function patch(
  source: string, node: Node, before: unknown, after: unknown, splices: Splice[], options: ToStringOptions, owner: number, inFlow = false,
): void {
  if (isDeepStrictEqual(normal(before), normal(after))) return;
  if (isScalar(node) && isScalarValue(after)) return void splices.push(scalarSplice(source, node, after, options, owner, inFlow));
  const flow = inFlow || ((isMap(node) || isSeq(node)) && !!node.flow);
  if (isMap(node) && isPlainObject(after) && isPlainObject(before) && Object.values(after).some((value) => value !== undefined)) {
    // In a flow map (`{ src: x, alt: "" }`) only the values may change in place; a key added or removed prints it again.
    if (!flow) return patchMap(source, node, before, after, splices, options);
    if (sameKeys(before, after)) {
      for (const pair of node.items as Pair[]) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (pair.value && (pair.value as Node).range) patch(source, pair.value as Node, before[key], after[key], splices, options, owner, true);
        else return void splices.push(nodeSplice(source, node, after, options, owner, flow));
      }
      return;
    }
  }
  if (isSeq(node) && !flow && Array.isArray(after) && Array.isArray(before) && before.length > 0 && after.length > 0 && after.length !== before.length) {
    return patchSeq(source, node, before, after, splices, options);
  }
  if (isSeq(node) && Array.isArray(after) && Array.isArray(before) && after.length === before.length && after.length > 0) {
    node.items.forEach((item, index) => {
      const dash = columnOf(source, (item as Node).range![0]) - 2;
      patch(source, item as Node, before[index], after[index], splices, options, flow ? owner : dash, flow);
    });
    return;
  }
  splices.push(nodeSplice(source, node, after, options, owner, flow));
}

/**
 * A block list whose length changed, item by item: the items both hold stay as they are (their comments with them),
 * a removed item's lines go, a new item is written where it stands, and an item moved keeps its own text.
 */
function patchSeq(source: string, seq: YAMLSeq, before: unknown[], after: unknown[], splices: Splice[], options: ToStringOptions): void {
  const same = (a: unknown, b: unknown) => isDeepStrictEqual(normal(a), normal(b));
  // The longest run of items in order that both lists hold (lists in content files are short).
  const table = before.map(() => new Array<number>(after.length + 1).fill(0));
  table.push(new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      table[i][j] = same(before[i], after[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const items = seq.items as Node[];
  const spans = items.map((item) => itemSpan(source, item));
  const dash = columnOf(source, spans[0].dash);
  const textOf = (value: unknown) => {
    const moved = before.findIndex((old) => same(old, value));
    if (moved !== -1) return source.slice(spans[moved].start, spans[moved].end).replace(/\n?$/, '\n');
    return indentLines(print([value], options), ' '.repeat(dash), true);
  };
  let i = 0;
  let j = 0;
  const removed: number[] = [];
  const added: number[] = [];
  const flush = (at: number) => {
    // Items replaced at the same place are changed in place; what is left over is removed or written new.
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) patch(source, items[removed[k]], before[removed[k]], after[added[k]], splices, options, dash);
    for (const index of removed.slice(paired)) splices.push({ start: spans[index].start, end: spans[index].end, text: '' });
    const fresh = added.slice(paired);
    const text = fresh.map((index) => textOf(after[index])).join('');
    // At the end of a file that has no final line break, the new items start on a line of their own.
    if (fresh.length > 0) splices.push({ start: at, end: at, text: at > 0 && source[at - 1] !== '\n' ? `\n${text.replace(/\n$/, '')}` : text });
    removed.length = 0;
    added.length = 0;
  };
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && same(before[i], after[j])) {
      flush(spans[i].start);
      i++;
      j++;
    } else if (j >= after.length || (i < before.length && table[i + 1][j] >= table[i][j + 1])) {
      removed.push(i++);
    } else {
      added.push(j++);
    }
  }
  flush(spans[spans.length - 1].end);
}

/** A block list item's lines: from its dash's line to the end of its value's last line. */
function itemSpan(source: string, item: Node): { start: number; end: number; dash: number } {
  const valueStart = item.range![0];
  const dash = source.lastIndexOf('-', valueStart - 1);
  const start = source.lastIndexOf('\n', dash - 1) + 1;
  const end = lineEndAfter(source, isScalar(item) ? item.range![1] : blockEnd(source, valueStart, item.range![1]));
  return { start, end, dash };
}

function sameKeys(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const defined = (value: Record<string, unknown>) => Object.keys(value).filter((key) => value[key] !== undefined).sort();
  return isDeepStrictEqual(defined(before), defined(after));
}

function patchMap(source: string, map: YAMLMap, before: Record<string, unknown>, after: Record<string, unknown>, splices: Splice[], options: ToStringOptions): void {
  const pairs = map.items as Pair[];
  const keyOf = (pair: Pair) => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key));
  pairs.forEach((pair, index) => {
    const key = keyOf(pair);
    const keyColumn = columnOf(source, (pair.key as Node).range![0]);
    if (!(key in after) || after[key] === undefined) {
      splices.push(removePair(source, pair, pairs[index + 1]));
    } else if (pair.value && (pair.value as Node).range) {
      patch(source, pair.value as Node, before[key], after[key], splices, options, keyColumn);
    } else {
      // `key:` with nothing after it (null): the value is written after the colon.
      const keyEnd = (pair.key as Node).range![1];
      const colon = source.indexOf(':', keyEnd);
      splices.push({ start: colon + 1, end: colon + 1, text: valueAfterKey(after[key], options, keyColumn) });
    }
  });
  const known = new Set(pairs.map(keyOf));
  const added = Object.entries(after).filter(([key, value]) => !known.has(key) && value !== undefined);
  if (added.length === 0) return;
  const last = pairs[pairs.length - 1];
  const indent = ' '.repeat(columnOf(source, (last?.key as Node | undefined)?.range?.[0] ?? map.range![0]));
  const at = last ? lineEndAfter(source, endOfPair(last)) : map.range![0];
  const text = added.map(([key, value]) => indentLines(print({ [key]: value }, options), indent, true)).join('');
  splices.push({ start: at, end: at, text: at > 0 && source[at - 1] !== '\n' ? `\n${text.replace(/\n$/, '')}` : text });
}

function endOfPair(pair: Pair): number {
  const value = pair.value as Node | null;
  return value?.range ? value.range[1] : (pair.key as Node).range![1];
}

/**
 * A pair's lines, from its key's line to its value's end. The first pair of a list item (`- title: …`) keeps the
 * dash: the next pair moves up to it.
 */
function removePair(source: string, pair: Pair, following: Pair | undefined): Splice {
  const keyStart = (pair.key as Node).range![0];
  const lineStart = source.lastIndexOf('\n', keyStart - 1) + 1;
  if (/^\s*(-\s+)+$/.test(source.slice(lineStart, keyStart)) && following) {
    return { start: keyStart, end: (following.key as Node).range![0], text: '' };
  }
  return { start: lineStart, end: lineEndAfter(source, endOfPair(pair)), text: '' };
}

/** The offset just after the line break that ends the line holding `offset - 1` (or the end of the source). */
function lineEndAfter(source: string, offset: number): number {
  if (offset > 0 && source[offset - 1] === '\n') return offset;
  const newline = source.indexOf('\n', offset);
  return newline === -1 ? source.length : newline + 1;
}

function columnOf(source: string, offset: number): number {
  return offset - (source.lastIndexOf('\n', offset - 1) + 1);
}

/** A scalar's new value in its old style, at its own range; a block scalar (`|`, `>`) or a value with line breaks as a block. */
function scalarSplice(source: string, node: Scalar, value: unknown, options: ToStringOptions, owner: number, inFlow: boolean): Splice {
  const [start, valueEnd] = node.range!;
  const block = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED;
  if (typeof value === 'string' && inFlow && value.includes('\n')) {
    // No block inside a flow collection: the line breaks are written as \n in double quotes.
    const scalar = new Scalar(value);
    scalar.type = Scalar.QUOTE_DOUBLE;
    return { start, end: valueEnd, text: printNode(scalar, { ...options, doubleQuotedMinMultiLineLength: Infinity }).trimEnd() };
  }
  if (typeof value === 'string' && (block || value.includes('\n'))) {
    const indent = ' '.repeat(Math.max(0, owner + 2));
    const end = blockEnd(source, start, valueEnd);
    // A comment after a one-line value (`name: X  # why`) would end up inside the block: it goes after the block's `|`.
    const lineEnd = source.indexOf('\n', end) === -1 ? source.length : source.indexOf('\n', end);
    const comment = /^[ \t]+(#.*)$/.exec(source.slice(end, lineEnd))?.[1];
    const text = blockScalar(value, indent);
    return comment === undefined ? { start, end, text } : { start, end: lineEnd, text: text.replace(/^[^\n]*/, (header) => `${header} ${comment}`) };
  }
  const scalar = new Scalar(value);
  if (typeof value === 'string' && !block) scalar.type = node.type;
  return { start, end: valueEnd, text: printNode(scalar, options).trimEnd() };
}

/** Where a block scalar's text ends: its last line's break is the line's, not the value's, so the next key stays on its line. */
function blockEnd(source: string, start: number, valueEnd: number): number {
  let end = valueEnd;
  while (end > start && source[end - 1] === '\n') end--;
  return end;
}

/** A literal block, `|`, `|-` or `|+` by how the text ends; its lines at `indent`. */
function blockScalar(value: string, indent: string): string {
  const trailing = /\n*$/.exec(value)![0].length;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const body = value.slice(0, value.length - trailing);
  const lines = body.split('\n').map((line) => (line === '' ? '' : indent + line));
  // A first line that starts with a space needs its indentation said.
  const header = `|${/^ /.test(body) ? String(indent.length) : ''}${chomp}`;
  return [header, ...lines].join('\n') + (chomp === '+' ? '\n'.repeat(trailing - 1) : '');
}

/** A node printed again at its own place: its first line where it starts, the next ones at its column. */
function nodeSplice(source: string, node: Node, value: unknown, options: ToStringOptions, owner: number, flow = false): Splice {
  const [start, valueEnd] = node.range!;
  const printed = (flow ? printFlow(value, options) : print(value, options)).replace(/\n$/, '');
  const multiline = printed.includes('\n') || ((isPlainObject(value) || Array.isArray(value)) && !/^[[{]/.test(printed));
  const end = isScalar(node) ? valueEnd : blockEnd(source, start, valueEnd);
  // What stands before the node on its line: a key (`key: `) puts a block on the next line; a list's dash does not.
  const before = source.slice(source.lastIndexOf('\n', start - 1) + 1, start).trim();
  const onKeyLine = before !== '' && !/^-$/.test(before);
  if (multiline && onKeyLine) {
    // Was `key: text`, is now a block list or map: it starts on the next line, under the key.
    const indent = ' '.repeat(Math.max(0, owner + 2));
    return { start, end, text: '\n' + indentLines(printed, indent, true).replace(/\n$/, '') };
  }
  const indent = ' '.repeat(columnOf(source, start));
  return { start, end, text: indentLines(printed, indent, false).replace(/\n$/, '') };
}

/** The value for `key:` that had none: on the key's line, or below it when it is a block. */
function valueAfterKey(value: unknown, options: ToStringOptions, keyColumn: number): string {
  const printed = print(value, options).replace(/\n$/, '');
  if (!printed.includes('\n') && !((isPlainObject(value) || Array.isArray(value)) && !/^[[{]/.test(printed))) return ` ${printed}`;
  const indent = ' '.repeat(keyColumn + 2);
  return '\n' + indentLines(printed, indent, true).replace(/\n$/, '');
}

function indentLines(text: string, indent: string, first: boolean): string {
  return text.split('\n').map((line, index) => (line === '' || (index === 0 && !first) ? line : indent + line)).join('\n') + (text.endsWith('\n') ? '' : '\n');
}

function print(value: unknown, options: ToStringOptions): string {
  return new Document(value).toString(options);
}

/** A value as one flow collection or scalar on one line (`{ src: x, alt: "" }` stays so). */
function printFlow(value: unknown, options: ToStringOptions): string {
  const doc = new Document();
  doc.contents = doc.createNode(value, { flow: true });
  return doc.toString({ ...options, doubleQuotedMinMultiLineLength: Infinity }).trimEnd();
}

function printNode(node: Node, options: ToStringOptions): string {
  const doc = new Document();
  doc.contents = node;
  return doc.toString(options);
}

function apply(source: string, splices: Splice[]): string {
  let out = source;
  for (const splice of [...splices].sort((a, b) => b.start - a.start)) out = out.slice(0, splice.start) + splice.text + out.slice(splice.end);
  return out;
}

