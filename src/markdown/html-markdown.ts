import { decodeEntities, markdownInline, markdownLineStart } from '../escape.ts';

/*
 * HTML to Markdown, for a page's Markdown (src/markdown/page-markdown.ts): one pass over the tags of HTML that
 * sitegen rendered itself (React's and the sanitiser's output: lower-case
 * tags, quoted attributes, entities for <, > and &), no tree built. It writes what a reader of the page gets: headings,
 * paragraphs, emphasis, code and fenced code with its language, lists
 * (nested and numbered), block quotes, links, images, tables, definition
 * lists and line breaks. Other elements pass their text through.
 *
 * Written here rather than with node-html-markdown, which the first Markdown
 * twins used: that builds a DOM of each page first (143 µs a page; a 5,000-page
 * build with twins took 1.62× one without); this takes 42 µs (1.30×,
 * bench/README.md).
 * Arbitrary HTML is not its input: it relies on the rendering's regularity.
 */
const BLOCK = new Set([
  'p', 'div', 'section', 'article', 'header', 'footer', 'aside', 'main', 'figure', 'figcaption', 'address', 'details', 'summary',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'table', 'tr', 'dl', 'dt', 'dd', 'hr', 'form', 'fieldset',
]);
const INLINE_MARKS: ReadonlyMap<string, string> = new Map([['strong', '**'], ['b', '**'], ['em', '_'], ['i', '_'], ['del', '~~'], ['s', '~~']]);

/**
 * Inline code as CommonMark reads it back verbatim: fenced by one backtick more than its longest run of them, with a
 * space inside each fence when it starts or ends with a backtick (or would lose a space at both ends).
 */
