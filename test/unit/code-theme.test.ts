/**
 * The starters' code colours: Prism's token classes in a light and a dark
 * theme, chosen by the visitor's system; every colour readable on its
 * background (WCAG's 4.5:1 for text), and in the built stylesheet.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { REPO_ROOT } from '../helpers/site.ts';
import { initStarter } from '../helpers/starter.ts';

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
      .map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The --code-* colours of a block of custom properties. */
const colours = (block: string) => Object.fromEntries([...block.matchAll(/--code-([a-z]+):\s*(#[0-9a-f]{6})/g)].map(([, name, value]) => [name, value]));

test('a light and a dark theme, each colour at least 4.5:1 on its background', async () => {
  const css = await readFile(path.join(REPO_ROOT, 'starter', 'templates', 'styles', 'site.css'), 'utf8');
  const dark = /@media \(prefers-color-scheme: dark\) \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const light = css.slice(0, css.indexOf('@media (prefers-color-scheme: dark)'));
  for (const [scheme, block] of [['light', light], ['dark', dark]] as const) {
    const { bg, ...text } = colours(block);
    assert.ok(bg, `${scheme}: a background`);
    assert.equal(Object.keys(text).sort(), ['comment', 'function', 'keyword', 'name', 'string', 'text', 'value'], scheme);
    for (const [name, colour] of Object.entries(text)) {
      assert.ok(contrast(colour, bg) >= 4.5, `${scheme} ${name} ${colour} on ${bg}: ${contrast(colour, bg).toFixed(2)}:1`);
    }
  }
});

test('both starters build the theme into their stylesheet', async () => {
  for (const starter of ['basic', 'news'] as const) {
    const root = await initStarter(starter, 'sitegen-code-theme-');
    await buildSite({ root });
    const assets = path.join(root, 'dist', 'assets');
    const sheet = (await readdir(assets)).find((file) => file.endsWith('.css'))!;
    const css = await readFile(path.join(assets, sheet), 'utf8');
    assert.match(css, '.token.keyword', starter);
    assert.match(css, /prefers-color-scheme: ?dark/, starter);
  }
});

test.run();
