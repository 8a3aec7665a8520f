/**
 * A Markdown body kept as its editor wrote it, for the page's Markdown (its
 * twin): code blocks byte for byte, emphasis, lists and tables as written.
 * Three things cannot be kept as written, and are parts of their own:
 * - an address on this site, which the page resolved (`./setup.md` is
 *   /docs/setup) and which a reader of the Markdown needs absolute;
 * - a component block an editor wrote (`::: Aside`), which is only YAML
 *   until the page renders it: its HTML then becomes Markdown;
 * - an HTML comment (`<!--more-->`), which says nothing to a reader.
 *
 * Raw HTML other than a comment, a component inside a list or a quote, and a
 * token of an extension this file does not know make the body unfit: the page's
 * Markdown is then made from its HTML, as a template page's is.
 */
import type { Token, Tokens } from 'marked';
import type { ComponentToken } from './markdown-components.ts';
import { codeMetaOf } from './markdown-extensions.ts';
import { markdownText } from '../escape.ts';

/** Markdown as written; a link or image address on this site (root-relative, or `#fragment`), written absolute; a component block, by its index. */
export type SourcePart = string | { link: string } | { image: string } | { block: number };

// marked's own tokens, and those of the extensions sitegen configures itself.
const KNOWN = new Set([
  'space', 'code', 'heading', 'table', 'hr', 'blockquote', 'list', 'list_item', 'paragraph', 'html', 'text', 'def', 'escape',
  'link', 'image', 'strong', 'em', 'codespan', 'br', 'del', 'checkbox', 'footnote', 'footnoteRef', 'component',
]);
const COMMENTS = /<!--[\s\S]*?-->/g;
const ONLY_COMMENTS = /^\s*(?:<!--[\s\S]*?-->\s*)+$/;

/**
 * The body's parts, from its tokens after their addresses were resolved; undefined when the body is unfit (above).
 * `resolve` resolves a reference definition's address as the page's links were (`[api]: ./api.md`).
 */
export function sourcePartsOf(tokens: readonly Token[], resolve: (href: string) => string): SourcePart[] | undefined {
  const parts: SourcePart[] = [];
  for (const token of tokens) {
    // marked-footnote's list of notes: the definitions are tokens of their own, in place.
    if (token.type === 'footnotes') continue;
    if (token.type === 'component') {
      const index = (token as ComponentToken).index;
      if (index === undefined) return undefined;
      parts.push({ block: index }, '\n\n');
      continue;
    }
    const own = rewritten(token, resolve);
    if (!own) return undefined;
    parts.push(...own);
  }
  return joined(parts);
}

