/**
 * Components in Markdown: a block that names a component the site allows
 * (templates/markdown.ts) and gives its props in YAML, between two `:::`
 * lines.
 *
 *     ::: Callout
 *     title: Questions about your data?
 *     link: /contact
 *     :::
 *
 * A component that takes a body (`body: true` in templates/markdown.ts) may
 * have Markdown after its props, shaped as a page is: its YAML, a `---`
 * line, then Markdown, rendered by the same pipeline as the page's own (its
 * links and images resolved and checked, its code highlighted), with other
 * blocks nested inside it.
 *
 *     ::: Aside
 *     type: caution
 *     ---
 *     Run **`npm run build`** first: see [the guide](./build.md).
 *     :::
 *
 * A directive-style block (the `:::` containers of remark-directive,
 * Docusaurus and markdown-it) rather than MDX-like tags: editors already
 * write YAML at the top of each file, so the props read and fail the same way
 * (file:line, the field, the schema's words), a body stays Markdown that any
 * previewer shows as plain text, and nothing in it is an expression to
 * evaluate. Here the block becomes a placeholder element; the validate stage
 * checks the props against the component's schema and the render stage puts
 * the component's HTML in its place (src/render/document.tsx).
 */
import type { RendererThis, Token, TokenizerAndRendererExtension, TokenizerThis, Tokens } from 'marked';

/** A component block as the Markdown had it, before validation. */
export interface MarkdownComponentCall {
  name: string;
  /** The YAML between the fences. */
  props: string;
  /** Where the block starts in the body (line endings as \n). */
  offset: number;
  /** False when no `:::` line closed the block (it then took only its first line). */
  closed: boolean;
  /** It has a Markdown body (after a `---` line), rendered between its placeholder and its end marker. */
  body?: true;
  /** Not written by the editor: the place a fenced code block keeps for the site's `code` entry (a copy button). */
  implicit?: boolean;
}

export interface ComponentToken extends Tokens.Generic {
  type: 'component';
  name: string;
  props: string;
  closed: boolean;
  /** The Markdown after its `---` line, lexed: a body rendered by the same pipeline as the page's. */
  tokens?: Token[];
  /** Its place among the body's component blocks, set while the body is converted. */
  index?: number;
}

/** The element a block leaves in the body's HTML, for the render stage to replace. */
export const PLACEHOLDER = /<sitegen-md n="(\d+)"><\/sitegen-md>/g;

/** The end of a block's rendered body, after its placeholder: the render stage hands what is between to the component. */
export const bodyEndOf = (index: number | string) => `<sitegen-end n="${index}"></sitegen-end>`;

const OPENING = /^ {0,3}:::[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\n|$)/;
const OPENING_LINE = /^ {0,3}:::[ \t]*[A-Za-z][\w-]*[ \t]*$/;
const CLOSING_LINE = /^ {0,3}:::[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The block after its opening line, up to the `:::` line that closes it: its props, and its body when a `---` line
 * starts one. In the body, a block opened inside must close inside, and a fenced code block's lines are its own
 * (a `:::` in a code sample ends nothing). Undefined when no line closes it.
 */
function blockOf(rest: string): { props: string; body?: string; length: number } | undefined {
  let position = 0;
  let bodyStart: number | undefined;
  let separator = 0;
  let depth = 0;
  let fence: string | undefined;
  while (position <= rest.length) {
    const newline = rest.indexOf('\n', position);
    const end = newline === -1 ? rest.length : newline;
    const line = rest.slice(position, end).replace(/\r$/, '');
    const next = newline === -1 ? rest.length : newline + 1;
    if (fence !== undefined) {
      if (line.trim().startsWith(fence) && /^[`~]*$/.test(line.trim())) fence = undefined;
    } else if (bodyStart === undefined && line.trimEnd() === '---') {
      separator = position;
      bodyStart = next;
    } else if (bodyStart !== undefined && FENCE.test(line)) {
      fence = FENCE.exec(line)![1];
    } else if (bodyStart !== undefined && OPENING_LINE.test(line)) {
      depth++;
    } else if (CLOSING_LINE.test(line)) {
      if (depth === 0) {
        const length = newline === -1 ? end : next;
        if (bodyStart === undefined) return { props: rest.slice(0, position), length };
        return { props: rest.slice(0, separator), body: rest.slice(bodyStart, position), length };
      }
      depth--;
    }
    if (newline === -1) break;
    position = next;
  }
  return undefined;
}

export const componentBlocks: TokenizerAndRendererExtension = {
  name: 'component',
  level: 'block',
  // Where a block may start, so that it ends the paragraph before it.
  start: (src: string) => (src.includes(':::') ? /^ {0,3}:::[ \t]*[A-Za-z]/m.exec(src)?.index : undefined),
  tokenizer(this: TokenizerThis, src: string): ComponentToken | undefined {
    const opening = OPENING.exec(src);
    if (!opening) return undefined;
    const rest = src.slice(opening[0].length);
    const block = blockOf(rest);
    if (!block) return { type: 'component', raw: opening[0], name: opening[1], props: '', closed: false };
    const raw = src.slice(0, opening[0].length + block.length);
    const token: ComponentToken = { type: 'component', raw, name: opening[1], props: block.props, closed: true };
    if (block.body !== undefined) token.tokens = this.lexer.blockTokens(block.body, []);
    return token;
  },
  renderer(this: RendererThis, token) {
    if (token.index === undefined) return '';
    const placeholder = `<sitegen-md n="${token.index}"></sitegen-md>`;
    if (!token.tokens) return `${placeholder}\n`;
    return `${placeholder}\n${this.parser.parse(token.tokens)}${bodyEndOf(token.index)}\n`;
  },
};
