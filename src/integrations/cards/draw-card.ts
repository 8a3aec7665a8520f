/**
 * A social card drawn: the words of a CardSpec as glyph outlines in an SVG
 * of 1200×630, made a PNG by sharp. The outlines come from the site's font
 * (site.yaml `cards.font`) or sitegen's own Plus Jakarta Sans, so a card
 * looks the same on every machine and needs no network and no installed
 * font. A title is set as large as fits in three lines (four at the
 * smallest size), and cut with an ellipsis past that.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';
import type { Font } from 'fontkit';
import { Drawing, fontAt, measure, missingGlyphs, wrap } from './glyphs.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec } from './card-spec.ts';

const require = createRequire(import.meta.url);
let loaded: typeof Sharp | undefined;
const sharp = () => (loaded ??= require('sharp') as typeof Sharp);

/** sitegen's own face, by the part of the card it sets: static WOFF files (fontkit takes no instance of a variable WOFF2). */
const OWN_WEIGHTS = { title: 700, eyebrow: 700, site: 700, host: 500 } as const;
type Part = keyof typeof OWN_WEIGHTS;

function fontsOf(spec: CardSpec, root: string): Record<Part, Font> {
  if (spec.style.font) {
    const font = fontAt(path.join(root, spec.style.font));
    return { title: font, eyebrow: font, site: font, host: font };
  }
  const files = path.join(path.dirname(require.resolve('@fontsource/plus-jakarta-sans/package.json')), 'files');
  const own = (weight: number) => fontAt(path.join(files, `plus-jakarta-sans-latin-${weight}-normal.woff`));
  return { title: own(OWN_WEIGHTS.title), eyebrow: own(OWN_WEIGHTS.eyebrow), site: own(OWN_WEIGHTS.site), host: own(OWN_WEIGHTS.host) };
}

const MARGIN = 80;
const WIDTH = CARD_WIDTH - 2 * MARGIN;
const TITLE_SIZES = [88, 76, 66, 58, 50];
const LEADING = 1.14;

/** The title's lines at the largest size that fits `height`, cut with an ellipsis at the smallest when nothing does. */
function titleLines(font: Font, title: string, height: number): { size: number; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const room = Math.max(1, Math.floor((height - size) / (size * LEADING)) + 1);
    const lines = wrap(font, title, WIDTH, size);
    if (lines.length <= Math.min(room, size === TITLE_SIZES.at(-1) ? 4 : 3) && lines.every((line) => measure(font, line, size) <= WIDTH)) return { size, lines };
  }
  const size = TITLE_SIZES.at(-1)!;
  const room = Math.min(4, Math.max(1, Math.floor((height - size) / (size * LEADING)) + 1));
  const lines = wrap(font, title, WIDTH, size).slice(0, room);
  let last = lines[room - 1] ?? '';
  while (last.length > 1 && measure(font, `${last}…`, size) > WIDTH) last = last.slice(0, -1).trimEnd();
  lines[room - 1] = `${last}…`;
  return { size, lines };
}

/** The card as an SVG document, and the characters its font could not draw. */
export function cardSvg(spec: CardSpec, root: string): { svg: string; missing: string[] } {
  const fonts = fontsOf(spec, root);
  const { background, text, accent } = spec.style;
  const drawing = new Drawing();
  const centred = spec.layout === 'centered';
  const x = centred ? CARD_WIDTH / 2 : MARGIN;
  const anchor = centred ? 'middle' as const : 'start' as const;
  const parts: string[] = [];
  parts.push(drawing.label(fonts.site, 's', spec.site, x, 118, { size: 34, fill: text, anchor }));
  const top = spec.eyebrow ? 300 : 200;
  if (spec.eyebrow) parts.push(drawing.label(fonts.eyebrow, 'e', spec.eyebrow, x, 250, { size: 32, fill: accent, anchor }));
  const { size, lines } = titleLines(fonts.title, spec.title, 490 - top + 10);
  const block = size + (lines.length - 1) * size * LEADING;
  // Left-set titles hang from the top of their room; a centred one sits in the middle of it.
  const first = centred ? top - 10 + (490 - top + 10 - block) / 2 + size * 0.8 : top + size * 0.8;
  lines.forEach((line, index) => parts.push(drawing.label(fonts.title, 't', line, x, first + index * size * LEADING, { size, fill: text, anchor })));
  parts.push(`<rect x="${centred ? CARD_WIDTH / 2 - 48 : MARGIN}" y="522" width="96" height="10" rx="5" fill="${accent}"/>`);
  parts.push(drawing.label(fonts.host, 'h', spec.host, x, 582, { size: 28, fill: text, anchor, opacity: 0.85 }));
  const missing = [...new Set([
    ...missingGlyphs(fonts.site, spec.site), ...missingGlyphs(fonts.eyebrow, spec.eyebrow), ...missingGlyphs(fonts.title, spec.title), ...missingGlyphs(fonts.host, spec.host),
  ])];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`
    + `${drawing.defs()}<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${background}"/>${parts.join('')}</svg>`;
  return { svg, missing };
}

/** The card as a PNG. */
export async function drawCard(spec: CardSpec, root: string): Promise<{ png: Buffer; missing: string[] }> {
  const { svg, missing } = cardSvg(spec, root);
  const png = await sharp()(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, colours: 64 }).toBuffer();
  return { png, missing };
}
