/**
 * One escaper per output format, used by everything that writes that
 * format: HTML and XML (pages, the fallback and redirect pages, feeds,
 * sitemaps, cards' SVG), text inside an inline script or style, Markdown as
 * CommonMark reads it back (llms.txt, the Markdown twins, agent skills), and
 * text for an operator's terminal. It imports nothing, so that the
 * integration API (src/integrations/api.ts) can hand it on as it is.
 */

// HTML and XML

/** Text or an attribute value made safe for HTML (and XML), escaped the way React escapes them. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** The text escapeHtml (or React, or marked) escaped, back as it was: in one pass, so `&amp;lt;` stays `&lt;`. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => UNESCAPES[name]);
}

const UNESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

/** Text with every character reference decoded: numeric, and the named ones editors and React write (`&copy;`, `&nbsp;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…', copy: '©', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

/** Text as XML 1.0 can hold it at all: without the controls, U+FFFE, U+FFFF and lone surrogates it cannot (an SVG for a card). */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '');
}

const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text of an inline script or style as the page holds it: it cannot close its own element (and is hashed as written so). */
export function inlineText(tag: 'script' | 'style', content: string): string {
  return content.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

// Markdown

/*
 * Values written into Markdown the way a CommonMark parser reads them back: the counterpart of escapeXml for the
 * Markdown sitegen and integrations write (llms.txt, agent skills). A value from content (a title, a description, a
 * route) can then never end a link, start a heading or a list, or add a line.
 */
/** Characters with a meaning anywhere in a line (emphasis, code, links, HTML, strikethrough, an escape), and `&` that starts an entity. */
const INLINE = /[\\`*_[\]<~]|&(?=#?[a-z0-9]+;)/gi;
const HAS_INLINE = /[\\`*_[\]<~&]/;
/** What makes a line a heading, a quote, a list item or a thematic break when it starts it. */
const LINE_START = /^([#>+-]|\d{1,9}[.)])(?=[ \t]|$)/;
/** The start of what GFM makes a link by itself: a scheme's `://`, `www.`, or an e-mail address's `@`. */
const AUTOLINK = /\b(?:https?|ftp):(?=\/\/)|\bwww\.|(?<=[\w.+-])@(?=[\w-]+\.)/gi;
/** Anything markdownText would change: a character with a meaning, a control, two spaces, white space at an end, an autolink's start. */
const NEEDS_CARE = /[\\`*_[\]<~&\u0000-\u001f\u007f-\u009f\u2028\u2029]| {2}|^\s|\s$|:\/\/|www\.|@/i;
/** Line breaks and other control characters, which a one-line value must not carry. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Text on one line, read back as exactly these characters: every line break and control character a space, runs of
 * spaces one, each character with a meaning inline backslash-escaped (most titles have none: tested first), and a
 * start that would open a block escaped too.
 */
export function markdownText(text: string): string {
  // Most titles and descriptions need nothing: one test says so (llms.txt asks twice a page, 10,000 times at 5,000 pages).
  if (!NEEDS_CARE.test(text) && !/^[#>+\-\d]/.test(text)) return text;
  const line = text.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();
  let escaped = markdownInline(line);
  // An address in the words would be a link to a GFM parser (an autolink literal): written so that it is only words.
  if (AUTOLINK.test(escaped)) escaped = escaped.replace(AUTOLINK, (start) => start.replace(/[:.]/, '\\$&'));
  return markdownLineStart(escaped);
}

/** Words within a line, as they are (not trimmed: a run of text between two tags), each character with a meaning inline escaped. */
export function markdownInline(text: string): string {
  return HAS_INLINE.test(text) ? text.replace(INLINE, '\\$&') : text;
}

/** A line whose start would open a block (a heading, a quote, a list item, a break) escaped at that start. */
export function markdownLineStart(line: string): string {
  return LINE_START.test(line) ? line.replace(LINE_START, (start) => start.replace(/[#>+\-.)]/, '\\$&')) : line;
}

const UNSAFE_IN_URL = /[\s()<>\\\u0000-\u001f\u007f]/g;

/**
 * An address as a link's destination: characters that would end it or break its line (white space, parentheses,
 * angle brackets, a backslash, controls) percent-encoded; the address means the same to a browser.
 */
export function markdownUrl(url: string): string {
  return url.replace(UNSAFE_IN_URL, (char) => (char.charCodeAt(0) < 128 ? `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(char)));
}

/** `[words](address)`, both escaped. */
export function markdownLink(words: string, url: string): string {
  return `[${markdownText(words)}](${markdownUrl(url)})`;
}

// An operator's terminal

/**
 * The characters a terminal acts on rather than shows: C0 controls, DEL, C1
 * controls (U+009B is a one-character escape sequence) and the
 * bidirectional overrides that make a line read other than it is.
 */
const UNPRINTABLE = /[\0-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside (a visitor's form field, a stored line) made safe to
 * print to an operator's terminal: each character a terminal would act on
 * is written as its escape (`\x1b`, `\u202e`), so a stored ESC sequence
 * cannot recolour, retitle or rewrite the screen. `keep` lists the
 * characters that are data where this goes (a CSV field's line breaks).
 */
export function printable(text: string, keep = ''): string {
  return text.replace(UNPRINTABLE, (char) => {
    if (keep.includes(char)) return char;
    const code = char.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** JSON whose every character a terminal acts on is a \u escape: JSON.stringify leaves DEL, C1 and the bidi overrides raw. */
export function printableJson(value: unknown, space?: number): string {
  // C0 controls in strings are escaped by JSON.stringify already; those left are its own line breaks.
  return JSON.stringify(value, null, space).replace(/[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