/** Whether a token, or one inside it, cannot stay as written. */
function needsCare(token: Token): boolean {
  switch (token.type) {
    // A fenced block's info string may say more than its language (a title, lines to mark): only its language stays.
    case 'code': return /[\s{]/.test(/^ {0,3}(?:`{3,}|~{3,})([^\n]*)/.exec(token.raw)?.[1].trim() ?? '');
    case 'codespan': return false;
    case 'link': if (isOnSite((token as Tokens.Link).href)) return true; break;
    // Every image: one the build fetched (a remote image the site lists) is served from the site, as the page shows it.
    case 'image': return true;
    // A definition's address is as written (the links that use it were resolved, it was not).
    case 'def': return !isElsewhere((token as Tokens.Def).href);
    case 'html': case 'component': return true;
    default: if (!KNOWN.has(token.type)) return true;
  }
  return childrenOf(token).some(needsCare);
}

function rewritten(token: Token, resolve: (href: string) => string): SourcePart[] | undefined {
  if (!needsCare(token)) return [token.raw];
  switch (token.type) {
    case 'html':
      return ONLY_COMMENTS.test(token.raw) ? [token.raw.replace(COMMENTS, '')] : undefined;
    case 'component':
      return undefined;
    case 'code': {
      // The block as written, its fence and language kept; a title becomes the line before it, as the page shows it.
      const [, indent, fence] = /^( {0,3})(`{3,}|~{3,})/.exec(token.raw)!;
      const meta = codeMetaOf((token as Tokens.Code).lang);
      const lines = token.raw.split('\n');
      const close = lines.findLastIndex((line) => line.trim().startsWith(fence[0].repeat(fence.length)));
      const title = meta.title ? `${indent}${markdownText(meta.title)}\n\n` : '';
      return [title, `${indent}${fence}${meta.language}\n`, lines.slice(1, close <= 0 ? lines.length : close + 1).join('\n'), close <= 0 ? '' : '\n'];
    }
    case 'def': {
      const def = token as Tokens.Def;
      const href = resolve(def.href);
      const label = def.raw.indexOf(']:');
      if (!isOnSite(href)) return [def.raw];
      if (label === -1) return undefined;
      return [def.raw.slice(0, label + 2), ' ', { link: href }, titleOf(def.title), /\s*$/.exec(def.raw)![0]];
    }
    case 'link': case 'image': {
      const link = token as Tokens.Link | Tokens.Image;
      const end = labelEnd(link.raw, token.type === 'image' ? 1 : 0);
      // A reference (`[words][api]`) keeps its form: its definition carries the address.
      if ((token.type === 'image' || isOnSite(link.href)) && end !== -1 && link.raw[end + 1] === '(') {
        const label = spliced(link.raw.slice(0, end), childrenOf(token), resolve);
        if (!label) return undefined;
        return [...label, '](', token.type === 'image' ? { image: link.href } : { link: link.href }, titleOf(link.title), ')'];
      }
      break;
    }
    default:
      if (!KNOWN.has(token.type)) return undefined;
  }
  return spliced(token.raw, childrenOf(token), resolve);
}

/**
 * A token's raw text with each child that needs care rewritten in its place. A child not found as written (a
 * line of a list item or a quote, whose raw lost its indent or `>`) is looked into: its own children are.
 */
function spliced(raw: string, children: readonly Token[], resolve: (href: string) => string): SourcePart[] | undefined {
  const state = { cursor: 0, parts: [] as SourcePart[] };
  if (!spliceInto(raw, children, resolve, state)) return undefined;
  state.parts.push(raw.slice(state.cursor));
  return state.parts;
}

function spliceInto(raw: string, children: readonly Token[], resolve: (href: string) => string, state: { cursor: number; parts: SourcePart[] }): boolean {
  for (const child of children) {
    if (!needsCare(child)) continue;
    const at = raw.indexOf(child.raw, state.cursor);
    if (at !== -1) {
      const parts = rewritten(child, resolve);
      if (!parts) return false;
      state.parts.push(raw.slice(state.cursor, at), ...parts);
      state.cursor = at + child.raw.length;
      continue;
    }
    // Only a container may be looked into: a link's address or a block's YAML must be found whole.
    if (!CONTAINERS.has(child.type) || !spliceInto(raw, childrenOf(child), resolve, state)) return false;
  }
  return true;
}

const CONTAINERS = new Set(['paragraph', 'text', 'list', 'list_item', 'blockquote', 'heading', 'strong', 'em', 'del', 'table', 'footnote']);

function childrenOf(token: Token): readonly Token[] {
  switch (token.type) {
    case 'list': return (token as Tokens.List).items;
    case 'table': {
      const table = token as Tokens.Table;
      return [...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens);
    }
    case 'footnote': return (token as unknown as { content: Token[] }).content ?? [];
    default: return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : [];
  }
}

/** Where a link's words end: the `]` that closes its first `[`, past nested brackets and escapes; -1 when none does. */
function labelEnd(raw: string, from: number): number {
  let depth = 0;
  for (let index = from; index < raw.length; index++) {
    const char = raw[index];
    if (char === '\\') index++;
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) return index;
  }
  return -1;
}

/** An address on this site as the page has it: root-relative, or a fragment of the page itself. */
const isOnSite = (href: string | undefined | null): boolean => typeof href === 'string' && (href.startsWith('#') || /^\/(?!\/)/.test(href));

/** An address of another site or scheme (`https:`, `//cdn`, `mailto:`), or none. */
const isElsewhere = (href: string) => href === '' || href.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(href);

const titleOf = (title: string | null | undefined) => (title ? ` "${title.replace(/[\\"]/g, '\\$&')}"` : '');

/** Neighbouring strings as one. */
function joined(parts: readonly SourcePart[]): SourcePart[] {
  const out: SourcePart[] = [];
  for (const part of parts) {
    if (typeof part === 'string' && typeof out.at(-1) === 'string') out[out.length - 1] += part;
    else if (part !== '') out.push(part);
  }
  return out;
}
