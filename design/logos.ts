/**
 * The sample client logos of the home page's "Trusted by" carousel: names
 * of our own, made up for the sample site and marked as samples in each
 * file and in content/data/logos.yaml, drawn as one quiet slate colour so
 * that no sample outshines another. Replace them with real client logos.
 */
import { label, measure, svgDocument, type Weight } from './text.ts';
import type { Drawing } from './diagrams.ts';

const INK = '#3d4b66';
const WIDTH = 200;
const HEIGHT = 64;

/** Simple marks, each drawn in a 32-unit square at (x, y). */
const MARKS: Record<string, (x: number, y: number) => string> = {
  arch: (x, y) => `<path d="M${x + 2} ${y + 30}V${y + 16}a14 14 0 0 1 28 0V${y + 30}h-7V${y + 16}a7 7 0 0 0-14 0V${y + 30}Z"/>`,
  rings: (x, y) => `<circle cx="${x + 11}" cy="${y + 16}" r="8.5" fill="none" stroke="${INK}" stroke-width="4"/><circle cx="${x + 21}" cy="${y + 16}" r="8.5" fill="none" stroke="${INK}" stroke-width="4" stroke-opacity=".55"/>`,
  bars: (x, y) => `<rect x="${x + 2}" y="${y + 18}" width="6" height="12" rx="1.5"/><rect x="${x + 13}" y="${y + 10}" width="6" height="20" rx="1.5"/><rect x="${x + 24}" y="${y + 2}" width="6" height="28" rx="1.5"/>`,
  diamond: (x, y) => `<path d="M${x + 16} ${y + 1}L${x + 31} ${y + 16}L${x + 16} ${y + 31}L${x + 1} ${y + 16}Z"/><path d="M${x + 16} ${y + 9}L${x + 23} ${y + 16}L${x + 16} ${y + 23}L${x + 9} ${y + 16}Z" fill="#fff"/>`,
  leaf: (x, y) => `<path d="M${x + 3} ${y + 29}C${x + 3} ${y + 12} ${x + 13} ${y + 3} ${x + 30} ${y + 3}C${x + 30} ${y + 20} ${x + 20} ${y + 29} ${x + 3} ${y + 29}Z"/><path d="M${x + 7} ${y + 25}L${x + 22} ${y + 10}" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>`,
  wave: (x, y) => `<path d="M${x + 1} ${y + 12}q7.5-8 15 0t15 0M${x + 1} ${y + 21}q7.5-8 15 0t15 0" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`,
  hexagon: (x, y) => `<path d="M${x + 16} ${y + 1}l13.5 7.8v15.6L${x + 16} ${y + 32}l-13.5-7.6V${y + 8.8}Z"/><circle cx="${x + 16}" cy="${y + 16.5}" r="5.5" fill="#fff"/>`,
  spark: (x, y) => `<path d="M${x + 16} ${y + 1}l3.6 11.4L${x + 31} ${y + 16}l-11.4 3.6L${x + 16} ${y + 31}l-3.6-11.4L${x + 1} ${y + 16}l11.4-3.6Z"/>`,
  chevrons: (x, y) => `<path d="M${x + 3} ${y + 6}l10 10-10 10M${x + 15} ${y + 6}l10 10-10 10" fill="none" stroke="${INK}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>`,
  shield: (x, y) => `<path d="M${x + 16} ${y + 1}l13 5v9c0 8-5.5 13.5-13 16.5C${x + 8.5} ${y + 28.5} ${x + 3} ${y + 23} ${x + 3} ${y + 15}V${y + 6}Z"/>`,
  pin: (x, y) => `<path d="M${x + 16} ${y + 31}C${x + 8} ${y + 22} ${x + 5} ${y + 17} ${x + 5} ${y + 12}a11 11 0 0 1 22 0c0 5-3 10-11 19Z"/><circle cx="${x + 16}" cy="${y + 12}" r="4.5" fill="#fff"/>`,
  cart: (x, y) => `<path d="M${x + 1} ${y + 5}h5l4 17h16l3.5-12H${x + 8.5}" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"/><circle cx="${x + 12}" cy="${y + 28}" r="2.8"/><circle cx="${x + 24}" cy="${y + 28}" r="2.8"/>`,
  quill: (x, y) => `<path d="M${x + 30} ${y + 2}C${x + 16} ${y + 4} ${x + 7} ${y + 14} ${x + 5} ${y + 27}l4-1C${x + 13} ${y + 17} ${x + 22} ${y + 9} ${x + 30} ${y + 2}Z"/><path d="M${x + 3} ${y + 30}l4-5" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`,
  columns: (x, y) => `<path d="M${x + 16} ${y + 1}L${x + 31} ${y + 9}H${x + 1}Z"/><rect x="${x + 4}" y="${y + 12}" width="4.5" height="14"/><rect x="${x + 13.75}" y="${y + 12}" width="4.5" height="14"/><rect x="${x + 23.5}" y="${y + 12}" width="4.5" height="14"/><rect x="${x + 1}" y="${y + 28}" width="30" height="3.5"/>`,
};

