/**
 * Collections, pagination, drafts and the feeds, through a real build of
 * the news starter (`sitegen init --starter news`), and the starter as a
 * whole: every feature it shows, in one build.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { SiteErrors } from '../../src/errors.ts';
import { startDev } from '../../src/dev/dev.ts';
import { checkedQuery, selectItems } from '../../src/render/collections.ts';
import type { CollectionItem } from '../../src/model.ts';
import { initStarter } from '../helpers/starter.ts';
import { edit } from '../helpers/fixture.ts';
import { serveBuild } from '../helpers/site.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const newsSite = () => initStarter('news', 'sitegen-news-');

const read = (outDir: string, file: string) => readFile(path.join(outDir, file), 'utf8');
/** The hrefs of the list's items, in order (the list is in the page's <section>, after the navigation). */
/** The posts a list page shows, as its cards link them. */
const listed = (html: string) => [...html.slice(html.indexOf('<section>')).matchAll(/<h2 class="card__title"><a href="([^"]+)"/g)].map((match) => match[1]);

async function buildErrors(root: string): Promise<{ file?: string; field?: string; message: string }[]> {
  try {
    await buildSite({ root, outDir: path.join(root, 'dist'), now: NOW });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors.map((item) => ({ file: item.location?.file, field: item.field, message: item.message }));
    throw error;
  }
  throw new Error('the build succeeded where it should have failed');
}

test('the news starter builds a paginated list, newest first, with previous/next links, and passes check', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const first = await read(outDir, 'news.html');
  const second = await read(outDir, 'news/2.html');
  assert.equal(listed(first), ['/news/a-picture'], 'page 1 holds the newest post');
  assert.equal(listed(second), ['/news/hello-world'], 'page 2 holds the next one');
  assert.match(first, '<a rel="next" href="/news/2">', 'page 1 links to page 2');
  assert.match(second, '<a rel="prev" href="/news">', 'page 2 links back to page 1');
  assert.match(second, 'News, page 2 of 2');
  assert.match(second, '<title>News, page 2 | My Site</title>', 'list pages have titles of their own');
  assert.match(second, '<link rel="canonical" href="https://www.example.com/news/2"/>', 'each list page is its own canonical');
  assert.match(first, '<time dateTime="2026-11-09">2026-11-09</time>', 'items carry their date');
  const sitemap = await read(outDir, 'sitemap.xml');
  for (const route of ['/news', '/news/2', '/news/a-picture', '/news/hello-world']) {
    assert.match(sitemap, `<loc>https://www.example.com${route}</loc>`, `missing from the sitemap: ${route}`);
  }
  assert.match(await read(outDir, 'news/a-picture.html'), /<img src="\/assets\/img\/newsroom-[0-9a-f]{10}-120\.webp"/, 'the post shows its raster image, from beside it, as a variant');
  const report = await checkSite(root, outDir);
  assert.equal(report.problems, [], 'every link of every list page resolves');
});

test('the news starter shows it all in one build: components, two languages, tags, redirects, search and three feeds', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const post = await read(outDir, 'news/hello-world.html');
  assert.match(post, '<div class="callout"><p>Looking for an older post?', 'a component written in Markdown');
  assert.match(await read(outDir, 'search.html'), '<sitegen-island name="search"', 'the search island, from a Markdown block');
  assert.ok(existsSync(path.join(outDir, 'pagefind', 'pagefind.js')), 'the search index');
  assert.ok((await read(outDir, 'de/news/hello-world.html')).startsWith('<!DOCTYPE html><html lang="de">'), 'a German page');
  assert.match(post, '<link rel="alternate" hreflang="de" href="https://www.example.com/de/news/hello-world"/>', 'which the English one names');
  assert.match(await read(outDir, 'tags.html'), '<a href="/tags/announcements">announcements</a>', 'the tag index');
  assert.match(await read(outDir, 'de/tags.html'), '<a href="/de/tags/fotos">Fotos</a>', 'and the German one');
  assert.match(await read(outDir, '_redirects'), '/news/first-post  /news/hello-world  301!', 'an alias');
  assert.match(await read(outDir, '_redirects'), '/blog  /news  301!', 'a redirect of site.yaml');
  for (const list of ['news', 'de/news']) {
    for (const feed of ['feed.atom', 'feed.rss', 'feed.json']) assert.ok(existsSync(path.join(outDir, list, feed)), `${list}/${feed}`);
  }
  const report = await checkSite(root, outDir);
  assert.equal(report.problems, [], 'every link and asset of every page resolves');
});

