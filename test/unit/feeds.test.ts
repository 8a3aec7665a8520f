/**
 * RSS 2.0 and JSON Feed beside Atom, for the news starter's collection, read
 * back by an independent parser (feedsmith) and checked against the rules
 * of each format: required fields, absolute links, dates readers accept.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import { XMLValidator } from 'fast-xml-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { entryContentOf } from '../../src/render/entry-content.ts';
import { serveBuild } from '../helpers/site.ts';
import { copyNewsStarter } from '../helpers/starter.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const newsSite = () => copyNewsStarter('sitegen-feeds-');

const read = (outDir: string, file: string) => readFile(path.join(outDir, file), 'utf8');
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const feeds = suite('RSS 2.0 and JSON Feed');
let outDir: string;

feeds.before(async () => {
  const root = await newsSite();
  outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
});

feeds('the three feeds hold the same entries, newest first', async () => {
  const atom = parseAtomFeed(await read(outDir, 'news/feed.atom'));
  const rss = parseRssFeed(await read(outDir, 'news/feed.rss'));
  const json = parseJsonFeed(JSON.parse(await read(outDir, 'news/feed.json')));
  const titles = ['A picture from the newsroom', 'Hello, world'];
  assert.equal(atom.entries?.map((entry) => (typeof entry.title === 'object' ? entry.title?.value : entry.title)), titles);
  assert.equal(rss.items?.map((item) => item.title), titles);
  assert.equal(json.items?.map((item) => item.title), titles);
});

feeds('RSS 2.0: a channel with title, link and description; items with guid, link and an RFC 822 date', async () => {
  const xml = await read(outDir, 'news/feed.rss');
  assert.is(XMLValidator.validate(xml), true, 'well-formed XML');
  assert.match(xml, '<rss version="2.0"');
  const rss = parseRssFeed(xml);
  assert.is(rss.title, 'News | My Site');
  assert.is(rss.link, 'https://www.example.com/news');
  assert.ok(rss.description, 'the channel has a description');
  assert.match(rss.lastBuildDate ?? '', RFC822);
  assert.is(rss.lastBuildDate, 'Mon, 09 Nov 2026 00:00:00 GMT', 'the newest entry, not the build time');
  for (const item of rss.items ?? []) {
    assert.match(item.link ?? '', /^https:\/\/www\.example\.com\/news\//, `${item.title}: an absolute link`);
    assert.is(item.guid?.value, item.link, `${item.title}: the guid is its address`);
    assert.ok(item.guid?.isPermaLink, `${item.title}: isPermaLink`);
    assert.match(item.pubDate ?? '', RFC822, `${item.title}: an RFC 822 date`);
    assert.ok(!Number.isNaN(Date.parse(item.pubDate!)));
  }
  assert.match(xml, '<atom:link rel="self" type="application/rss+xml" href="https://www.example.com/news/feed.rss"/>');
});

feeds('JSON Feed 1.1: version, title, feed_url; items with a unique id, a url and an RFC 3339 date', async () => {
  const text = await read(outDir, 'news/feed.json');
  const raw = JSON.parse(text) as Record<string, unknown>;
  assert.is(raw.version, 'https://jsonfeed.org/version/1.1');
  const json = parseJsonFeed(raw);
  assert.is(json.title, 'News | My Site');
  assert.is(json.feed_url, 'https://www.example.com/news/feed.json');
  assert.is(json.home_page_url, 'https://www.example.com/news');
  const ids = new Set(json.items?.map((item) => item.id));
  assert.is(ids.size, json.items?.length, 'ids are unique');
  for (const item of json.items ?? []) {
    assert.match(item.url ?? '', /^https:\/\//);
    assert.match(item.date_published ?? '', RFC3339);
    assert.ok(item.content_text !== undefined || item.content_html !== undefined, 'each item has content, as 1.1 requires');
  }
});

feeds('the list pages link all three from the head, and serve gives each its type', async () => {
  const html = await read(outDir, 'news.html');
  assert.match(html, '<link rel="alternate" type="application/atom+xml" title="News" href="/news/feed.atom"/>');
  assert.match(html, '<link rel="alternate" type="application/rss+xml" title="News" href="/news/feed.rss"/>');
  assert.match(html, '<link rel="alternate" type="application/feed+json" title="News" href="/news/feed.json"/>');
  const server = await serveBuild(outDir);
  try {
    for (const [file, type] of [['feed.rss', 'application/rss+xml'], ['feed.json', 'application/json']]) {
      const response = await fetch(`${server.url}/news/${file}`);
      assert.is(response.status, 200, file);
      assert.match(response.headers.get('content-type') ?? '', type, file);
    }
  } finally {
    await server.close();
  }
});

feeds('`formats` picks the feeds a collection writes', async () => {
  const root = await newsSite();
  const list = path.join(root, 'templates', 'pages', 'news-list.tsx');
  const source = await readFile(list, 'utf8');
  assert.match(source, 'feed: { content: true }', 'the starter asks for feeds');
  await writeFile(list, source.replace('feed: { content: true }', "feed: { formats: ['rss'] }"));
  const only = path.join(root, 'dist');
  await buildSite({ root, outDir: only, now: NOW });
  await read(only, 'news/feed.rss');
  for (const file of ['feed.atom', 'feed.json']) await read(only, `news/${file}`).then(() => assert.unreachable(`${file} was written`), () => undefined);
  assert.not.match(await read(only, 'news.html'), 'application/atom+xml');
});

feeds('each entry\'s tags are its categories in all three, and each tag\'s own feeds read back too', async () => {
  const atom = parseAtomFeed(await read(outDir, 'news/feed.atom'));
  const rss = parseRssFeed(await read(outDir, 'news/feed.rss'));
  const json = parseJsonFeed(JSON.parse(await read(outDir, 'news/feed.json')));
  const picture = 'A picture from the newsroom';
  const entry = atom.entries?.find((item) => (typeof item.title === 'object' ? item.title?.value : item.title) === picture);
  assert.equal(entry?.categories?.map((category) => category.term), ['photos']);
  assert.equal(rss.items?.find((item) => item.title === picture)?.categories?.map((category) => category.name), ['photos']);
  assert.equal(json.items?.find((item) => item.title === picture)?.tags, ['photos']);
  const tagged = parseAtomFeed(await read(outDir, 'tags/photos/feed.atom'));
  assert.equal(tagged.entries?.map((item) => (typeof item.title === 'object' ? item.title?.value : item.title)), [picture], 'the tag\'s feed holds its posts only');
  assert.equal(parseRssFeed(await read(outDir, 'tags/photos/feed.rss')).items?.map((item) => item.title), [picture]);
});

feeds('`content: true`: each item carries its page\'s content, sanitised, with absolute addresses, in all three', async () => {
  const atom = parseAtomFeed(await read(outDir, 'news/feed.atom'));
  const rss = parseRssFeed(await read(outDir, 'news/feed.rss'));
  const json = parseJsonFeed(JSON.parse(await read(outDir, 'news/feed.json')));
  const hello = 'Hello, world';
  const fromAtom = atom.entries?.find((item) => (typeof item.title === 'object' ? item.title?.value : item.title) === hello)?.content;
  const contents = [
    ['atom', typeof fromAtom === 'object' ? fromAtom?.value : fromAtom],
    ['rss', rss.items?.find((item) => item.title === hello)?.content?.encoded],
    ['json', json.items?.find((item) => item.title === hello)?.content_html],
  ] as const;
  for (const [format, content] of contents) {
    assert.type(content, 'string', `${format}: the item has its content`);
    // The text past the summary, which the summary alone never carries.
    assert.match(content!, 'is the post\'s summary', format);
    assert.match(content!, '<a href="https://www.example.com/news">News</a>', `${format}: a link made absolute`);
    assert.match(content!, '<h2 id="a-summary-for-the-list">', `${format}: the headings stay`);
    assert.not.match(content!, '<h1', `${format}: the title is the item's, not repeated`);
    assert.not.match(content!, /<(nav|script|button|form|style)\b/, `${format}: the page's navigation and controls are not content`);
    assert.not.match(content!, / (href|src)="\//, `${format}: no root-relative address`);
  }
  const picture = json.items?.find((item) => item.title === 'A picture from the newsroom')?.content_html ?? '';
  const src = /<img[^>]* src="([^"]+)"/.exec(picture)?.[1];
  assert.match(src ?? '', /^https:\/\/www\.example\.com\/.+\.(webp|png)$/, 'the picture beside the post, absolute');
  const image = await readFile(path.join(outDir, new URL(src!).pathname));
  assert.ok(image.length > 0, 'and it is in the build');
  assert.match(json.items?.[0]?.summary ?? '', /\S/, 'the summary is still there');
  // A tag's feed, which asks for no content, carries none.
  assert.not.match(await read(outDir, 'tags/photos/feed.atom'), '<content');
});

feeds('an editor\'s change past a post\'s summary reaches the content feed on a warm build', async () => {
  const root = await newsSite();
  const warm = path.join(root, 'dist');
  await buildSite({ root, outDir: warm, now: NOW });
  const hello = path.join(root, 'content', 'pages', 'news', 'hello-world.md');
  const source = await readFile(hello, 'utf8');
  assert.match(source, 'shows it under the title.');
  await writeFile(hello, source.replace('shows it under the title.', 'shows it under the title, freshly edited.'));
  const second = await buildSite({ root, outDir: warm, now: NOW });
  assert.ok(second.rendered < second.pages.length, 'unchanged pages were reused');
  assert.match(await read(warm, 'news/feed.atom'), 'freshly edited');
  const third = await buildSite({ root, outDir: warm, now: NOW });
  assert.is(third.rendered, 0, 'and with nothing changed, nothing is rendered');
  assert.match(await read(warm, 'news/feed.json'), 'freshly edited');
});

feeds('an entry\'s content keeps nothing a reader could run, and nothing outside <main>', () => {
  const page = '<html><body><header><a href="/">Home</a></header><main><h1>T</h1>'
    + '<p onclick="steal()">Text <a href="javascript:alert(1)">bad</a> <a href="../other?q=1#x">rel</a></p>'
    + '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>'
    + '<picture><source type="image/avif" srcset="/a-400.avif 400w, /a-800.avif 800w"><img src="/a.webp" srcset="/a-400.webp 400w, /a-800.webp 800w" alt="A"></picture>'
    + '</main><footer>Footer</footer></body></html>';
  const content = entryContentOf(page, 'https://example.com/news/post/')!;
  assert.is(content, '<p>Text <a>bad</a> <a href="https://example.com/news/other?q=1#x">rel</a></p>'
    + '<img src="https://example.com/a.webp" srcset="https://example.com/a-400.webp 400w, https://example.com/a-800.webp 800w" alt="A" />');
  assert.is(entryContentOf('<html><body><p>No landmark</p></body></html>', 'https://example.com/'), undefined);
});

feeds.run();
