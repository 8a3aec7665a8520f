/**
 * The design system's rules that a file can show: every colour and type size
 * of the stylesheets comes from the tokens, and no picture of the site is a
 * sentence set in whatever font the visitor's system has.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import yaml from 'js-yaml';
import { imageSize } from 'image-size';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/site.ts';

const STYLES = path.join(REPO_ROOT, 'templates', 'styles');
const TOKENS = '00-tokens.css';
/** The fonts file names weight ranges of the font files themselves, not of text. */
const FONT_FACES = '01-fonts.css';

async function stylesheets(): Promise<{ file: string; css: string }[]> {
  const files = (await readdir(STYLES)).filter((file) => file.endsWith('.css') && file !== TOKENS).sort();
  return Promise.all(files.map(async (file) => ({ file, css: await readFile(path.join(STYLES, file), 'utf8') })));
}

/** Each match of a pattern, as file:line and the line. */
function findings(file: string, css: string, pattern: RegExp): string[] {
  return css.split('\n').flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

test('every colour in the stylesheets is a token of 00-tokens.css', async () => {
  const found = (await stylesheets()).flatMap(({ file, css }) => findings(file, css, /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|oklch)\(/i));
  assert.equal(found, [], `colours written outside the tokens:\n${found.join('\n')}`);
});

test('every font size and weight in the stylesheets is a token of 00-tokens.css', async () => {
  const found = (await stylesheets())
    .filter(({ file }) => file !== FONT_FACES)
    .flatMap(({ file, css }) => findings(file, css, /font-size:\s*[\d.]+(?:px|rem|em)|font-weight:\s*\d/));
  assert.equal(found, [], `type set outside the scale:\n${found.join('\n')}`);
});

test('the token file documents each token in templates/styles/README.md', async () => {
  const tokens = [...(await readFile(path.join(STYLES, TOKENS), 'utf8')).matchAll(/^\s*(--[a-z0-9-]+):/gm)].map((match) => match[1]);
  const readme = await readFile(path.join(STYLES, 'README.md'), 'utf8');
  assert.ok(tokens.length > 20, `only ${tokens.length} tokens found`);
  const missing = tokens.filter((token) => !readme.includes(`\`${token}\``));
  assert.equal(missing, [], `tokens the README does not explain: ${missing.join(', ')}`);
});

/** SVG files under public/img/, relative to it. */
async function svgs(dir = path.join(REPO_ROOT, 'public', 'img')): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.svg'))
    .map((entry) => path.relative(path.join(REPO_ROOT, 'public', 'img'), path.join(entry.parentPath, entry.name))).sort();
}

test('no illustration, logo, badge or photo carries text set in a system font', async () => {
  const files = await svgs();
  assert.ok(files.length >= 40, `only ${files.length} SVG files found`);
  const withText: string[] = [];
  for (const file of files) {
    if (/<text\b/.test(await readFile(path.join(REPO_ROOT, 'public', 'img', file), 'utf8'))) withText.push(file);
  }
  assert.equal(withText, [], `images with <text>: ${withText.join(', ')}`);
});