test('a draft is built by dev (marked as a draft, listed) and never by build (not a file, not listed, not in the feed or sitemap)', async () => {
  const root = await newsSite();
  const built = path.join(root, 'dist');
  await buildSite({ root, outDir: built, now: NOW });
  assert.not.ok(existsSync(path.join(built, 'news', 'coming-soon.html')), 'build leaves the draft out');
  for (const file of ['news.html', 'news/2.html', 'news/feed.atom', 'sitemap.xml']) {
    assert.not.match(await read(built, file), 'coming-soon', `${file} mentions the draft`);
  }
  const dev = path.join(root, '.sitegen', 'dev');
  await buildSite({ root, outDir: dev, now: NOW, dev: true });
  const draft = await read(dev, 'news/coming-soon.html');
  assert.match(draft, '<title>[Draft] Coming soon | My Site</title>');
  assert.match(draft, '<meta name="robots" content="noindex"/>');
  assert.match(draft, 'data-sitegen-draft', 'a visible note says it is a draft');
  assert.equal(listed(await read(dev, 'news.html')), ['/news/coming-soon'], 'dev lists the draft, newest first');
  assert.match(await read(dev, 'news.html'), '<span class="card__draft">draft</span>', 'its card says it is a draft');
  assert.ok(existsSync(path.join(dev, 'news', '3.html')), 'with the draft, dev has three list pages');
  assert.not.match(await read(dev, 'sitemap.xml'), 'coming-soon', 'not even dev puts a draft in the sitemap');
});

test('a post dated after the build is scheduled: dev shows it marked so, build leaves it out until its date', async () => {
  const root = await newsSite();
  await writeFile(path.join(root, 'content/pages/news/next-week.md'), [
    '---', 'template: post', 'title: Next week', 'description: A post for later.', 'date: 2026-11-27', 'tags: [announcements]', '---', '', 'Not yet.', '',
  ].join('\n'));
  const built = path.join(root, 'dist');
  await buildSite({ root, outDir: built, now: NOW });
  assert.not.ok(existsSync(path.join(built, 'news', 'next-week.html')), 'build leaves the scheduled post out');
  for (const file of ['news.html', 'news/feed.atom', 'news/feed.rss', 'news/feed.json', 'sitemap.xml', 'tags/announcements.html']) {
    assert.not.match(await read(built, file), 'next-week', `${file} mentions the scheduled post`);
  }
  const dev = path.join(root, '.sitegen', 'dev');
  await buildSite({ root, outDir: dev, now: NOW, dev: true });
  const scheduled = await read(dev, 'news/next-week.html');
  assert.match(scheduled, '<title>[Scheduled] Next week | My Site</title>');
  assert.match(scheduled, '<meta name="robots" content="noindex"/>');
  assert.match(scheduled, 'Scheduled for 2026-11-27: <code>sitegen build</code> leaves this page out until then.');
  // A build on its date publishes it, with nothing else changed.
  await buildSite({ root, outDir: built, now: new Date('2026-11-27T08:00:00Z') });
  assert.ok(existsSync(path.join(built, 'news', 'next-week.html')), 'published on its date');
  assert.match(await read(built, 'news.html'), '/news/next-week');
  assert.match(await read(built, 'sitemap.xml'), '/news/next-week');
});

/** Waits until `check` passes, a file not yet written counting as not yet (file events arrive asynchronously). */
const eventually = (check: () => Promise<boolean>, what: string) => waitUntil(() => check().catch(() => false), what, { timeoutMs: 5000 });

