/**
 * The starters' look from site.yaml's `theme` (starters/shared/templates/lib/theme.ts): the accent colours reach
 * every page as custom properties in a <style> the policy hashes, a colour a reader could not read is refused at
 * its line, and the logo stands before the site's name.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import type { SiteError, SiteErrors } from '../../src/errors.ts';
import { cspHash } from '../../src/integrations/api.ts';
import { contrast } from '../../starters/shared/templates/lib/theme.ts';
import { initStarter } from '../helpers/starter.ts';

async function setTheme(root: string, theme: string): Promise<void> {
  const file = path.join(root, 'content/site.yaml');
  const text = await readFile(file, 'utf8');
  const next = text.replace(/^theme:\n(?:  .*\n)+/m, `theme:\n${theme}\n`);
  assert.is.not(next, text, 'the starter has a theme to change');
  await writeFile(file, next);
}

test('contrast is WCAG 2\'s ratio', () => {
  assert.is(contrast('#000000', '#ffffff').toFixed(2), '21.00');
  assert.is(contrast('#ffffff', '#ffffff').toFixed(2), '1.00');
  assert.is(contrast('#0a58ca', '#ffffff').toFixed(2), contrast('#ffffff', '#0a58ca').toFixed(2), 'either order');
  assert.ok(contrast('#767676', '#ffffff') >= 4.5 && contrast('#777777', '#ffffff') < 4.5, 'the known AA edge on white');
});

for (const starter of ['news', 'docs'] as const) {
  test(`${starter}: site.yaml's accents reach every page, light and dark, under a policy that hashes them; the logo stands before the name`, async () => {
    const root = await initStarter(starter);
    // The news starter's cards take the dark accent by its anchor (&accent-dark): it stays.
    await setTheme(root, '  accent: "#8a1c7c"\n  accentDark: &accent-dark "#f0a6e6"\n  logo: { src: /favicon.svg, alt: "" }');
    await buildSite({ root });
    const html = await readFile(path.join(root, 'dist', starter === 'news' ? 'news.html' : 'guides.html'), 'utf8');
    const style = /<style>([^<]*--accent:#8a1c7c[^<]*)<\/style>/.exec(html);
    assert.ok(style, 'the light accent is on the page');
    assert.match(style![1], "@media (prefers-color-scheme:dark){:root:not([data-theme='light']){--accent:#f0a6e6}}");
    assert.match(style![1], ":root[data-theme='dark']{--accent:#f0a6e6}", 'and on a page the visitor made dark');
    assert.match(await readFile(path.join(root, 'dist', '_headers'), 'utf8'), `'${cspHash(style![1])}'`, 'the style\'s hash is in the policy');
    assert.match(html, /<a class="brand" href="\/"[^>]*><img class="brand__logo" src="\/favicon\.svg" alt="" width="\d+" height="\d+"\/>/);
  });

  test(`${starter}: an accent a reader could not read on its page is refused at its line of site.yaml, and nothing is written`, async () => {
    const root = await initStarter(starter);
    await setTheme(root, '  accent: "#ffcc00"\n  accentDark: &accent-dark "#123456"');
    const errors = await buildSite({ root }).then(() => assert.unreachable('the build succeeded') as never, (caught: SiteErrors | SiteError) => ('errors' in caught ? caught.errors : [caught]));
    const told = errors.map((error) => `${error.location?.file}:${error.location?.line} ${error.field}: ${error.message}`);
    const line = (await readFile(path.join(root, 'content/site.yaml'), 'utf8')).split('\n').findIndex((text) => text.includes('#ffcc00')) + 1;
    assert.ok(told.includes(`content/site.yaml:${line} theme.accent: #ffcc00 has 1.51:1 against the light page's #ffffff: links in it would be hard to read; pick a colour of 4.5:1 or more`), told.join('\n'));
    assert.ok(told.some((text) => text.includes(`content/site.yaml:${line + 1} theme.accentDark: #123456 has 1.`) && text.includes(':1 against the dark page\'s')), told.join('\n'));
    assert.not.ok(existsSync(path.join(root, 'dist')), 'nothing was written');
  });
}

test.run();
