/**
 * Code blocks as a site sets them: site.yaml's code theme (Prism's token
 * classes in a light and a dark scheme, chosen by the visitor's system,
 * every colour readable on its background and on a marked line's, WCAG's
 * 4.5:1 for text) built into the stylesheet or left out; and the
 * templates/markdown.ts `code` entry (the starters' copy button) beside each
 * block, or nothing where a site has none.
 */
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
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

test('a light and a dark theme, each colour at least 4.5:1 on its background and on a marked line', async () => {
  const css = await readFile(path.join(REPO_ROOT, 'src', 'markdown', 'themes', 'github.css'), 'utf8');
  const dark = /@media \(prefers-color-scheme: dark\) \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  const light = css.slice(0, css.indexOf('@media (prefers-color-scheme: dark)'));
  for (const [scheme, block] of [['light', light], ['dark', dark]] as const) {
    const { bg, mark, border, ...text } = colours(block);
    assert.ok(bg && mark && border, `${scheme}: a background, a marked line's, a border`);
    assert.equal(Object.keys(text).sort(), ['comment', 'function', 'keyword', 'name', 'string', 'text', 'value'], scheme);
    for (const [name, colour] of Object.entries(text)) {
      for (const ground of [bg, mark]) assert.ok(contrast(colour, ground) >= 4.5, `${scheme} ${name} ${colour} on ${ground}: ${contrast(colour, ground).toFixed(2)}:1`);
    }
  }
  // A site's theme switch (the docs starter's) chooses dark with data-theme on <html>: the same colours as the system's dark.
  const chosen = /:root\[data-theme='dark'\] \{([^}]*)\}/.exec(css)?.[1] ?? '';
  assert.equal(colours(chosen), colours(dark));
  assert.match(dark, ":root:not([data-theme='light'])", 'a visitor who chose light keeps it on a dark system');
});

test('every starter builds the theme into its stylesheet', async () => {
  for (const starter of ['basic', 'news', 'docs'] as const) {
    const root = await initStarter(starter, 'sitegen-code-theme-');
    await buildSite({ root });
    const assets = path.join(root, 'dist', 'assets');
    const sheet = (await readdir(assets)).find((file) => file.endsWith('.css'))!;
    const css = await readFile(path.join(assets, sheet), 'utf8');
    assert.match(css, '.token.keyword', starter);
    assert.match(css, '.code-title', starter);
    assert.match(css, /prefers-color-scheme: ?dark/, starter);
  }
});

test('theme none leaves the colours to the site; an unknown theme is an error at its line; the change rebundles', async () => {
  const root = await initStarter('basic', 'sitegen-code-theme-none-');
  const siteFile = path.join(root, 'content', 'site.yaml');
  const site = await readFile(siteFile, 'utf8');
  await buildSite({ root });
  await writeFile(siteFile, site.replace('theme: github', 'theme: none'));
  await buildSite({ root });
  const sheetOf = async () => readFile(path.join(root, 'dist', 'assets', (await readdir(path.join(root, 'dist', 'assets'))).find((file) => file.endsWith('.css'))!), 'utf8');
  assert.not.match(await sheetOf(), '.token.keyword', 'the warm build bundled again without the theme');
  await writeFile(siteFile, site.replace('theme: github', 'theme: monokai'));
  try {
    await buildSite({ root });
    assert.unreachable('an unknown theme built');
  } catch (error) {
    assert.instance(error, SiteErrors);
    const [first] = (error as SiteErrors).errors;
    assert.is(first.location?.file, 'content/site.yaml');
    assert.is(first.location?.line, site.split('\n').findIndex((line) => line.includes('theme: github')) + 1);
    assert.match(first.message, '"github"');
  }
});

test('a site with no code entry shows code blocks bare; a ::: code block is an error at its line', async () => {
  const root = await initStarter('basic', 'sitegen-code-entry-');
  await rm(path.join(root, 'templates', 'markdown.ts'));
  const page = path.join(root, 'content', 'pages', 'index.md');
  const source = await readFile(page, 'utf8');
  await writeFile(page, `${source}\n\n\`\`\`sh\nnpm start\n\`\`\`\n`);
  const { outDir } = await buildSite({ root });
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  assert.match(html, '<figure class="code-block"><pre tabindex="0"><code class="language-sh">');
  assert.not.match(html, /sitegen-md|sitegen-island|<button/, 'no placeholder and no button');
  await writeFile(page, `${source}\n\n::: code\n:::\n`);
  try {
    await buildSite({ root });
    assert.unreachable('a ::: code block built');
  } catch (error) {
    const [first] = (error as SiteErrors).errors;
    assert.is(first.location?.line, source.split('\n').length + 2);
    assert.match(first.message, 'not a block of its own');
  }
});

test.run();