test('dev updates the list pages as posts change: a new title, a draft published, a post removed', async () => {
  const root = await newsSite();
  const log = console.log;
  console.log = () => undefined;
  const session = await startDev({ root, port: 0, host: '127.0.0.1' }).finally(() => { console.log = log; });
  const output = (file: string) => read(session.outDir, file);
  const posts = path.join(root, 'content', 'pages', 'news');
  try {
    assert.match(await output('news/coming-soon.html'), 'data-sitegen-draft');
    const hello = path.join(posts, 'hello-world.md');
    await writeFile(hello, (await readFile(hello, 'utf8')).replace('title: Hello, world', 'title: Hello from dev'));
    await eventually(async () => (await output('news/3.html')).includes('>Hello from dev</a>'), 'the last list page to show the new title');
    const draft = path.join(posts, 'coming-soon.md');
    await writeFile(draft, (await readFile(draft, 'utf8')).replace('draft: true\n', ''));
    await eventually(async () => !(await output('news/coming-soon.html')).includes('data-sitegen-draft'), 'the published post to lose its draft note');
    // One update writes the pages, then the files beside them: the sitemap may follow the page by a moment.
    await eventually(async () => (await output('sitemap.xml')).includes('/news/coming-soon</loc>'), 'the published post to join the sitemap');
    assert.not.match(await output('news.html'), '(draft)');
    await rm(draft);
    await eventually(async () => !existsSync(path.join(session.outDir, 'news', '3.html')), 'the third list page to go');
    assert.not.match(await output('sitemap.xml'), '/news/3</loc>');
    assert.match(await output('sitemap.xml'), '/news/2</loc>');
  } finally {
    await session.close();
  }
});

test('the Atom feed is well-formed and follows the W3C rules: required elements, absolute links, valid dates, unique ids', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const xml = await read(outDir, 'news/feed.atom');
  assert.is(XMLValidator.validate(xml), true, 'well-formed XML');
  const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link'].includes(name) }).parse(xml);
  assert.is(feed['@xmlns'], 'http://www.w3.org/2005/Atom');
  for (const key of ['id', 'title', 'updated', 'author']) assert.ok(feed[key] !== undefined, `the feed has no <${key}>`);
  const self = feed.link.find((link: Record<string, string>) => link['@rel'] === 'self');
  assert.is(self?.['@href'], 'https://www.example.com/news/feed.atom', 'a self link to where the feed is');
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  assert.match(feed.updated, rfc3339);
  assert.is(feed.updated, '2026-11-09T00:00:00Z', 'updated is the newest entry, not the build time');
  assert.equal(feed.entry.map((entry: Record<string, string>) => entry.title), ['A picture from the newsroom', 'Hello, world']);
  const ids = new Set<string>();
  for (const entry of feed.entry) {
    for (const key of ['id', 'title', 'updated']) assert.ok(entry[key] !== undefined, `an entry has no <${key}>`);
    assert.match(entry.updated, rfc3339, `entry ${entry.id}: updated is not an RFC 3339 date`);
    assert.ok(!Number.isNaN(Date.parse(entry.updated)));
    assert.ok(/^https:\/\//.test(entry.id) && /^https:\/\//.test(entry.link[0]['@href']), `entry ${entry.id}: its id and link are absolute`);
    ids.add(entry.id);
  }
  assert.is(ids.size, feed.entry.length, 'entry ids are unique');
  assert.match(await read(outDir, 'news.html'), '<link rel="alternate" type="application/atom+xml" title="News" href="/news/feed.atom"/>');
  const server = await serveBuild(outDir);
  try {
    const response = await fetch(`${server.url}/news/feed.atom`);
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), 'application/atom+xml');
    assert.is(await response.text(), xml);
    for (const route of ['/news', '/news/2']) {
      const page = await fetch(`${server.url}${route}`, { redirect: 'manual' });
      assert.is(page.status, 200, `${route} is served`);
      assert.match(page.headers.get('content-type') ?? '', 'text/html');
    }
  } finally {
    await server.close();
  }
});

test('text in the feed is escaped: a title with & and < stays text', async () => {
  const root = await newsSite();
  const post = path.join(root, 'content', 'pages', 'news', 'hello-world.md');
  await writeFile(post, (await readFile(post, 'utf8')).replace('title: Hello, world', 'title: "Fish & <chips>"'));
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const xml = await read(outDir, 'news/feed.atom');
  assert.is(XMLValidator.validate(xml), true);
  assert.match(xml, '<title>Fish &amp; &lt;chips&gt;</title>');
});

