/**
 * The Markdown that editors write on GitHub and in other generators, each
 * feature from a well-kept marked extension: heading ids (GitHub's slugs,
 * marked-gfm-heading-id) with a link to each heading, footnotes
 * (marked-footnote), and code blocks highlighted at build time
 * (marked-highlight with Prism: class names only, styled by the site's
 * stylesheet, so the CSP needs no inline style and pages no script).
 * GFM tables and task lists are marked's own defaults.
 */
import { createRequire } from 'node:module';
import { Marked, Tokenizer, type MarkedExtension, type Tokens } from 'marked';
import { gfmHeadingId, getHeadingList, resetHeadings } from 'marked-gfm-heading-id';
import markedFootnote from 'marked-footnote';
import { markedHighlight } from 'marked-highlight';
import type PrismApi from 'prismjs';
import { componentBlocks } from './markdown-components.ts';
import { escapeHtml } from '../escape.ts';

/**
 * Prism rather than highlight.js: on the same blocks it highlights about
 * three times as fast (28 µs against 82 µs for a four-line JavaScript block)
 * and loads in 6 ms rather than 110 ms, which were a third of a 500-page
 * build. Eleventy's and Astro's highlighting plugins use it too. It is
 * loaded on the first code block that names a language, and each other
 * language (with its aliases: ts, sh, yml …) on its first block.
 */
let prism: { Prism: typeof PrismApi; load(languages: string[]): void } | undefined;
const highlighter = () => {
  if (prism) return prism;
  const require = createRequire(import.meta.url);
  const load = require('prismjs/components/index.js') as ((languages: string[]) => void) & { silent: boolean };
  // An unknown language is shown as typed, not reported on the console.
  load.silent = true;
  return (prism = { Prism: require('prismjs') as typeof PrismApi, load });
};

/** Prism's HTML for a block in a language it knows; the text unchanged otherwise (marked then escapes it). */
function highlight(code: string, language: string): string {
  // No guessing for blocks that name no language: auto-detection is slow and often wrong on short snippets.
  if (!language) return code;
  const { Prism, load } = highlighter();
  const name = language.toLowerCase();
  if (!Object.hasOwn(Prism.languages, name)) load([name]);
  const grammar = Object.hasOwn(Prism.languages, name) ? Prism.languages[name] : undefined;
  return grammar && typeof grammar === 'object' ? Prism.highlight(code, grammar, name) : code;
}

const headingIds = gfmHeadingId();
const headingWithId = headingIds.renderer!.heading as (this: unknown, token: Tokens.Heading) => string;

/**
 * The ids sitegen's own runtime and overlay use (`sitegen-config`,
 * `sitegen-overlay-title`): an id from content that would take one of them
 * gets GitHub's `user-content-` prefix, so no page's text can stand in for
 * an element the runtime looks up. Every other id is kept as written, so
 * `#pricing` links, shared addresses and a table of contents work with no
 * script (GitHub prefixes every id and needs a script to scroll to them).
 */
export function contentId(id: string): string {
  return /^sitegen-/i.test(id) ? `user-content-${id}` : id;
}

const headingLinks = {
  renderer: {
    /**
     * The heading with its GitHub id, its text a link to itself (so the link's
     * accessible name is the heading's, and the heading's name stays its text).
     * A heading that holds a link already keeps only its id: links cannot nest.
     * Written here, every value escaped, rather than taken from the
     * extension's string: this renderer's output skips the sanitiser
     * (./markdown.ts), so it must be safe by construction.
     */
    heading(this: unknown, token: Tokens.Heading) {
      headingWithId.call(this, token);
      const heading = getHeadingList().at(-1)!;
      heading.id = contentId(heading.id);
      const id = escapeHtml(heading.id);
      const inner = hasLink(token.tokens) ? heading.text : `<a class="heading-anchor" href="#${id}">${heading.text}</a>`;
      return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
    },
  },
};

/** The name of the templates/markdown.ts entry that a code block shows beside its code (a copy button). */
export const CODE_ENTRY = 'code';

/**
 * What an info string says besides the language, as Docusaurus and Astro's
 * code blocks read it: ```ts title="src/app.ts" {2,4-6} gives a title (or a
 * file name) above the code and marks lines 2, 4, 5 and 6.
 */
