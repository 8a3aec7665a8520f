/**
 * Values written into Markdown the way a CommonMark parser reads them back:
 * the counterpart of escape-html.ts for the Markdown sitegen writes (llms.txt,
 * agent skills). A value from content (a title, a description, a route) can
 * then never end a link, start a heading or a list, or add a line.
 */

/** Characters with a meaning anywhere in a line (emphasis, code, links, HTML, strikethrough, an escape), and `&` that starts an entity. */
const INLINE = /[\\`*_[\]<~]|&(?=#?[a-z0-9]+;)/gi;
const HAS_INLINE = /[\\`*_[\]<~&]/;
/** What makes a line a heading, a quote, a list item or a thematic break when it starts it. */
const LINE_START = /^([#>+-]|\d{1,9}[.)])(?=[ \t]|$)/;
/** The start of what GFM makes a link by itself: a scheme's `://`, `www.`, or an e-mail address's `@`. */
const AUTOLINK = /\b(?:https?|ftp):(?=\/\/)|\bwww\.|(?<=[\w.+-])@(?=[\w-]+\.)/gi;
/** Line breaks and other control characters, which a one-line value must not carry. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Text on one line, read back as exactly these characters: every line break and control character a space, runs of
 * spaces one, each character with a meaning inline backslash-escaped (most titles have none: tested first), and a
 * start that would open a block escaped too.
 */
export function markdownText(text: string): string {
  const line = text.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();
  let escaped = HAS_INLINE.test(line) ? line.replace(INLINE, '\\$&') : line;
  // An address in the words would be a link to a GFM parser (an autolink literal): written so that it is only words.
  if (AUTOLINK.test(escaped)) escaped = escaped.replace(AUTOLINK, (start) => start.replace(/[:.]/, '\\$&'));
  return LINE_START.test(escaped) ? escaped.replace(LINE_START, (start) => start.replace(/[#>+\-.)]/, '\\$&')) : escaped;
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
