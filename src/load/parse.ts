import { SiteError } from '../errors.ts';
import { binaryFileError } from '../site-reader.ts';
import type { RawDoc } from '../model.ts';
import { loadYaml, locator } from '../yaml-source.ts';

export type { RawDoc };

/**
 * Parses one YAML or Markdown file; throws a SiteError (with position) on a
 * syntax error (see ../yaml-source.ts).
 */
export function parseContentFile(file: string, source: string): RawDoc {
  // A NUL makes a binary file (bytes that are no UTF-8 are found as the file is read): said at its path, no byte printed.
  if (source.includes('\u0000')) throw binaryFileError(file);
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
export const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

function parseMarkdown(file: string, source: string): RawDoc {
  tooManyFootnotes(file, source);
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

/** The most footnotes one page may define: far past any page a visitor reads, and bounded so that a build is never held by one. */
const MAX_FOOTNOTES = 1_000;

/** A page with more footnote definitions than MAX_FOOTNOTES is an error at the first one past it (the footnote extension's time grows faster than their number). */
function tooManyFootnotes(file: string, source: string): void {
  const definitions = /^ {0,3}\[\^[^\]\n]+\]:/gm;
  let count = 0;
  for (let found = definitions.exec(source); found; found = definitions.exec(source)) {
    if (++count <= MAX_FOOTNOTES) continue;
    throw new SiteError('content', `holds more than ${MAX_FOOTNOTES} footnotes`, {
      location: { file, line: source.slice(0, found.index).split('\n').length },
      hint: 'split the page in several, or write the notes as a list at its end',
    });
  }
}