export interface CodeMeta {
  language: string;
  title?: string;
  /** Line numbers, from 1. */
  lines: ReadonlySet<number>;
}

export function codeMetaOf(info: string | undefined): CodeMeta {
  const text = (info ?? '').trim();
  const language = /^[^\s{]*/.exec(text)![0];
  const rest = text.slice(language.length);
  const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(rest);
  const lines = new Set<number>();
  for (const range of /\{([\d\s,-]+)\}/.exec(rest)?.[1].split(',') ?? []) {
    const [from, to = from] = range.split('-').map((part) => Number.parseInt(part, 10));
    // A range is bounded so that {1-99999999} costs no more than the block's own lines.
    if (Number.isInteger(from) && Number.isInteger(to) && from > 0) for (let line = from; line <= Math.min(to, from + 10_000); line++) lines.add(line);
  }
  const titled = title?.[1] ?? title?.[2] ?? title?.[3];
  return { language, lines, ...(titled ? { title: titled } : {}) };
}

/**
 * A code block as marked-highlight leaves its token (Prism's HTML, marked
 * `escaped`, or the text as written), written here with every value
 * escaped: like the heading, its output skips the sanitiser. It stands in a
 * <figure> with its title as the caption, marked lines wrapped in
 * `<mark class="line">` (a span per line only when lines are marked), and
 * the placeholder of the site's `code` entry after it (./markdown.ts), which
 * the render stage fills with a copy button or leaves empty. The <pre> takes
 * the focus: a long line scrolls it sideways, and a keyboard must reach it
 * to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
const codeBlocks = {
  renderer: {
    code(token: Tokens.Code & { index?: number }) {
      const meta = codeMetaOf(token.lang);
      const attribute = meta.language ? ` class="language-${escapeHtml(meta.language)}"` : '';
      const text = token.text.replace(/\n$/, '');
      const html = token.escaped ? text : escapeHtml(text);
      const code = meta.lines.size > 0 ? markLines(html, meta.lines) : html;
      const caption = meta.title === undefined ? '' : `<figcaption class="code-title">${escapeHtml(meta.title)}</figcaption>`;
      const entry = token.index === undefined ? '' : `<sitegen-md n="${token.index}"></sitegen-md>`;
      return `<figure class="code-block">${caption}<pre tabindex="0"><code${attribute}>${code}\n</code></pre>${entry}</figure>\n`;
    },
  },
};

/**
 * The block's HTML with each marked line in a <mark class="line">. Prism's
 * tokens may span lines (a comment, a template string), so the spans open
 * at a line's end are closed before it and opened again after it: each
 * line's element holds whole elements.
 */
export function markLines(html: string, marked: ReadonlySet<number>): string {
  const open: string[] = [];
  return html.split('\n').map((line, index) => {
    const reopened = open.join('');
    for (const tag of line.match(/<\/?span\b[^>]*>/g) ?? []) {
      if (tag.startsWith('</')) open.pop();
      else open.push(tag);
    }
    const inner = reopened + line + '</span>'.repeat(open.length);
    return marked.has(index + 1) ? `<mark class="line">${inner}</mark>` : inner;
  }).join('\n');
}

/**
 * marked's GFM rule for a run of plain text looks ahead at every character
 * for the start of a bare e-mail address or URL, which made it a tenth of a
 * large build's Markdown time. Where the rest of the text holds nothing such
 * an autolink could start with (no `@`, `http`, `ftp://`, `www.`,
 * `mailto:` or `xmpp:`), those lookaheads can never match, and the same
 * rule without them finds the same run: the token is marked's own, from
 * marked's own tokenizer given that rule.
 */
const MAY_AUTOLINK = /@|http|ftp:\/\/|www\.|mailto:|xmpp:/i;
const PLAIN_TEXT = /^(?:(`+|~+|[^`~])(?:(?=[`~])|(?= {2,}\n)|[\s\S]*?(?:(?=[\\<!\[`*~_]|\b_|$)|[^ ](?= {2,}\n))))/;
const GFM_TEXT_SOURCE = '^(?:[^a-zA-Z0-9](?=(?:mailto|xmpp):)|(`+|~+|[^`~])';

