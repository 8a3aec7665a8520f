/**
 * Tags as Hugo's taxonomies, through the news starter: an index of every
 * tag, a list per tag with its pages, and a tag written two ways is an
 * error with a did-you-mean.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { slugOf } from '../../src/render/taxonomy.ts';
import { initStarter } from '../helpers/starter.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const newsSite = () => initStarter('news', 'sitegen-tags-');

async function setTags(root: string, post: string, tags: string): Promise<void> {
  const file = path.join(root, 'content', 'pages', 'news', post);
  await writeFile(file, (await readFile(file, 'utf8')).replace(/^tags: .*$/m, `tags: ${tags}`));
}

const read = (root: string, file: string) => readFile(path.join(root, 'dist', file), 'utf8');
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

const tags = suite('taxonomies');

tags('a tag\'s address is its slug', () => {
  assert.is(slugOf('Fraud Detection'), 'fraud-detection');
  assert.is(slugOf('  Café & Co. '), 'cafe-co');
  assert.is(slugOf('PSD2'), 'psd2');
});

tags('/tags lists every tag with its count; each tag has its pages, newest first, paginated', async () => {
  const root = await newsSite();
  await setTags(root, 'a-picture/index.md', '[photos, announcements]');
  const template = path.join(root, 'templates', 'pages', 'tags.tsx');
  await writeFile(template, (await readFile(template, 'utf8')).replace('perPage: 10', 'perPage: 1'));
  await buildSite({ root, now: NOW });
  const index = main(await read(root, 'tags.html'));
  assert.match(index, '<a href="/tags/announcements">announcements</a> <span class="terms__count">2</span>');
  assert.match(index, '<a href="/tags/photos">photos</a> <span class="terms__count">1</span>');
  const first = main(await read(root, 'tags/announcements.html'));
  assert.match(first, 'A picture from the newsroom', 'the newest first');
  assert.match(first, '<a rel="next" href="/tags/announcements/2">');
  assert.match(main(await read(root, 'tags/announcements/2.html')), 'Hello, world');
  assert.match(first, '<a href="/tags">All tags</a>');
  assert.match(await read(root, 'sitemap.xml'), '/tags/announcements/2</loc>');
  assert.match(await read(root, 'news/hello-world.html'), '<a href="/tags/announcements">announcements</a>', 'a post links its tags');
});

tags('a tag written two ways is an error at the page that writes it the rarer way', async () => {
  const root = await newsSite();
  await setTags(root, 'a-picture/index.md', '[Announcements]');
  await writeFile(path.join(root, 'content', 'pages', 'news', 'third.md'),
    '---\ntemplate: post\ntitle: A third post\ndescription: One more.\ndate: 2026-11-10\ntags: [announcements]\n---\n\nMore news.\n');
  const errors = await buildSite({ root, now: NOW }).then(() => assert.unreachable('built') as never, (error: SiteErrors) => error.errors);
  const error = errors.find((item) => item.message.includes('written another way'));
  assert.ok(error, errors.map((item) => item.message).join('\n'));
  assert.is(error.message, 'the tag "Announcements" is "announcements" written another way: did you mean "announcements"?');
  assert.is(error.location?.file, 'content/pages/news/a-picture/index.md');
  assert.match(error.hint ?? '', 'the tag page /tags/announcements');
});

tags('each tag page has its own title and description, in its language', async () => {
  const root = await newsSite();
  await buildSite({ root, now: NOW });
  const head = async (file: string) => {
    const html = await read(root, file);
    return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1], description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1] };
  };
  const [index, photos, announcements] = await Promise.all(['tags.html', 'tags/photos.html', 'tags/announcements.html'].map(head));
  assert.is(photos.title, 'photos · Tags | My Site');
  assert.is(announcements.title, 'announcements · Tags | My Site');
  assert.is(photos.description, 'photos: A picture from the newsroom');
  assert.is.not(photos.description, index.description);
  const german = await head('de/tags/fotos.html');
  assert.is(german.title, 'Fotos · Schlagwörter | My Site');
  assert.match(german.description ?? '', /^Fotos: /);
});

tags('with feed: true each tag has its own feeds, linked from its pages; the index has none', async () => {
  const root = await newsSite();
  await buildSite({ root, now: NOW });
  const atom = await read(root, 'tags/photos/feed.atom');
  assert.match(atom, '<title>photos · Tags | My Site</title>');
  assert.match(atom, 'A picture from the newsroom');
  assert.not.match(atom, 'Hello world', 'only the tag\'s posts');
  assert.match(await read(root, 'tags/photos/feed.json'), '"A picture from the newsroom"');
  assert.match(await read(root, 'tags/photos.html'), /<link rel="alternate" type="application\/atom\+xml"[^>]*href="\/tags\/photos\/feed.atom"/);
  assert.match(await read(root, 'de/tags/fotos/feed.rss'), 'Fotos · Schlagwörter');
  await readFile(path.join(root, 'dist', 'tags', 'feed.atom')).then(() => assert.unreachable('the index has a feed'), () => undefined);
});

tags.run();
