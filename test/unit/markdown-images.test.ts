/**
 * Images in Markdown bodies get what image() fields get: the size from the
 * file, lazy loading, and AVIF and WebP variants of a PNG or JPEG.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { initStarter } from '../helpers/starter.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

async function newsSite(body: string): Promise<string> {
  const root = await initStarter('news', 'sitegen-md-images-');
  const post = path.join(root, 'content', 'pages', 'news', 'hello-world.md');
  await writeFile(post, `${await readFile(post, 'utf8')}\n${body}\n`);
  return root;
}

const images = suite('images in Markdown bodies');

images('a PNG gets its size, lazy loading and AVIF and WebP variants; an SVG its size', async () => {
  const root = await newsSite('![The newsroom at night](/img/newsroom.png "Our newsroom")\n\nAnd relative: ![](../img/newsroom.png)\n\n![The site icon](/favicon.svg)');
  await buildSite({ root, now: NOW });
  const html = await readFile(path.join(root, 'dist', 'news', 'hello-world.html'), 'utf8');
  const picture = /<picture><source type="image\/avif" srcset="([^"]+)" sizes="[^"]+"><source type="image\/webp" srcset="([^"]+)" sizes="[^"]+"><img src="\/img\/newsroom.png" alt="The newsroom at night" title="Our newsroom" width="(\d+)" height="(\d+)" loading="lazy" decoding="async"><\/picture>/.exec(html);
  assert.ok(picture, `no <picture> for the PNG in:\n${html.slice(html.indexOf('<main'), html.indexOf('</main>'))}`);
  for (const srcset of [picture[1], picture[2]]) {
    for (const candidate of srcset.split(', ')) {
      const url = candidate.split(' ')[0];
      assert.ok(existsSync(path.join(root, 'dist', url)), `the variant ${url} was written`);
    }
  }
  assert.match(html, /<img src="\/img\/newsroom.png" alt="" width="\d+" height="\d+" loading="lazy" decoding="async">/, 'a relative address too, resolved from the page\'s folder');
  assert.match(html, /<img src="\/favicon.svg" alt="The site icon" width="\d+" height="\d+" loading="lazy" decoding="async">/);
  assert.not.match(html, /<picture><source[^>]*><source[^>]*><img src="\/favicon.svg"/, 'an SVG has no variants');
});

images('a missing image stops the build at its line of the .md file', async () => {
  const root = await newsSite('![The newsroom](/img/newsrom.png)');
  const source = await readFile(path.join(root, 'content', 'pages', 'news', 'hello-world.md'), 'utf8');
  const line = source.split('\n').findIndex((text) => text.includes('newsrom.png')) + 1;
  const errors = await buildSite({ root, now: NOW }).then(() => assert.unreachable('built') as never, (error: SiteErrors) => error.errors);
  const error = errors.find((item) => item.message.includes('newsrom.png'));
  assert.ok(error, errors.map((item) => item.message).join('\n'));
  assert.is(error.location?.file, 'content/pages/news/hello-world.md');
  assert.is(error.location?.line, line);
  assert.match(error.hint ?? '', '/img/newsroom.png', 'did you mean');
});

images.run();
