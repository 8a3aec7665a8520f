import { createRequire } from 'node:module';
import type { Token } from 'marked';
import { resolvedFrom } from '../base-path.ts';
import { generatedPageOf } from '../generated-pages.ts';
import { unescapeHtml } from '../escape.ts';
import { CODE_ENTRY, contentId, headingsOfLastBody, markdownFor } from './markdown-extensions.ts';
import type { ComponentToken, MarkdownComponentCall } from './markdown-components.ts';
import { sourcePartsOf, type SourcePart } from './markdown-source.ts';
import type sanitizeHtml from 'sanitize-html';
import type * as htmlparser2 from 'htmlparser2';

/**
 * A Markdown body as HTML that is safe to put in a page. Markdown passes raw
 * HTML through, and an editor's paste can carry more than text: a
 * `<meta http-equiv=refresh>` would send visitors to another origin even
 * under the CSP, and on a host that ignores `_headers` a `<script>` would
 * run. sanitize-html keeps what editors write (headings, lists, tables, code,
 * links, images, task lists, footnotes, highlighted code) and drops every other element and attribute, and
 * links to anything but http(s), mailto: and tel:.
 *
 * Sanitising costs about four times as much as the conversion itself, so a
 * body skips it only when every token in it is written by a renderer that
 * escapes what it writes: marked's own, and sitegen's own heading, code and
 * component renderers (TRUSTED_TOKENS). Raw HTML, a link or image whose
 * address is not plainly safe, and any token of another extension
 * (footnotes, and whatever a site adds) send the whole body through the
 * sanitiser: no extension's output reaches a page unchecked.
 */
export function markdownToHtml(body: string): string {
  return convertMarkdown(body).html;
}

/** A link or image in a Markdown body whose address is on this site, for the validate stage to check. */
export interface MarkdownReference {
  kind: 'link' | 'image';
  /** The address, resolved from the page's folder when written relative (`../img/a.png` → `/img/a.png`). */
  href: string;
  /** The address as the editor wrote it, when it was relative (`./map.png`). */
  written?: string;
  /** The Markdown that wrote it (`[contact page](/contact)`), to find its line when it is reported. */
  raw: string;
  /** Where its block starts in the body (line endings as \n): the search for `raw` starts there. */
  offset: number;
}

/** Something the sanitiser takes out of a body: the build warns at its line, so nothing is dropped without a word. */
export interface MarkdownRemoval {
  /** `<iframe>`, `the onerror attribute of <img>`, `a javascript: link`. */
  what: string;
  /** What to write instead. */
  instead: string;
  /** The Markdown that held it, and where its block starts (as MarkdownReference's). */
  raw: string;
  offset: number;
}

/** A heading of a body: its level, its text, and the id the page gives it. */
export interface MarkdownHeading {
  depth: number;
  text: string;
  id: string;
}

/** What a template shows about a body beside it: its headings, its length in words, and its summary. */
export interface MarkdownOutline {
  headings: MarkdownHeading[];
  words: number;
  /** The text before `<!--more-->`, as plain text; absent without the mark. */
  summary?: string;
}

/** A body converted once: its HTML, and the references to this site and the component blocks that the validate stage checks. */
export interface ConvertedMarkdown {
  outline: MarkdownOutline;
  html: string;
  references: MarkdownReference[];
  components: MarkdownComponentCall[];
  /** What the sanitiser removed, in the body's order (none for a body it did not need). */
  removed: MarkdownRemoval[];
  /** The body as written, for the page's Markdown; absent when it is not fit to keep (./markdown-source.ts). */
  markdown?: SourcePart[];
}

/**
 * `folder`: the page's source folder as a path of the site (`/blog/` for
 * content/pages/blog/post.md and for content/pages/blog/index.md). A
 * relative link or image (`./pic.png`, `../about`, `other`) is resolved
 * against it here and written root-relative, as editors mean it whatever
 * address the page is served at: under `trailingSlash: always` the page
 * /blog/post is served at /blog/post/, where the browser would have read
 * `./pic.png` as /blog/post/pic.png. The base path is added later, with
 * every other root-relative address of the page.
 */
