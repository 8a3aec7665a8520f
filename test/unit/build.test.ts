import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../../src/pipeline.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';

const read = (dir: string, file: string) => readFile(path.join(dir, file), 'utf8');

test('a route per content file, nested and non-ASCII names included', async () => {
  const root = await copyFixture('basic');
  const { outDir, pages } = await buildSite({ root });
  assert.equal(pages.map((page) => page.route).sort(), ['/', '/about', '/café', '/docs/guide', '/hidden']);
  const files = await readdir(outDir, { recursive: true });
  for (const file of ['index.html', 'about.html', 'café.html', 'docs/guide.html', 'hidden.html', '404.html', '_redirects', 'sitemap.xml', 'robots.txt', '_headers']) {
    assert.ok(files.includes(file), `missing: ${file}`);
  }
  assert.ok(files.includes('img/logo.svg'), 'public/ is copied as it is');
});

test('a template may await at its top level, as an ES module can', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'templates/pages/page.tsx', 'export const schema', "const suffix = await Promise.resolve(' (awaited)');\nexport const schema");
  await edit(root, 'templates/pages/page.tsx', '<Heading text={data.heading} />', '<Heading text={data.heading + suffix} />');
  const { outDir } = await buildSite({ root });
  assert.match(await read(outDir, 'about.html'), '(awaited)</h1>');
});

test('a template reads import.meta.url, import.meta.filename and import.meta.dirname: the compiled bundle\'s', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'templates/heading.tsx', 'return <h1>{text}</h1>;',
    'return <h1 data-url={new URL(\'.\', import.meta.url).protocol} data-file={typeof import.meta.filename} data-dir={import.meta.dirname === path.dirname(import.meta.filename) ? \'same\' : \'other\'}>{text}</h1>;');
  await edit(root, 'templates/heading.tsx', /^/, "import path from 'node:path';\n");
  const { outDir } = await buildSite({ root });
  assert.match(await read(outDir, 'about.html'), '<h1 data-url="file:" data-file="string" data-dir="same">');
});

test('every page has a title, description, canonical URL, Open Graph tags, lang and a favicon', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const html = await read(outDir, 'about.html');
  assert.ok(html.startsWith('<!DOCTYPE html><html lang="en">'), 'doctype and lang');
  assert.match(html, '<title>About | Fixture Site</title>');
  assert.match(html, '<meta name="description" content="About the fixture."/>');
  assert.match(html, '<link rel="canonical" href="https://fixture.example/about"/>');
  assert.match(html, '<meta property="og:title" content="About"/>');
  assert.match(html, '<meta property="og:url" content="https://fixture.example/about"/>');
  assert.match(html, '<meta name="twitter:card"');
  assert.match(html, /<link rel="icon" href="\/favicon.svg"/);
  assert.match(html, `© ${new Date().getFullYear()} Fixture Site`, 'the layout gets the current year');
});

test('a title that already names the site does not get the name twice', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'content/pages/about.yaml', 'title: About', 'title: About | Fixture Site');
  const { outDir } = await buildSite({ root });
  assert.match(await read(outDir, 'about.html'), '<title>About | Fixture Site</title>');
});

test('a page with copyOf shows another page, with a canonical link to it and no sitemap entry', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/pages/mirror.yaml'), 'copyOf: /about\n');
  const { outDir } = await buildSite({ root });
  const mirror = await read(outDir, 'mirror.html');
  assert.match(mirror, '<h1>About the fixture</h1>');
  assert.match(mirror, '<link rel="canonical" href="https://fixture.example/about"/>');
  assert.not.match(await read(outDir, 'sitemap.xml'), '/mirror');
});

test('copyOf must name a route that is not itself a copy', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/pages/mirror.yaml'), 'copyOf: /abuot\n');
  await writeFile(path.join(root, 'content/pages/echo.yaml'), 'copyOf: /mirror\n');
  const error = await buildSite({ root }).then((): SiteErrors => assert.unreachable('built') as never, (caught: SiteErrors) => caught);
  const messages = error.errors.map((item) => `${item.location?.file}: ${item.message}`).sort();
  assert.equal(messages, ['content/pages/echo.yaml: /mirror is itself a copy', 'content/pages/mirror.yaml: /abuot is not a route']);
});

test('Markdown becomes HTML in its template, with front matter as page data', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const html = await read(outDir, 'docs/guide.html');
  assert.match(html, '<h1>Guide</h1>');
  assert.is((html.match(/<h2 id="[a-z-]+"><a class="heading-anchor"/g) ?? []).length, 2, 'two sections, each with its id and link');
  assert.match(html, '<a href="/about">about us</a>');
});

test('the sitemap lists public routes only; robots.txt points at it', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const sitemap = await read(outDir, 'sitemap.xml');
  assert.match(sitemap, '<loc>https://fixture.example/about</loc>');
  assert.match(sitemap, '<loc>https://fixture.example/caf%C3%A9</loc>');
  assert.not.match(sitemap, 'hidden', 'a noindex page is not in the sitemap');
  assert.match(await read(outDir, 'robots.txt'), 'Sitemap: https://fixture.example/sitemap.xml');
  assert.match(await read(outDir, 'hidden.html'), '<meta name="robots" content="noindex"/>');
});

test('unknown paths: 404.html sends the visitor to / (with a link for when refresh is off); _redirects too', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const notFound = await read(outDir, '404.html');
  assert.match(notFound, '<meta http-equiv="refresh" content="0; url=/">');
  assert.match(notFound, '<a href="/">Go to the home page</a>');
  assert.match(await read(outDir, '_redirects'), /^\/\*\s+\/\s+302$/m);
});

test.run();