test('a warm build lists a new post and a changed title on the list pages (they are never reused from the cache)', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const hello = path.join(root, 'content', 'pages', 'news', 'hello-world.md');
  await writeFile(hello, (await readFile(hello, 'utf8')).replace('title: Hello, world', 'title: Hello again'));
  const second = await buildSite({ root, outDir, now: NOW });
  assert.ok(second.rendered < second.pages.length, 'the unchanged post was reused');
  assert.match(await read(outDir, 'news/2.html'), '>Hello again</a>', 'the list shows the new title');
  assert.match(await read(outDir, 'news/feed.atom'), '<title>Hello again</title>');
  await writeFile(path.join(root, 'content', 'pages', 'news', 'newest.md'), '---\ntemplate: post\ntitle: Newest\ndescription: A new post.\ndate: 2026-11-19\n---\n\nNew.\n');
  await buildSite({ root, outDir, now: NOW });
  assert.equal(listed(await read(outDir, 'news.html')), ['/news/newest']);
  assert.ok(existsSync(path.join(outDir, 'news', '3.html')), 'a third list page');
  assert.match(await read(outDir, 'sitemap.xml'), '/news/3</loc>');
});

test('a date that is no date, and a post without a date in a feed, are errors naming the file', async () => {
  const root = await newsSite();
  const hello = path.join(root, 'content', 'pages', 'news', 'hello-world.md');
  const source = await readFile(hello, 'utf8');
  await writeFile(hello, source.replace('date: 2026-11-02', 'date: 2026-02-30'));
  const [bad] = await buildErrors(root);
  assert.is(bad.file, 'content/pages/news/hello-world.md');
  assert.is(bad.field, 'date');
  assert.match(bad.message, 'expected a date such as 2026-11-02');
  await writeFile(hello, source.replace('date: 2026-11-02\n', ''));
  const [undated] = await buildErrors(root);
  assert.is(undated.file, 'content/pages/news/hello-world.md');
  assert.match(undated.message, 'this page is in the feed of /news, so it needs a date');
  assert.not.ok(existsSync(path.join(root, 'dist')), 'a failed build writes nothing');
});

const item = (route: string, extra: Partial<CollectionItem> = {}): CollectionItem =>
  ({ route, file: `content/pages${route}.md`, title: route.slice(1), description: 'd', tags: [], draft: false, ...extra });

test('a query selects by folder and tag, and sorts by a field with the pages that lack it last', () => {
  const items = [
    item('/news/b', { date: '2026-01-02', tags: ['x'] }), item('/news/a', { tags: ['x'] }), item('/news/c', { date: '2026-03-01T10:00:00+05:30', tags: ['x'] }),
    item('/news'), item('/blog/d', { date: '2026-05-01', tags: ['x'] }), item('/newsletter', { date: '2026-05-01' }),
  ];
  const routes = (query: object, own = '/news') => selectItems(checkedQuery(query, 'list'), own, items).map((entry) => entry.route);
  assert.equal(routes({}), ['/news/c', '/news/b', '/news/a'], 'under its own route, newest first, undated last; not /newsletter, not itself');
  assert.equal(routes({ order: 'asc' }), ['/news/b', '/news/c', '/news/a'], 'oldest first, undated still last');
  assert.equal(routes({ under: '/', tag: 'x', sortBy: 'title' }, '/tags/x'), ['/blog/d', '/news/a', '/news/b', '/news/c'],
    'every page tagged x, by title (blog/d, news/a, …)');
});

test('a collection the build cannot read is an error naming the template', async () => {
  const root = await newsSite();
  const list = path.join(root, 'templates', 'pages', 'news-list.tsx');
  await writeFile(list, (await readFile(list, 'utf8')).replace('perPage: 1', 'perPage: 0'));
  const [error] = await buildErrors(root);
  assert.match(error.message, 'templates/pages/news-list.tsx: its `collection` is invalid at perPage');
});

test('a published page that links to a draft is an error in build, and fine in dev', async () => {
  const root = await newsSite();
  const home = path.join(root, 'content', 'pages', 'index.md');
  await writeFile(home, `${await readFile(home, 'utf8')}\nSee [what is coming](/news/coming-soon).\n`);
  const errors = await buildErrors(root);
  assert.equal(errors.map((error) => [error.file, error.message]), [
    ['content/pages/index.md', 'links to /news/coming-soon, which is a draft: `sitegen build` leaves it out'],
  ]);
  await buildSite({ root, outDir: path.join(root, '.sitegen', 'dev'), now: NOW, dev: true });
});

