/**
 * Words drawn as outlines in the brand typeface, for pictures shown as <img>:
 * an image cannot use the page's web font, and text left to the visitor's
 * system font is the Arial the design review found. Each label is a group
 * of glyph outlines that keeps its words and size in data attributes, so
 * tests (and anyone reading the file) can tell what it says and how large it
 * is drawn.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { Drawing, fontAt, measure as measureIn, wrap as wrapIn, type Anchor } from '../src/integrations/cards/glyphs.ts';

export type Weight = 400 | 500 | 600 | 700 | 800;
export type { Anchor };

export interface TextStyle {
  size: number;
  weight: Weight;
  fill: string;
  anchor?: Anchor;
}

const require = createRequire(import.meta.url);
// The static WOFF files: fontkit cannot take an instance of the variable WOFF2 the site serves.
const FILES = path.join(path.dirname(require.resolve('@fontsource/plus-jakarta-sans/package.json')), 'files');

const fontOf = (weight: Weight) => fontAt(path.join(FILES, `plus-jakarta-sans-latin-${weight}-normal.woff`));

/** How wide a line is drawn, in user units. */
export function measure(text: string, size: number, weight: Weight): number {
  return measureIn(fontOf(weight), text, size);
}

/** The words of `text` broken into lines no wider than `width`. */
export function wrap(text: string, width: number, size: number, weight: Weight): string[] {
  return wrapIn(fontOf(weight), text, width, size);
}

/** The glyphs the labels drawn since the last takeGlyphs() use (src/cards/glyphs.ts draws them). */
let drawing = new Drawing();

/**
 * One line of text, its baseline at y: a group of <use>s of glyph outlines
 * (takeGlyphs() gives their <defs>), far smaller than an outline per letter.
 */
export function label(text: string, x: number, y: number, style: TextStyle): string {
  return drawing.label(fontOf(style.weight), String(style.weight), text, x, y, style);
}

/** The <defs> of the glyphs used since the last call, and a fresh start for the next drawing. */
function takeGlyphs(): string {
  const defs = drawing.defs();
  drawing = new Drawing();
  return defs;
}

export interface DocumentOptions {
  /** A rounded ground under the whole drawing. */
  ground?: string;
  /** CSS for the drawing's motion. */
  style?: string;
  /** More attributes of the <svg> (a logo's role and name). */
  attributes?: string;
}

/** A whole SVG file around `body`: the outlines of the glyphs its labels use, then its ground, then the body. */
export function svgDocument(width: number, height: number, body: string, options: DocumentOptions = {}): string {
  const { ground, style, attributes } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${attributes ? ` ${attributes}` : ''}>`
    + `${style ? `<style>${style}</style>` : ''}${takeGlyphs()}`
    + `${ground ? `<rect width="${width}" height="${height}" rx="16" fill="${ground}"/>` : ''}${body}</svg>\n`;
}

/** Lines of text one under another, the first baseline at y. */
export function lines(texts: string[], x: number, y: number, style: TextStyle, leading = style.size * 1.3): string {
  return texts.map((text, index) => label(text, x, y + index * leading, style)).join('');
}