interface SampleLogo { file: string; name: string; word: string; line?: string; mark: keyof typeof MARKS; weight?: Weight }

/** The fourteen sample clients, in the carousel's order. */
export const SAMPLE_LOGOS: SampleLogo[] = [
  { file: 'harbourlane-bank', name: 'Harbourlane Bank', word: 'Harbourlane', line: 'BANK', mark: 'arch' },
  { file: 'paywick', name: 'Paywick', word: 'paywick', mark: 'rings', weight: 800 },
  { file: 'kestrelwood-finance', name: 'Kestrelwood Finance', word: 'Kestrelwood', line: 'FINANCE', mark: 'bars' },
  { file: 'saffronline-metro', name: 'Saffronline Metro', word: 'SAFFRONLINE', line: 'METRO', mark: 'chevrons', weight: 800 },
  { file: 'cobaltcare-health', name: 'Cobaltcare Health', word: 'Cobaltcare', line: 'HEALTH', mark: 'hexagon' },
  { file: 'lanternly-retail', name: 'Lanternly Retail', word: 'lanternly', line: 'RETAIL', mark: 'spark', weight: 800 },
  { file: 'granitebay-credit', name: 'Granitebay Credit', word: 'Granitebay', line: 'CREDIT UNION', mark: 'columns' },
  { file: 'tidemark-telecom', name: 'Tidemark Telecom', word: 'Tidemark', line: 'TELECOM', mark: 'wave' },
  { file: 'emberfield-energy', name: 'Emberfield Energy', word: 'Emberfield', line: 'ENERGY', mark: 'leaf' },
  { file: 'junipath-logistics', name: 'Junipath Logistics', word: 'JUNIPATH', line: 'LOGISTICS', mark: 'pin', weight: 800 },
  { file: 'bramblecart', name: 'Bramblecart', word: 'bramblecart', mark: 'cart', weight: 800 },
  { file: 'ridgeway-insure', name: 'Ridgeway Insure', word: 'Ridgeway', line: 'INSURE', mark: 'shield' },
  { file: 'quillon-labs', name: 'Quillon Labs', word: 'Quillon', line: 'LABS', mark: 'quill' },
  { file: 'civicgate-gov', name: 'Civicgate Gov', word: 'Civicgate', line: 'PUBLIC SERVICES', mark: 'diamond' },
];

/** A wordmark beside its mark, the pair centred in the 200 × 64 box the carousel gives each logo. */
function logo(sample: SampleLogo): string {
  const weight = sample.weight ?? 700;
  const room = WIDTH - 16 - 32 - 10;
  let size = 22;
  while (measure(sample.word, size, weight) > room && size > 12) size -= 0.5;
  const lineSize = 9;
  const lineWidth = sample.line ? measure(sample.line, lineSize, 600) + sample.line.length * 1.6 : 0;
  const wordWidth = Math.max(measure(sample.word, size, weight), lineWidth);
  const left = (WIDTH - (32 + 10 + wordWidth)) / 2;
  const wordX = left + 42;
  const mid = HEIGHT / 2;
  const word = label(sample.word, wordX, sample.line ? mid + 2 : mid + size * 0.36, { size, weight, fill: INK });
  const line = sample.line ? spaced(sample.line, wordX, mid + 15, lineSize) : '';
  const body = `<g fill="${INK}">${MARKS[sample.mark](left, mid - 16)}${word}${line}</g>`;
  return svgDocument(WIDTH, HEIGHT, body, { attributes: `role="img" aria-label="${sample.name} (sample client logo)"` });
}

/** A small capitals line with letter-spacing: each letter placed on its own. */
function spaced(text: string, x: number, y: number, size: number): string {
  let pen = x;
  let out = '';
  for (const letter of text) {
    if (letter !== ' ') out += label(letter, pen, y, { size, weight: 600, fill: INK });
    pen += measure(letter, size, 600) + 1.6;
  }
  return `<g data-text="${text}">${out}</g>`;
}

export function logos(): Drawing[] {
  return SAMPLE_LOGOS.map((sample) => ({ name: `logos/${sample.file}.svg`, svg: logo(sample) }));
}