test('sitegen check finds the link to a draft as build does: both take one road', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const home = path.join(root, 'content', 'pages', 'index.md');
  await writeFile(home, `${await readFile(home, 'utf8')}\nSee [what is coming](/news/coming-soon).\n`);
  const error = await checkSite(root, outDir).then(() => undefined, (error: unknown) => error);
  assert.instance(error, SiteErrors, 'check passed a page that links to a draft');
  assert.equal((error as SiteErrors).errors.map((each) => [each.location?.file, each.message]), [
    ['content/pages/index.md', 'links to /news/coming-soon, which is a draft: `sitegen build` leaves it out'],
  ]);
  assert.ok(existsSync(path.join(outDir, 'index.html')), 'check wrote over or removed the build it checks');
});

test('a list page on the route of a content file is an error naming the list', async () => {
  const root = await newsSite();
  await writeFile(path.join(root, 'content', 'pages', 'news', '2.md'), '---\ntemplate: post\ntitle: Two\ndescription: A post named 2.\ndate: 2026-10-01\n---\n\nTwo.\n');
  const errors = await buildErrors(root);
  assert.equal(errors.map((error) => [error.file, error.message]), [
    ['content/pages/news/index.md', 'its list page /news/2 is also the route of a content file'],
  ]);
});

test('`feed: { limit }` keeps the newest entries only', async () => {
  const root = await newsSite();
  const list = path.join(root, 'templates', 'pages', 'news-list.tsx');
  await writeFile(list, (await readFile(list, 'utf8')).replace('feed: { content: true }', "feed: { limit: 1, title: 'Latest news' }"));
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const xml = await read(outDir, 'news/feed.atom');
  assert.is(xml.split('<entry>').length - 1, 1);
  assert.match(xml, '<title>Latest news</title>');
  assert.match(xml, '<title>A picture from the newsroom</title>', 'the newest is the one kept');
});

test('under basePath and trailingSlash, the feed links where the pages are served', async () => {
  const root = await newsSite();
  const siteFile = path.join(root, 'content', 'site.yaml');
  await writeFile(siteFile, `${await readFile(siteFile, 'utf8')}\nbasePath: /docs\ntrailingSlash: always\n`);
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const xml = await read(outDir, 'news/feed.atom');
  assert.match(xml, '<link rel="self" type="application/atom+xml" href="https://www.example.com/docs/news/feed.atom"/>');
  assert.match(xml, '<link rel="alternate" type="text/html" href="https://www.example.com/docs/news/"/>');
  const entryLinks = [...xml.matchAll(/<entry>[\s\S]*?<link rel="alternate" type="text\/html" href="([^"]+)"/g)].map((match) => match[1]);
  assert.ok(entryLinks.length > 0, 'the feed has entries');
  for (const href of entryLinks) assert.match(href, /^https:\/\/www\.example\.com\/docs\/news\/.+\/$/, `an entry's link: ${href}`);
  assert.match(await read(outDir, 'news/index.html'), 'href="/docs/news/feed.atom"', 'the list page links the feed under the base path');
});

test('the starter\'s pictures, beside their post, get their size from the file; a PNG gets AVIF and WebP variants that exist', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const html = await read(outDir, 'news/a-picture.html');
  assert.match(html, /<img src="\/assets\/img\/cover-[0-9a-f]{10}\.webp" alt="The newsroom, drawn in blues[^"]*" width="1280" height="720"/);
  assert.match(html, /<img src="\/assets\/img\/newsroom-[0-9a-f]{10}-120\.webp" alt="The newsroom again, smaller in the text" width="120" height="80"/);
  for (const type of ['image/avif', 'image/webp']) {
    const srcSet = new RegExp(`<source type="${type}" srcset="([^"]+)"`, 'i').exec(html)?.[1];
    assert.ok(srcSet, `a ${type} source`);
    for (const candidate of srcSet!.split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      assert.ok((await readFile(path.join(outDir, url))).length > 0, `the variant ${url} is in the build`);
    }
  }
});

