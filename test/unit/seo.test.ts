/**
 * What search engines and social networks read from the real build: the
 * Organization JSON-LD on the home page, and on every page a description,
 * a canonical URL and Open Graph and Twitter card tags with an image that
 * the build holds.
 */
import { access, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildRealSite } from '../helpers/site.ts';

/** The attributes of every <meta> and <link> of the page, in source order. */
function headTags(html: string, tag: 'meta' | 'link'): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attributes]) =>
    Object.fromEntries([...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), decode(value)])));
}

function decode(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

test('the home page describes the company as schema.org Organization JSON-LD', async () => {
  const { outDir, model } = await buildRealSite();
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(block, 'missing: <script type="application/ld+json"> on /');
  const data = JSON.parse(block[1]);
  assert.is(data['@context'], 'https://schema.org');
  assert.is(data['@type'], 'Organization');
  assert.is(data.name, model.site.name);
  assert.is(new URL(data.url).origin, new URL(model.site.url).origin, 'the site URL');
  assert.match(data.logo, /^https:\/\//, 'an absolute logo URL');
});

test('every page has a description, a canonical URL, and Open Graph and Twitter card tags with an image', async () => {
  const { outDir, model } = await buildRealSite();
  const files = (await readdir(outDir)).filter((file) => file.endsWith('.html') && file !== '404.html');
  const problems: string[] = [];
  for (const file of files) {
    const html = await readFile(path.join(outDir, file), 'utf8');
    const meta = headTags(html, 'meta');
    const content = (key: string) => meta.find((tag) => tag.property === key || tag.name === key)?.content;
    for (const key of ['description', 'og:type', 'og:title', 'og:description', 'og:url', 'og:image', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
      if (!content(key)) problems.push(`${file}: missing ${key}`);
    }
    if (content('twitter:card') !== 'summary_large_image') problems.push(`${file}: twitter:card is ${content('twitter:card')}`);
    const canonical = headTags(html, 'link').find((tag) => tag.rel === 'canonical')?.href;
    if (!canonical?.startsWith(model.site.url)) problems.push(`${file}: canonical ${canonical}`);
    if (content('og:url') !== canonical) problems.push(`${file}: og:url ${content('og:url')} is not the canonical ${canonical}`);
    for (const key of ['og:image', 'twitter:image']) {
      const image = content(key);
      if (!image) continue;
      const url = new URL(image);
      if (url.origin !== new URL(model.site.url).origin) problems.push(`${file}: ${key} ${image} is not on the site`);
      else await access(path.join(outDir, decodeURIComponent(url.pathname))).catch(() => problems.push(`${file}: ${key} ${url.pathname} is not in the build`));
    }
  }
  assert.ok(problems.length === 0, problems.join('\n'));
});

test.run();