export function convertMarkdown(body: string, folder = '/'): ConvertedMarkdown {
  const markdown = markdownFor(body);
  const tokens = markdown.lexer(body);
  // The extensions' own token walk (footnotes gathered, code highlighted), which marked.parse() would run.
  const extensionsWalk = markdown.defaults.walkTokens;
  let plain = true;
  const references: MarkdownReference[] = [];
  const components: MarkdownComponentCall[] = [];
  const removed: MarkdownRemoval[] = [];
  let text: string | undefined;
  // Block by block, so each reference knows where its block starts (the blocks' raw texts add up to the body).
  let offset = 0;
  for (const block of tokens) {
    markdown.walkTokens([block], (token) => {
      extensionsWalk?.(token);
      let written: string | undefined;
      if ((token.type === 'link' || token.type === 'image') && isRelative(token.href)) {
        written = token.href;
        token.href = token.type === 'link' ? pageLinkOf(resolvedFrom(folder, token.href)) : resolvedFrom(folder, token.href);
      }
      if (plain && !isPlainMarkdown(token)) plain = false;
      if (token.type === 'html') removed.push(...removalsIn(token.text, token.raw, offset));
      if (token.type === 'link' && !isSafeUrl(token.href, LINK_SCHEMES)) removed.push(unsafeAddress('link', token.href, token.raw, offset));
      if (token.type === 'image' && !isSafeUrl(token.href, IMAGE_SCHEMES)) removed.push(unsafeAddress('image', token.href, token.raw, offset));
      if ((token.type === 'link' || token.type === 'image') && isOnThisSite(token.href)) {
        references.push({ kind: token.type, href: token.href, ...(written === undefined ? {} : { written }), raw: token.raw, offset });
      }
      // A fenced code block has a place for the site's `code` entry (a copy button), filled or left empty as the site says.
      if (token.type === 'code' && token.codeBlockStyle !== 'indented') {
        (token as { index?: number }).index = components.length;
        components.push({ name: CODE_ENTRY, props: '', offset, closed: true, implicit: true });
      }
      if (token.type === 'component') {
        const call = token as ComponentToken;
        call.index = components.length;
        // A block inside a list or a quote has lost its indent in `raw`: its line is then that of the list or quote.
        const at = (text ??= body.replace(/\r\n?/g, '\n')).indexOf(call.raw, offset);
        components.push({ name: call.name, props: call.props, offset: at === -1 ? offset : at, closed: call.closed, ...(call.tokens ? { body: true as const } : {}) });
      }
    });
    // marked-footnote's list of footnotes is a token of its own whose raw is no part of the body.
    if (block.type !== 'footnotes') offset += block.raw.length;
  }
  const source = sourcePartsOf(tokens, (href) => (isRelative(href) ? pageLinkOf(resolvedFrom(folder, href)) : href));
  const html = markdown.parser(tokens);
  const headings = headingsOfLastBody();
  return {
    html: plain ? html : sanitizer()(html, POLICY), references, components, removed, outline: outlineOf(body, headings),
    ...(source ? { markdown: source } : {}),
  };
}

/** Words a minute for a reading time: the usual figure for reading on a screen. */
export const WORDS_PER_MINUTE = 200;

const MORE = /<!--\s*more\s*-->/i;