function codeSpan(text: string): string {
  const code = text.replace(/\n/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...[...code.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
  const pad = /^`|`$/.test(code) || (/^ .*[^ ].* $/.test(code)) ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}


const ATTRIBUTE = /([^\s=/]+)(?:="([^"]*)")?/g;
function attributeOf(attributes: string, name: string): string | undefined {
  for (const [, key, value] of attributes.matchAll(ATTRIBUTE)) if (key.toLowerCase() === name) return decodeEntities(value ?? '');
  return undefined;
}

const BREAK = '\u0000';

interface ListFrame { ordered: boolean; index: number }

/** The Markdown of an HTML fragment. */
export function htmlToMarkdown(html: string): string {
  const out: string[] = [];
  // The words of the current block, gathered inline, then written with the block's prefix.
  let line = '';
  // A list item's marker, waiting for the item's first words.
  let marker = '';
  const lists: ListFrame[] = [];
  let pre: { lang: string; text: string } | undefined;
  let table: { rows: string[][] } | undefined;
  let cell: string[] | undefined;
  const links: { href?: string; start: number }[] = [];
  let heading = 0;
  let quotes = 0;

  const prefix = () => '> '.repeat(quotes);
  const indent = () => '   '.repeat(Math.max(0, lists.length - 1));
  const flush = () => {
    const text = line.replace(/[ \t\n]+/g, ' ').replace(/ ?\u0000 ?/g, BREAK).trim();
    line = '';
    if (!text) return;
    if (cell) {
      cell.push(text.replaceAll(BREAK, ' '));
      return;
    }
    const lead = heading ? `${'#'.repeat(heading)} ` : marker;
    const body = heading || marker ? text : markdownLineStart(text);
    const continued = `${prefix()}${lists.length > 0 ? indent() + (marker ? '' : '   ') : ''}`;
    out.push(`${prefix()}${lists.length > 0 ? indent() : ''}${lead}${body.replaceAll(BREAK, `  \n${continued}`)}`);
    marker = '';
  };
  const blank = () => {
    flush();
    const empty = prefix().trimEnd();
    if (out.length > 0 && out.at(-1) !== empty && lists.length === 0) out.push(empty);
  };

  // Inline elements set side by side (lines of an address, shown as blocks by the stylesheet) keep their words apart;
  // never in code, whose highlighting spans sit side by side within one token's worth of text (`Client(`).
  const spaced = html.split(/(<pre\b[\s\S]*?<\/pre>|<code\b[\s\S]*?<\/code>)/i).map((part, index) => (index % 2 === 1 ? part
    : part.replace(/<\/(span|strong|b|em|i|a|time|small)>(?=<(?:span|strong|b|em|i|a|time|small)\b)/g, '</$1> '))).join('');
  // Inline code, gathered verbatim (no escape works inside a code span) and fenced once it closes.
  let code: string | undefined;
  for (const match of spaced.matchAll(/([^<]+)|<(\/?)([a-zA-Z][\w-]*)([^>]*)>|<!--[\s\S]*?-->|</g)) {
    const [whole, text, closing, rawName, attributes] = match;
    if (text !== undefined || (whole === '<')) {
      const words = decodeEntities(text ?? '<');
      if (pre) pre.text += words;
      else if (code !== undefined) code += words;
      else line += markdownInline(words);
      continue;
    }
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (pre && !(closing && name === 'pre')) continue; // the code's own markup (highlighting spans, marked lines)
    if (name === 'code') {
      if (!closing) code = '';
      else if (code !== undefined) {
        line += codeSpan(code);
        code = undefined;
      }
      continue;
    }
    if (code !== undefined) continue; // markup inside inline code: its text is the code
    // Inline marks are the same on both sides of their words.
    const mark = INLINE_MARKS.get(name);
    if (mark !== undefined) {
      line += mark;
      continue;
    }
    if (!closing) {
      switch (name) {
        case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
          blank();
          heading = Number(name[1]);
          break;
        case 'br':
          line += BREAK;
          break;
        case 'hr':
          blank();
          out.push(`${prefix()}---`);
          blank();
          break;
        case 'pre': {
          blank();
          const language = /language-([\w-]+)/.exec(spaced.slice(match.index!, match.index! + 300))?.[1] ?? '';
          pre = { lang: language, text: '' };
          break;
        }
        case 'a':
          links.push({ href: attributeOf(attributes, 'href'), start: line.length });
          break;
        case 'img': {
          const src = attributeOf(attributes, 'src');
          if (src) line += `![${markdownInline(attributeOf(attributes, 'alt') ?? '')}](${src})`;
          break;
        }
        case 'ul': case 'ol':
          flush();
          if (lists.length === 0) blank();
          lists.push({ ordered: name === 'ol', index: Number(attributeOf(attributes, 'start') ?? '1') - 1 });
          break;
        case 'li': {
          flush();
          const list = lists.at(-1);
          if (list) {
            list.index++;
            marker = list.ordered ? `${list.index}. ` : '- ';
          }
          break;
        }
        case 'blockquote':
          blank();
          quotes++;
          break;
        case 'table':
          blank();
          table = { rows: [] };
          break;
        case 'tr':
          table?.rows.push([]);
          break;
        case 'th': case 'td':
          flush();
          cell = [];
          break;
        case 'dt':
          blank();
          line += '**';
          break;
        case 'dd':
          blank();
          break;
        default:
          if (BLOCK.has(name)) blank();
      }
      continue;
    }
    switch (name) {
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
        flush();
        heading = 0;
        blank();
        break;
      case 'pre':
        if (pre) {
          const code = pre.text.replace(/\n$/, '');
          const fence = code.includes('```') ? '````' : '```';
          out.push(...[`${fence}${pre.lang}`, ...code.split('\n'), fence].map((text) => `${prefix()}${text}`));
          pre = undefined;
          blank();
        }
        break;
      case 'a': {
        const link = links.pop();
        if (link?.href) {
          const words = line.slice(link.start);
          line = `${line.slice(0, link.start)}[${words.trim() || link.href}](${link.href})`;
        }
        break;
      }
      case 'ul': case 'ol':
        flush();
        lists.pop();
        if (lists.length === 0) blank();
        break;
      case 'li':
        flush();
        marker = '';
        break;
      case 'blockquote':
        flush();
        // The quote's last paragraph left a quoted empty line: it ends here instead.
        if (out.at(-1) === prefix().trimEnd()) out.pop();
        quotes = Math.max(0, quotes - 1);
        blank();
        break;
      case 'th': case 'td':
        flush();
        if (cell && table) table.rows.at(-1)?.push(cell.join(' ').replace(/\|/g, '\\|'));
        cell = undefined;
        break;
      case 'table':
        if (table && table.rows.length > 0) {
          const width = Math.max(...table.rows.map((row) => row.length));
          const rows = table.rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]);
          const [head, ...body] = rows;
          out.push(`| ${head.join(' | ')} |`, `|${' --- |'.repeat(width)}`, ...body.map((row) => `| ${row.join(' | ')} |`));
        }
        table = undefined;
        blank();
        break;
      case 'dt':
        line += '**';
        flush();
        break;
      default:
        if (BLOCK.has(name)) blank();
    }
  }
  flush();
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