const plainText = {
  tokenizer: {
    inlineText(this: Tokenizer, src: string) {
      const rules = (this as unknown as { rules: { inline: { text: RegExp } } }).rules.inline;
      // Only in place of the GFM rule this was derived from (not `breaks` or `pedantic`, which have others).
      if (MAY_AUTOLINK.test(src) || !rules.text.source.startsWith(GFM_TEXT_SOURCE)) return false;
      const gfmText = rules.text;
      rules.text = PLAIN_TEXT;
      try {
        return Tokenizer.prototype.inlineText.call(this, src);
      } finally {
        rules.text = gfmText;
      }
    },
  },
};

/** What every body gets: heading ids and links, the plain-text rule, component blocks (tables and task lists are marked's GFM defaults). */
const base = [headingIds, headingLinks, plainText, { extensions: [componentBlocks] }];
// Made per instance: each marked instance gets extension objects of its own.
const footnotes = () => [markedFootnote({ description: 'Footnotes', headingClass: 'visually-hidden' }), footnoteLabels];
// sitegen's own code renderer after marked-highlight's, so that it is the one used.
const highlighting = () => [markedHighlight({ langPrefix: 'language-', highlight }), codeBlocks];

/**
 * marked-footnote writes a footnote's label into `aria-label` as it is
 * (`[^x"><meta …>]` closed the attribute), and into ids through
 * encodeURIComponent. Each label is escaped once, on the reference and on
 * the footnote alike, so the ids still match and the attribute stays one.
 * Bodies with footnotes go through the sanitiser as well (./markdown.ts).
 */
const escapedLabels = new WeakSet<object>();
const escapeLabel = (token: { label?: unknown }) => {
  if (typeof token.label !== 'string' || escapedLabels.has(token)) return;
  token.label = escapeHtml(token.label);
  escapedLabels.add(token);
};
const footnoteLabels = {
  walkTokens(token: Tokens.Generic) {
    if (token.type === 'footnoteRef') escapeLabel(token as { label?: unknown });
    if (token.type === 'footnotes') for (const item of (token.items ?? []) as { label?: unknown }[]) escapeLabel(item);
  },
};

/**
 * A marked instance per set of extensions a body needs. Most bodies need
 * neither footnotes nor highlighting, and each costs on every body it is
 * given: marked-footnote's tokenizers are tried at every block and inline
 * position (7% more time on a body with a code block and no footnote), and
 * marked-highlight walks every token.
 */
type Kind = 'plain' | 'code' | 'footnotes' | 'both';
const compose = (kind: Kind, added: readonly MarkedExtension[]) => new Marked(
  ...base, ...(kind === 'footnotes' || kind === 'both' ? footnotes() : []), ...(kind === 'code' || kind === 'both' ? highlighting() : []), ...added,
);
const instances: Record<Kind, Marked> = { plain: compose('plain', []), code: compose('code', []), footnotes: compose('footnotes', []), both: compose('both', []) };

const HAS_FOOTNOTE = /\[\^/;
const HAS_FENCE = /^ {0,3}(```|~~~)/m;

/**
 * The marked extensions of the site's integrations (src/integrations/api.ts
 * `markdown`), after sitegen's own: set by each thread before it converts the
 * bodies of a site that has them. Their tokens are none of the trusted ones
 * (./markdown.ts), so every body they touch goes through the sanitiser.
 */
let added: readonly MarkedExtension[] = [];
let withAdded: Partial<Record<Kind, Marked>> = {};

export function useIntegrationMarkdown(extensions: readonly MarkedExtension[]): void {
  if (extensions.length === added.length && extensions.every((extension, index) => extension === added[index])) return;
  added = extensions;
  withAdded = {};
}

/** The marked instance for a body, its heading ids restarted (they are unique within one page, not across pages). */
export function markdownFor(body: string): Marked {
  resetHeadings();
  const code = HAS_FENCE.test(body);
  const kind: Kind = HAS_FOOTNOTE.test(body) ? (code ? 'both' : 'footnotes') : code ? 'code' : 'plain';
  return added.length === 0 ? instances[kind] : (withAdded[kind] ??= compose(kind, added));
}

/** The headings of the body converted last (its ids as the page has them), in order. */
export function headingsOfLastBody(): { depth: number; text: string; id: string }[] {
  return getHeadingList().map((heading) => ({ depth: heading.level, text: heading.raw, id: heading.id }));
}

function hasLink(tokens: Tokens.Generic[] | undefined): boolean {
  return (tokens ?? []).some((token) => token.type === 'link' || hasLink(token.tokens));
}
