/**
 * Words drawn as glyph outlines, for pictures that cannot use a web font (a
 * social card is a PNG; a diagram is shown as <img>): each line is a group
 * of <use>s of the glyphs' outlines, whose <defs> a Drawing collects once
 * per glyph. Text left to the renderer's fonts would be whatever the
 * machine has; outlines look the same on every machine, offline.
 */
import * as fontkit from 'fontkit';
import { escapeXml as escapeHtml, xmlText } from '../api.ts';

export type Anchor = 'start' | 'middle' | 'end';

export interface TextStyle {
  size: number;
  fill: string;
  anchor?: Anchor;
  opacity?: number;
}

const fonts = new Map<string, fontkit.Font>();

/** The font in a file (TTF, OTF, WOFF or WOFF2 with one instance), opened once. */
export function fontAt(file: string): fontkit.Font {
  let font = fonts.get(file);
  if (!font) {
    const opened = fontkit.openSync(file);
    if (!('layout' in opened)) throw new Error(`${file} is a font collection: name one font of it`);
    font = opened;
    fonts.set(file, font);
  }
  return font;
}

/** How wide a line is drawn, in user units. */
export function measure(font: fontkit.Font, text: string, size: number): number {
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

/** The words of `text` broken into lines no wider than `width` (a word wider than that has a line of its own). */
export function wrap(font: fontkit.Font, text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && measure(font, `${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The characters of `text` the font has no glyph for. */
export function missingGlyphs(font: fontkit.Font, text: string): string[] {
  return [...new Set([...text].filter((char) => /\S/.test(char) && !font.hasGlyphForCodePoint(char.codePointAt(0)!)))];
}

/** One drawing's glyph outlines: each used glyph's path once, in font units. */
export class Drawing {
  private readonly glyphs = new Map<string, string>();

  /** One line of text, its baseline at y, as a group of <use>s of glyph outlines. */
  label(font: fontkit.Font, key: string, text: string, x: number, y: number, style: TextStyle): string {
    const scale = style.size / font.unitsPerEm;
    const run = font.layout(text);
    const width = run.advanceWidth * scale;
    const left = style.anchor === 'middle' ? x - width / 2 : style.anchor === 'end' ? x - width : x;
    let pen = 0;
    let uses = '';
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index];
      const id = `g${key}-${glyph.id}`;
      if (glyph.path.commands.length > 0) {
        if (!this.glyphs.has(id)) this.glyphs.set(id, glyph.path.scale(1, -1).toSVG());
        uses += `<use href="#${id}" x="${pen + position.xOffset}"${position.yOffset ? ` y="${-position.yOffset}"` : ''}/>`;
      }
      pen += position.xAdvance;
    });
    const at = (value: number) => Math.round(value * 100) / 100;
    return `<g data-text="${escapeAttribute(text)}" data-size="${style.size}" fill="${style.fill}"${style.opacity === undefined ? '' : ` fill-opacity="${style.opacity}"`}`
      + ` transform="translate(${at(left)} ${at(y)}) scale(${at(scale * 1000) / 1000})">${uses}</g>`;
  }

  /** The <defs> of every glyph drawn so far. */
  defs(): string {
    const paths = [...this.glyphs].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('');
    return paths ? `<defs>${paths}</defs>` : '';
  }
}

/** Text as an XML attribute: escaped, and without the characters XML 1.0 cannot hold at all. */
const escapeAttribute = (text: string) => escapeHtml(xmlText(text));
