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
import * as fontkit from 'fontkit';

export type Weight = 400 | 500 | 600 | 700 | 800;
export type Anchor = 'start' | 'middle' | 'end';

export interface TextStyle {
  size: number;
  weight: Weight;
  fill: string;
  anchor?: Anchor;
}

const require = createRequire(import.meta.url);
// The static WOFF files: fontkit cannot take an instance of the variable WOFF2 the site serves.
const FILES = path.join(path.dirname(require.resolve('@fontsource/plus-jakarta-sans/package.json')), 'files');
const fonts = new Map<Weight, fontkit.Font>();

function fontOf(weight: Weight): fontkit.Font {
  let font = fonts.get(weight);
  if (!font) {
    font = fontkit.openSync(path.join(FILES, `plus-jakarta-sans-latin-${weight}-normal.woff`)) as fontkit.Font;
    fonts.set(weight, font);
  }
  return font;
}

/** How wide a line is drawn, in user units. */
export function measure(text: string, size: number, weight: Weight): number {
  const font = fontOf(weight);
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

/** The words of `text` broken into lines no wider than `width`. */
export function wrap(text: string, width: number, size: number, weight: Weight): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`, size, weight) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The glyphs the labels drawn since the last takeGlyphs() use, each outline once, in font units. */
const used = new Map<string, string>();

/**
 * One line of text, its baseline at y: a group of <use>s of glyph outlines
 * (takeGlyphs() gives their <defs>), far smaller than an outline per letter.
 */
export function label(text: string, x: number, y: number, style: TextStyle): string {
  const font = fontOf(style.weight);
  const scale = style.size / font.unitsPerEm;
  const run = font.layout(text);
  const width = run.advanceWidth * scale;
  const left = style.anchor === 'middle' ? x - width / 2 : style.anchor === 'end' ? x - width : x;
  let pen = 0;
  let uses = '';
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    const id = `g${style.weight}-${glyph.id}`;
    if (glyph.path.commands.length > 0) {
      if (!used.has(id)) used.set(id, glyph.path.scale(1, -1).toSVG());
      uses += `<use href="#${id}" x="${pen + position.xOffset}"${position.yOffset ? ` y="${-position.yOffset}"` : ''}/>`;
    }
    pen += position.xAdvance;
  });
  const at = (value: number) => Math.round(value * 100) / 100;
  return `<g data-text="${escapeAttribute(text)}" data-size="${style.size}" fill="${style.fill}" transform="translate(${at(left)} ${at(y)}) scale(${at(scale * 1000) / 1000})">${uses}</g>`;
}

/** The <defs> of the glyphs used since the last call, and a fresh start for the next drawing. */
function takeGlyphs(): string {
  const defs = [...used].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('');
  used.clear();
  return defs ? `<defs>${defs}</defs>` : '';
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

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
