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
 * A directive-style block (the `:::` containers of remark-directive,
 * Docusaurus and markdown-it) rather than MDX-like tags: editors already
 * write YAML at the top of each file, so the props read and fail the same way
 * (file:line, the field, the schema's words), a body stays Markdown that any
 * previewer shows as plain text, and nothing in it is an expression to
 * evaluate. Here the block becomes a placeholder element; the validate stage
 * checks the props against the component's schema and the render stage puts
 * the component's HTML in its place (src/render/document.tsx).
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';

/** A component block as the Markdown had it, before validation. */
export interface MarkdownComponentCall {
  name: string;
  /** The YAML between the fences. */
  props: string;
  /** Where the block starts in the body (line endings as \n). */
  offset: number;
  /** False when no `:::` line closed the block (it then took only its first line). */
  closed: boolean;
  /** Not written by the editor: the place a fenced code block keeps for the site's `code` entry (a copy button). */
  implicit?: boolean;
}

export interface ComponentToken extends Tokens.Generic {
  type: 'component';
  name: string;
  props: string;
  closed: boolean;
  /** Its place among the body's component blocks, set while the body is converted. */
  index?: number;
}

/** The element a block leaves in the body's HTML, for the render stage to replace. */
export const PLACEHOLDER = /<sitegen-md n="(\d+)"><\/sitegen-md>/g;

const OPENING = /^ {0,3}:::[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\n|$)/;
const CLOSING = /^ {0,3}:::[ \t]*$/m;

export const componentBlocks: TokenizerAndRendererExtension = {
  name: 'component',
  level: 'block',
  // Where a block may start, so that it ends the paragraph before it.
  start: (src: string) => (src.includes(':::') ? /^ {0,3}:::[ \t]*[A-Za-z]/m.exec(src)?.index : undefined),
  tokenizer(src: string): ComponentToken | undefined {
    const opening = OPENING.exec(src);
    if (!opening) return undefined;
    const rest = src.slice(opening[0].length);
    const closing = CLOSING.exec(rest);
    if (!closing) return { type: 'component', raw: opening[0], name: opening[1], props: '', closed: false };
    const end = opening[0].length + closing.index + closing[0].length;
    const raw = src.slice(0, end) + (src[end] === '\n' ? '\n' : '');
    return { type: 'component', raw, name: opening[1], props: rest.slice(0, closing.index), closed: true };
  },
  renderer: (token) => (token.index === undefined ? '' : `<sitegen-md n="${token.index}"></sitegen-md>\n`),
};