/** A body's outline: its headings as the page has them, its words (code blocks not counted), and the summary before `<!--more-->`. */
function outlineOf(body: string, headings: MarkdownHeading[]): MarkdownOutline {
  const prose = body.replace(/^ {0,3}(```|~~~)[\s\S]*?^ {0,3}\1/gm, ' ').replace(/^ {0,3}:::[\s\S]*?^ {0,3}:::/gm, ' ');
  const words = prose.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  const more = MORE.exec(body);
  if (!more) return { headings, words };
  // A footnote's marker means nothing where its note is not (a list's summary): it goes, and not as literal [^1].
  const lead = body.slice(0, more.index).replace(/\[\^[^\]\s]+\](?!:)/g, '');
  const before = markdownFor(lead).parse(lead) as string;
  // A block's tag is a break between words; an inline one (code, em, a) is not.
  const text = before.replace(/<\/?(?:p|div|li|ul|ol|h[1-6]|br|blockquote|pre|tr|td|th|table|section|hr)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '');
  const summary = unescapeHtml(text).replace(/\s+/g, ' ').trim();
  return { headings, words, ...(summary ? { summary } : {}) };
}

const INSTEAD = {
  embed: 'an embed (a video, a map, a form of another site) needs a component: allow one in templates/markdown.ts and write it as a ::: block',
  script: 'a script belongs in an island (templates/islands/), where the CSP allows it',
  style: 'styles belong in the stylesheet (templates/styles/): give the element a class there',
  handler: 'no script runs from content: an interactive part is an island',
  form: 'a form belongs in a template or an island',
  scheme: 'links keep http(s), mailto: and tel: addresses, images http(s) ones',
  other: 'raw HTML in Markdown keeps headings, lists, tables, code, links, images and a few inline elements (docs/collections-images-markdown.md)',
} as const;

const EMBEDS = new Set(['iframe', 'embed', 'object', 'video', 'audio', 'source', 'track', 'picture', 'canvas', 'svg', 'math', 'frame', 'frameset', 'portal']);

/** What the sanitiser will take out of one raw HTML token: elements and attributes outside the policy, and unsafe addresses. */
function removalsIn(html: string, raw: string, offset: number): MarkdownRemoval[] {
  const found = new Map<string, MarkdownRemoval>();
  const note = (what: string, instead: string) => found.set(what, { what, instead, raw, offset });
  const parser = new (htmlParser().Parser)({
    onopentag(tag, attribs) {
      if (!ALLOWED_TAGS.has(tag)) {
        const kind = EMBEDS.has(tag) ? 'embed' : tag === 'script' || tag === 'noscript' ? 'script' : tag === 'style' || tag === 'link' ? 'style'
          : ['form', 'input', 'button', 'select', 'textarea'].includes(tag) && !(tag === 'input' && attribs.type === 'checkbox') ? 'form' : 'other';
        if (!(tag === 'input' && attribs.type === 'checkbox')) return void note(`<${tag}>`, INSTEAD[kind]);
      }
      for (const [name, value] of Object.entries(attribs)) {
        if (name.startsWith('on')) note(`the ${name} attribute of <${tag}>`, INSTEAD.handler);
        else if (name === 'style') note(`the style attribute of <${tag}>`, INSTEAD.style);
        else if (!ALLOWED_ATTRIBUTES['*'].includes(name) && !(ALLOWED_ATTRIBUTES[tag] ?? []).includes(name)) note(`the ${name} attribute of <${tag}>`, INSTEAD.other);
        else if ((name === 'href' || name === 'src') && !isSafeUrl(value.trim(), tag === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES)) {
          note(`the address ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)} of <${tag}>`, INSTEAD.scheme);
        }
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  return [...found.values()];
}

function unsafeAddress(kind: 'link' | 'image', href: string, raw: string, offset: number): MarkdownRemoval {
  return { what: `the ${kind} to ${JSON.stringify(href.length > 40 ? href.slice(0, 40) + '…' : href)}`, instead: INSTEAD.scheme, raw, offset };
}

/** A relative address: not root-relative, an in-page anchor, another scheme or another host. */
function isRelative(href: string): boolean {
  return isOnThisSite(href) && !href.startsWith('/') && !href.startsWith('\\');
}

/**
 * A relative link to another content file (`setup.md`, `../guides/index.md#faq`)
 * is a link to the page it becomes (/setup, /guides#faq): the Markdown reads
 * the same on GitHub and in an editor's preview as on the site, and the
 * link check then holds the page to exist. Only relative links: `/setup.md`
 * is the page's Markdown twin, written as such.
 */
function pageLinkOf(resolved: string): string {
  const match = /^([^?#]*)\.md((?:[?#].*)?)$/i.exec(resolved);
  if (!match) return resolved;
  const route = match[1].replace(/(^|\/)index$/i, '$1').replace(/(.)\/$/, '$1');
  return (route || '/') + match[2];
}

/** The source folder of a page file as a path of the site: content/pages/blog/post.md → /blog/, content/pages/index.md → /. */
export function sourceFolderOf(file: string): string {
  // A page an integration made sits in its folder under .sitegen/generated/pages/ as a content file would under content/pages/.
  const inside = generatedPageOf(file)?.inside ?? file.replace(/\\/g, '/').replace(/^content\/pages\//, '');
  const folder = inside.includes('/') ? inside.slice(0, inside.lastIndexOf('/') + 1) : '';
  return `/${folder}`;
}

/** A path on this site (absolute or relative); not an in-page anchor, another scheme or another host. */
function isOnThisSite(href: string): boolean {
  return href !== '' && !href.startsWith('#') && !href.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(href);
}

// Loaded on first use: it takes about 90 ms (postcss comes with it), and most sites never need it.
let loaded: typeof sanitizeHtml | undefined;
/** sanitize-html, loaded on first use (the feeds' entry content uses it too). */
export const sanitizer = () => (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);
// sanitize-html's own parser, for telling what it will remove; loaded with it, only for a body with raw HTML.
let parserModule: typeof htmlparser2 | undefined;
const htmlParser = () => (parserModule ??= createRequire(createRequire(import.meta.url).resolve('sanitize-html'))('htmlparser2') as typeof htmlparser2);

/**
 * The tokens whose renderers escape every value they write: marked's own
 * (not `html`), and sitegen's heading, code and component renderers
 * (./markdown-extensions.ts, ./markdown-components.ts). test/unit/markdown.test.ts
 * feeds hostile text to each place an extension writes.
 */
const TRUSTED_TOKENS: ReadonlySet<string> = new Set([
  'space', 'code', 'heading', 'table', 'hr', 'blockquote', 'list', 'list_item', 'paragraph', 'text', 'def', 'escape',
  'link', 'image', 'strong', 'em', 'codespan', 'br', 'del', 'checkbox', 'component',
]);

function isPlainMarkdown(token: Token): boolean {
  if (!TRUSTED_TOKENS.has(token.type)) return false;
  if (token.type === 'link') return isSafeUrl(token.href, LINK_SCHEMES);
  if (token.type === 'image') return isSafeUrl(token.href, IMAGE_SCHEMES);
  return true;
}

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https'];

/** A relative address, or one with an allowed scheme; anything unusual (`java\tscript:`, `data:`) is not. */
function isSafeUrl(href: string, schemes: readonly string[]): boolean {
  const scheme = /^([^/?#]*):/.exec(href)?.[1];
  return scheme === undefined ? !href.startsWith('//') : /^[a-z]+$/i.test(scheme) && schemes.includes(scheme.toLowerCase());
}

/** What a body's HTML may hold after the sanitiser; exported for the tests that hold every path to it. */
export const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 'del', 's', 'sub', 'sup',
    'b', 'i', 'u', 'small', 'q', 'cite', 'abbr', 'kbd', 'samp', 'var', 'span', 'div',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'input', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'details', 'summary', 'section',
    // A component block's place (./markdown-components.ts): empty, replaced by the component when the page renders.
    'sitegen-md', 'sitegen-end', 'mark',
  ],
  allowedAttributes: {
    '*': ['id', 'title', 'lang'],
    // Footnote references and back-references (marked-footnote) carry their ARIA and data attributes.
    a: ['href', 'class', 'aria-label', 'aria-describedby', 'data-footnote-ref', 'data-footnote-backref'],
    section: ['class', 'data-footnotes'],
    h2: ['class'],
    span: ['class'],
    img: ['src', 'alt', 'width', 'height'],
    'sitegen-md': ['n'],
    'sitegen-end': ['n'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
    // A code block takes the focus, so that a keyboard can scroll a long line (./markdown-extensions.ts codeBlocks).
    pre: ['tabindex'],
    figure: ['class'],
    figcaption: ['class'],
    mark: ['class'],
    // GFM task lists: a disabled checkbox per item.
    input: ['type', 'checked', 'disabled'],
  },
  // Only the classes sitegen's own Markdown writes: Prism's token classes (`token keyword`, `token class-name` …),
  // the heading links, the footnotes.
  allowedClasses: {
    code: [/^language-[\w-]+$/],
    span: [/^[a-z][a-z-]*$/],
    a: ['heading-anchor'],
    section: ['footnotes'],
    // A code block's frame (./markdown-extensions.ts codeBlocks).
    figure: ['code-block'],
    figcaption: ['code-title'],
    mark: ['line'],
    h2: ['visually-hidden'],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  // An id the runtime uses (sitegen-config) is not content's to take: see contentId.
  // A <pre> is in the tab order or out of it, never ahead of the page's order (no tabindex="3").
  transformTags: {
    '*': (tagName, attribs) => {
      const named = attribs.id === undefined ? attribs : { ...attribs, id: contentId(attribs.id) };
      return { tagName, attribs: tagName === 'pre' && named.tabindex !== undefined ? { ...named, tabindex: named.tabindex === '-1' ? '-1' : '0' } : named };
    },
  },
};

const ALLOWED_TAGS: ReadonlySet<string> = new Set(POLICY.allowedTags as string[]);
const ALLOWED_ATTRIBUTES = POLICY.allowedAttributes as Readonly<Record<string, string[]>>;