test('a template\'s cover() gives its pages\' picture to the lists; one that returns no image is the template\'s error, nothing written', async () => {
  const root = await newsSite();
  const outDir = path.join(root, 'dist');
  await buildSite({ root, outDir, now: NOW });
  const home = await read(outDir, 'index.html');
  assert.match(home, /<img src="\/assets\/img\/cover-[0-9a-f]{10}\.webp" alt="The newsroom, drawn in blues[^"]*" width="1280" height="720"[^>]*class="lead__picture"/, 'the newest post\'s cover leads');
  assert.match(home, /<img src="\/img\/hello\.webp" alt="" width="1280" height="720"[^>]*class="card__picture"/, 'a card shows its post\'s, as decoration');
  // The list changes when a post's cover does: the home page is rendered again.
  await edit(root, 'content/pages/news/hello-world.md', 'src: /img/hello.webp', 'src: /img/newsroom.webp');
  await buildSite({ root, outDir, now: NOW });
  assert.match(await read(outDir, 'index.html'), /<img src="\/img\/newsroom\.webp" alt=""[^>]*class="card__picture"/);
  await edit(root, 'templates/pages/post.tsx', 'export const cover = (data: z.infer<typeof schema>) => data.cover;', 'export const cover = () => ({ src: \'/img/hello.webp\' });');
  const errors = await buildErrors(root);
  assert.ok(errors.length > 0 && errors.every((error) => error.file === 'templates/pages/post.tsx' && /cover\(\) returned no image\(\) field's value/.test(error.message)), JSON.stringify(errors));
  assert.match(await read(outDir, 'index.html'), /img\/newsroom\.webp/, 'the last build\'s output stands');
});

test('a warm build reuses the list pages while no post changed what they list', async () => {
  const root = await newsSite();
  // Without the starter's draft (a draft is never taken from the cache), so that a build can find no page to render.
  await rm(path.join(root, 'content/pages/news/coming-soon.md'));
  // Feeds of summaries: a feed that carries its entries' content is rendered again when any page changes (feeds.test.ts).
  await edit(root, 'templates/pages/news-list.tsx', 'feed: { content: true }', 'feed: true');
  const build = () => buildSite({ root, parallel: false });
  // The oldest post is on the list's second page, and in each feed.
  const list = () => readFile(path.join(root, 'dist', 'news', '2.html'), 'utf8');
  const inode = async () => (await stat(path.join(root, 'dist', 'news', '2.html'))).ino;
  process.env.SITEGEN_QUIET = '1';
  await writeFile(path.join(root, 'public', 'notes.txt'), 'first\n');
  await build();
  const unchanged = await build();
  assert.is(unchanged.rendered, 0, 'nothing changed: nothing rendered, list pages included');

  // A public file edited makes a new output folder with no page to render: the list pages and feeds come along.
  await writeFile(path.join(root, 'public', 'notes.txt'), 'second\n');
  const publicOnly = await build();
  assert.is(publicOnly.rendered, 0);
  assert.is(await readFile(path.join(root, 'dist', 'notes.txt'), 'utf8'), 'second\n', 'the edited public file');
  for (const file of ['news.html', 'news/2.html', 'news/feed.atom', 'news/feed.rss', 'news/feed.json', 'tags/announcements.html']) {
    assert.ok(existsSync(path.join(root, 'dist', file)), `${file} is in the new build`);
  }

  // A post's body past its summary (the text before <!--more-->) is not on the list: the post is rendered, the list pages are linked as they were.
  const listBefore = await inode();
  await edit(root, 'content/pages/news/hello-world.md', 'shows it under the title', 'shows it under its title');
  const bodyOnly = await build();
  assert.is(bodyOnly.rendered, 1, 'only the edited post');
  assert.is(await inode(), listBefore, 'news/2.html is the same file, linked into the new build');
  for (const feed of ['feed.atom', 'feed.rss', 'feed.json']) {
    assert.match(await readFile(path.join(root, 'dist', 'news', feed), 'utf8'), 'Hello, world', `the reused list's ${feed} is in the new build`);
  }

  // Its summary is: the lists that show it are rendered again.
  await edit(root, 'content/pages/news/hello-world.md', 'The list at [News](/news) sorts by', 'The list at [News](/news) still sorts by');
  const summarised = await build();
  assert.ok(summarised.rendered > 1, `the post and the lists: ${summarised.rendered}`);
  assert.match(await list(), 'The list at News still sorts by it');

  // Its title is: every list page that shows it is rendered again.
  await edit(root, 'content/pages/news/hello-world.md', 'title: Hello, world', 'title: Hello again, world');
  const retitled = await build();
  assert.ok(retitled.rendered > 1, `the post and the lists: ${retitled.rendered}`);
  assert.match(await list(), 'Hello again, world');
  assert.match(await readFile(path.join(root, 'dist', 'news', 'feed.atom'), 'utf8'), 'Hello again, world');
  assert.equal((await checkSite(root, path.join(root, 'dist'))).problems, [], 'every link of the warm build resolves');
});

test.run();
