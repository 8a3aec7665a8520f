/**
 * The design system's rules that a file can show: every colour and type size
 * of the stylesheets comes from the tokens, and no picture of the site is a
 * sentence set in whatever font the visitor's system has.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
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
  // The diagrams are labelled figures whose alt text spells out each label; the Open Graph
  // source is the drawing of og-image.png, which only other sites show.
  const labelled = (file: string) => file.startsWith('diagrams/') || file === 'og-image.svg';
  const files = (await svgs()).filter((file) => !labelled(file));
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

test.run();