test('the portraits and the certification badges are drawn in the brand\'s colours only (tokens, white, or the navy of the ground)', async () => {
  const tokens = await readFile(path.join(STYLES, TOKENS), 'utf8');
  const brand = new Set([...tokens.matchAll(/--color-[a-z-]+:\s*(#[0-9a-f]{6})\b/gi)].map((match) => match[1].toLowerCase()));
  brand.add('#ffffff').add('#fff');
  assert.ok(brand.has('#1158e6') && brand.has('#0f766e'), 'the primary and the accent are tokens');
  const off: string[] = [];
  for (const file of (await svgs()).filter((name) => name.startsWith('people/') || name.startsWith('cert/') || name === 'logo-on-dark.svg')) {
    const svg = await readFile(path.join(REPO_ROOT, 'public', 'img', file), 'utf8');
    for (const [, colour] of svg.matchAll(/(?:fill|stroke|stop-color)="(#[0-9a-f]{3,6})"/gi)) {
      if (!brand.has(colour.toLowerCase())) off.push(`${file}: ${colour}`);
    }
  }
  assert.equal(off, [], 'colours outside the brand');
});

test('no SVG of the site holds a script, an event handler or a link to elsewhere', async () => {
  const found: string[] = [];
  for (const file of await svgs()) {
    const svg = await readFile(path.join(REPO_ROOT, 'public', 'img', file), 'utf8');
    if (/<script\b|\son[a-z]+\s*=|<foreignObject\b|href\s*=\s*"(?!#)/i.test(svg)) found.push(file);
  }
  assert.equal(found, [], `SVG files with active content: ${found.join(', ')}`);
});

/** An MP4's length in seconds, from its movie header (moov > mvhd). */
/** The offset of the first box of a type between two offsets of an MP4 file. */
function mp4Box(bytes: Buffer, from: number, to: number, type: string): number {
  for (let at = from; at + 8 <= to;) {
    const size = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === type) return at;
    if (size < 8) break;
    at += size;
  }
  throw new Error(`no ${type} box`);
}

function mp4Duration(bytes: Buffer): number {
  const box = (from: number, to: number, type: string) => mp4Box(bytes, from, to, type);
  const moov = box(0, bytes.length, 'moov');
  const mvhd = box(moov + 8, moov + bytes.readUInt32BE(moov), 'mvhd');
  const version = bytes[mvhd + 8];
  const timescale = bytes.readUInt32BE(mvhd + (version === 1 ? 28 : 20));
  const duration = version === 1 ? Number(bytes.readBigUInt64BE(mvhd + 32)) : bytes.readUInt32BE(mvhd + 24);
  return duration / timescale;
}

/** The frame size of an MP4's first track, from its track header (16.16 fixed point). */
function mp4Size(bytes: Buffer): { width: number; height: number } {
  const moov = mp4Box(bytes, 0, bytes.length, 'moov');
  const trak = mp4Box(bytes, moov + 8, moov + bytes.readUInt32BE(moov), 'trak');
  const tkhd = mp4Box(bytes, trak + 8, trak + bytes.readUInt32BE(trak), 'tkhd');
  const at = tkhd + (bytes[tkhd + 8] === 1 ? 96 : 84);
  return { width: bytes.readUInt32BE(at) / 65536, height: bytes.readUInt32BE(at + 4) / 65536 };
}

interface VideoBlock { page: string; copy: string; src: string; poster: string; narrow?: { src?: string; poster?: { src?: string } } }

/** Every video block of the pages' content ({ src, poster, label, narrow? }), with its copy: the text or intro beside it (its own on the home page, its section's elsewhere). */
async function videoBlocks(): Promise<VideoBlock[]> {
  const dir = path.join(REPO_ROOT, 'content', 'pages');
  const found: VideoBlock[] = [];
  const visit = (page: string, value: unknown, copy = '') => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const own = String(record.text ?? record.intro ?? copy);
    if (typeof record.src === 'string' && record.src.endsWith('.mp4')) {
      found.push({ page, copy: own, src: record.src, poster: (record.poster as { src?: string } | undefined)?.src ?? '', narrow: record.narrow as VideoBlock['narrow'] });
      return;
    }
    for (const child of Object.values(record)) visit(page, child, own);
  };
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.yaml'))) visit(file, yaml.load(await readFile(path.join(dir, file), 'utf8')));
  return found;
}

test('each video lasts as long as the words beside it say, and starts on a poster of its own', async () => {
  const found = await videoBlocks();
  assert.is(found.length, 3, 'the home, adaptive and password-less videos');
  for (const video of found) {
    const said = video.copy.match(/\bin (\d+) seconds\b/i);
    assert.ok(said, `${video.page}: the copy beside ${video.src} does not say how long it runs: "${video.copy}"`);
    const seconds = mp4Duration(await readFile(path.join(REPO_ROOT, 'public', video.src)));
    assert.ok(Math.abs(seconds - Number(said[1])) <= 1, `${video.page}: ${video.src} runs ${seconds.toFixed(1)} s; its copy says ${said[1]}`);
    assert.ok(video.poster.endsWith(`${path.basename(video.src, '.mp4')}-poster.webp`), `${video.page}: the poster ${video.poster} is not the video's own first frame`);
  }
});

test('each video has a narrow source with its own poster: a 4:5 cut as long as the wide one, which phones read', async () => {
  const found = await videoBlocks();
  assert.is(found.length, 3, 'the home, adaptive and password-less videos');
  for (const video of found) {
    const name = path.basename(video.src, '.mp4');
    assert.ok(video.narrow, `${video.page}: ${video.src} has no narrow cut`);
    assert.is(video.narrow.src, `/video/${name}-narrow.mp4`, `${video.page}: the narrow cut of ${video.src}`);
    assert.is(video.narrow.poster?.src, `/img/video/${name}-narrow-poster.webp`, `${video.page}: the narrow cut's poster is not its own first frame`);
    const wide = await readFile(path.join(REPO_ROOT, 'public', video.src));
    const narrow = await readFile(path.join(REPO_ROOT, 'public', video.narrow.src!));
    assert.equal(mp4Size(wide), { width: 1920, height: 1080 }, `${video.src}: the wide cut`);
    // 4:5 at 2× a 400 × 500 stage, whose smallest words are 17 px: 14 px on a 375 px phone, which shows it about 335 px wide.
    assert.equal(mp4Size(narrow), { width: 800, height: 1000 }, `${video.narrow.src}: the narrow cut`);
    assert.ok(Math.abs(mp4Duration(narrow) - mp4Duration(wide)) < 0.1, `${video.narrow.src} runs ${mp4Duration(narrow).toFixed(1)} s, the wide cut ${mp4Duration(wide).toFixed(1)} s`);
    const poster = imageSize(await readFile(path.join(REPO_ROOT, 'public', video.narrow.poster!.src!)));
    assert.equal([poster.width, poster.height], [800, 1000], `${video.narrow.poster!.src}: the narrow cut's poster`);
  }
});

/** A software vendor's well-known fictional companies, which a bank's buyer has seen in a hundred demos. */
const BORROWED_SAMPLE_NAMES = /northwind|contoso|fabrikam|tailspin|litware|adatum|woodgrove|proseware|lucerne|wingtip|fourth coffee|alpine ski|trey research|relecloud|wide world importers|adventure works/i;

test('the Trusted-by logos are sample clients of our own, each file marked as a sample and named as the carousel names it', async () => {
  const logos = yaml.load(await readFile(path.join(REPO_ROOT, 'content', 'data', 'logos.yaml'), 'utf8')) as { src: string; alt: string }[];
  assert.is(logos.length, 14);
  for (const logo of logos) {
    assert.not.match(logo.alt, BORROWED_SAMPLE_NAMES, `${logo.src}: a borrowed sample name`);
    const svg = await readFile(path.join(REPO_ROOT, 'public', logo.src), 'utf8');
    assert.ok(svg.includes(`aria-label="${logo.alt} (sample client logo)"`), `${logo.src} is not marked as the sample logo of ${logo.alt}`);
  }
  const files = (await svgs()).filter((file) => file.startsWith('logos/'));
  assert.equal(files.sort(), logos.map((logo) => logo.src.slice('/img/'.length)).sort(), 'public/img/logos/ holds the carousel\'s logos and no others');
});

/** Every image block of the content files that shows a diagram: its alt text, and the files of all its drawings. */
async function diagramBlocks(): Promise<{ page: string; alt: string; files: string[] }[]> {
  const dir = path.join(REPO_ROOT, 'content', 'pages');
  const blocks: { page: string; alt: string; files: string[] }[] = [];
  const visit = (page: string, value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const image = record.image as { src?: string; alt?: string } | undefined;
    if (image?.src?.startsWith('/img/diagrams/')) {
      const files = [image.src, record.still, record.narrow, record.narrowStill].filter((file): file is string => typeof file === 'string');
      blocks.push({ page, alt: image.alt ?? '', files });
    }
    for (const child of Object.values(record)) visit(page, child);
  };
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.yaml'))) visit(file, yaml.load(await readFile(path.join(dir, file), 'utf8')));
  return blocks;
}

test('each diagram is drawn in the brand face, with every label in its alt text, and a narrow drawing for phones', async () => {
  const blocks = await diagramBlocks();
  assert.is(blocks.length, 3, 'the adaptive flow, the password-less benefits and the continuous session');
  const words = (text: string) => text.toLowerCase().replace(/\u2019/g, "'").replace(/\s*\/\s*/g, '/').replace(/[^a-z0-9%'/.-]+/g, ' ').trim();
  for (const block of blocks) {
    assert.ok(block.files.some((file) => file.includes('narrow')), `${block.page}: ${block.files[0]} has no narrow drawing`);
    for (const file of block.files) {
      const svg = await readFile(path.join(REPO_ROOT, 'public', file), 'utf8');
      const labels = [...svg.matchAll(/data-text="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
      assert.ok(labels.length >= 6, `${file}: only ${labels.length} labels`);
      const missing = labels.filter((text) => !words(block.alt).includes(words(text)));
      assert.equal(missing, [], `${block.page}: labels of ${file} that its alt text does not say`);
    }
  }
});

test.run();
