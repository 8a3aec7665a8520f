/**
 * Social cards: each page without an `image` of its own gets a 1200×630
 * picture of its section and title for link previews, drawn at build in the
 * site's colours and font, named by what it shows, and drawn once for as
 * long as that stays the same. The news starter turns them on.
 */
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { cardSvg } from '../../src/integrations/cards/draw-card.ts';
import { cardNameOf, type CardSpec } from '../../src/integrations/cards/card-spec.ts';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';
import { copyNewsStarter } from '../helpers/starter.ts';
import { edit } from '../helpers/fixture.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const FONTS = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/plus-jakarta-sans/package.json')), 'files');

const newsSite = () => copyNewsStarter('sitegen-cards-');

const build = (root: string) => buildSite({ root, outDir: path.join(root, 'dist'), now: NOW });
const read = (root: string, file: string) => readFile(path.join(root, 'dist', file), 'utf8');
const meta = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"/>`).exec(html)?.[1];
const cached = async (root: string) => (await readdir(path.join(root, '.sitegen', 'cache', 'integrations', 'cards'))).filter((name) => name.endsWith('.png')).sort();

test('each page links a 1200×630 card of its own words in the site\'s colours, served under /assets/', async () => {
  const root = await newsSite();
  await build(root);
  const html = await read(root, 'news/hello-world.html');
  const image = meta(html, 'og:image')!;
  assert.match(image, /^https:\/\/www\.example\.com\/assets\/cards\/[\w-]{16}\.png$/);
  assert.is(/<meta name="twitter:image" content="([^"]*)"\/>/.exec(html)?.[1], image);
  assert.equal([meta(html, 'og:image:width'), meta(html, 'og:image:height'), meta(html, 'og:image:alt')], ['1200', '630', 'Hello, world']);
  const file = path.join(root, 'dist', new URL(image).pathname);
  const { width, height, format } = await sharp(file).metadata();
  assert.equal([width, height, format], [1200, 630, 'png']);
  // The corner is the background site.yaml gives (#0b1f4d); the title's rows hold the text's white.
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  assert.equal(pixel(5, 5), [0x0b, 0x1f, 0x4d]);
  let white = 0;
  for (let y = 300; y < 420; y++) for (let x = 80; x < 1120; x++) if (pixel(x, y).every((channel) => channel > 240)) white++;
  assert.ok(white > 5_000, `the title is drawn (${white} white pixels)`);
  // Every page has a card, each named by what it shows: the two languages' posts differ.
  const cards = new Set<string>();
  for (const page of ['index.html', 'news.html', 'news/2.html', 'de/news/hello-world.html', 'tags/photos.html']) cards.add(meta(await read(root, page), 'og:image')!);
  assert.is(cards.size, 5);
  for (const card of cards) await readFile(path.join(root, 'dist', new URL(card).pathname));
  assert.match(await read(root, '_headers'), '/assets/*\n  Cache-Control: public, max-age=31536000, immutable', 'a card\'s address changes with it, so it is kept for good');
});

test('this site: each page\'s link preview is a card of its own in the brand\'s navy, its title without the company\'s name, its kind above it', async () => {
  const outDir = path.join(await tempDir('sitegen-site-cards-'), 'dist');
  await buildSite({ root: REPO_ROOT, outDir, cache: false });
  const cardOf = async (file: string) => meta(await readFile(path.join(outDir, file), 'utf8'), 'og:image')!;
  const pages = ['index.html', 'adaptive.html', 'solutions.html', 'about.html', 'privacy-policy.html', 'contact.html'];
  const cards = await Promise.all(pages.map(cardOf));
  assert.is(new Set(cards).size, pages.length, 'no two pages share a preview');
  for (const card of cards) assert.match(card, /^https:\/\/www\.example\.com\/assets\/cards\/[\w-]{16}\.png$/);
  // A card is named by everything it draws: the product page's says Product above its title, and the company once.
  const style = { background: '#0b1f3a', text: '#ffffff', accent: '#7dd3fc' };
  const drawn = (layout: 'headline' | 'centered', eyebrow: string, title: string) => `https://www.example.com/assets/cards/${cardNameOf({
    layout, eyebrow, title, site: 'Kavach Cognitive Labs', host: 'www.example.com', style,
  })}`;
  assert.is(cards[1], drawn('headline', 'Product', 'adapID AI Adaptive Authentication'));
  assert.is(cards[0], drawn('centered', '', 'Behavioural biometrics and AI bot security'));
  assert.is(cards[4], drawn('headline', 'Policy', 'Privacy Policy'));
  const { data, info } = await sharp(path.join(outDir, new URL(cards[1]).pathname)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  assert.equal([...data.subarray(0, 3)], [0x0b, 0x1f, 0x3a], 'the brand\'s navy');
  assert.equal([info.width, info.height], [1200, 630]);
});

test('the template chooses the layout and words; a page\'s own image, or `card = false`, means no card', async () => {
  const root = await newsSite();
  await edit(root, 'content/pages/news/hello-world.md', 'title: Hello, world\n', 'title: Hello, world\nimage: /favicon.svg\n');
  await edit(root, 'templates/pages/markdown.tsx', /\nexport default/, '\nexport const card = false;\n\nexport default');
  await build(root);
  assert.is(meta(await read(root, 'news/hello-world.html'), 'og:image'), 'https://www.example.com/favicon.svg');
  assert.not.match(await read(root, 'news/hello-world.html'), 'og:image:width');
  assert.is(meta(await read(root, 'search.html'), 'og:image'), 'https://www.example.com/favicon.svg', 'the markdown template draws none');
  // The post template's words: "News" and the date above the title.
  const post = cardSvg({ layout: 'headline', eyebrow: 'News · 2026-11-09', title: 'A picture from the newsroom', site: 'My Site', host: 'www.example.com',
    style: { background: '#0b1f4d', text: '#ffffff', accent: '#7dd3fc' } }, root).svg;
  assert.equal([...post.matchAll(/data-text="([^"]*)"/g)].map((match) => match[1]), ['My Site', 'News · 2026-11-09', 'A picture from the', 'newsroom', 'www.example.com']);
});

test('the cards are the built-in cards integration\'s: turned off, a page shows the site\'s picture; a site\'s own preview integration gives its own', async () => {
  const root = await newsSite();
  const config = (body: string) => writeFile(path.join(root, 'sitegen.config.ts'), `import { defineConfig, defineIntegration } from 'sitegen/config';\n${body}\n`);
  await config('export default defineConfig({ builtIn: { cards: false } });');
  await build(root);
  const plain = await read(root, 'news/hello-world.html');
  assert.is(meta(plain, 'og:image'), 'https://www.example.com/favicon.svg', 'the site\'s picture');
  assert.is(meta(plain, 'og:image:width'), undefined, 'no card, no card\'s size');
  assert.not.ok(await stat(path.join(root, 'dist', 'assets', 'cards')).then(() => true, () => false), 'no cards written');

  // A picture service of the site's own: an https address, its size and words, for every page but the home page.
  await config(`
const og = defineIntegration({ name: 'og', setup: () => ({
  preview: (page) => page.route === '/' ? undefined : { image: 'https://og.example.net/card.png?title=' + encodeURIComponent(page.title), width: 1080, height: 1080, alt: 'The page ' + page.title },
}) });
export default defineConfig({ builtIn: { cards: false }, integrations: [og()] });`);
  await build(root);
  const own = await read(root, 'news/hello-world.html');
  assert.equal([meta(own, 'og:image'), meta(own, 'og:image:width'), meta(own, 'og:image:height'), meta(own, 'og:image:alt')],
    ['https://og.example.net/card.png?title=Hello%2C%20world', '1080', '1080', 'The page Hello, world']);
  assert.is(meta(await read(root, 'index.html'), 'og:image'), 'https://www.example.com/favicon.svg', 'a page it gives none keeps the site\'s');

  await config(`
const bad = defineIntegration({ name: 'bad', setup: () => ({ preview: () => ({ image: 'javascript:alert(1)' }) }) });
export default defineConfig({ builtIn: { cards: false }, integrations: [bad()] });`);
  const caught = await build(root).then(() => undefined, (error: SiteErrors) => error);
  assert.ok(caught instanceof SiteErrors, 'the build failed');
  assert.equal(caught.errors.map((error) => error.message), [
    'the integration bad failed in its preview hook: /404: "javascript:alert(1)" is not a picture\'s address: a path on the site (/assets/…) or an https:// URL',
  ], 'told once, at the first page it was asked for');
  assert.is(caught.errors[0].location?.file, 'sitegen.config.ts');
});

test('the news starter\'s post card names the section in the post\'s language', async () => {
  const root = await newsSite();
  const { pages } = await build(root);
  const eyebrow = (route: string) => (pages.find((page) => page.route === route)?.preview?.note as CardSpec | undefined)?.eyebrow;
  assert.is(eyebrow('/de/news/hello-world'), 'Neuigkeiten · 2026-11-02');
  assert.is(eyebrow('/news/hello-world'), 'News · 2026-11-02');
});

test('a title too long for the card is cut with an ellipsis, and every line stays inside it', () => {
  const title = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
  const { svg } = cardSvg({ layout: 'headline', eyebrow: '', title, site: 'S', host: 'h.example', style: { background: '#000000', text: '#ffffff', accent: '#7dd3fc' } }, '.');
  const lines = [...svg.matchAll(/<g data-text="([^"]*)" data-size="(\d+)"[^>]*transform="translate\(([\d.]+) ([\d.]+)\)/g)].slice(1, -1);
  assert.is(lines.length, 4, 'four lines at the smallest size');
  assert.ok(lines.at(-1)![1].endsWith('…'));
  for (const [, , size, , y] of lines) assert.ok(Number(y) < 510 && Number(size) === 50, `a line at ${y}`);
});

test('a card is drawn once: an edit draws that page\'s card again, and nothing else', async () => {
  const root = await newsSite();
  await build(root);
  const before = await cached(root);
  const other = meta(await read(root, 'news/a-picture.html'), 'og:image');
  await edit(root, 'content/pages/news/hello-world.md', 'title: Hello, world', 'title: Hello again');
  await build(root);
  const after = await cached(root);
  assert.is(after.length, before.length + 1, 'one card more in the cache');
  assert.is(meta(await read(root, 'news/a-picture.html'), 'og:image'), other, 'the other pages keep theirs');
  const changed = meta(await read(root, 'news/hello-world.html'), 'og:image')!;
  assert.ok(after.includes(path.basename(changed)) && !before.includes(path.basename(changed)));
});

test('site.yaml\'s cards: a colour that is no colour or a missing font is an error at its line; words hard to read are a warning', async () => {
  const root = await newsSite();
  const site = path.join(root, 'content', 'site.yaml');
  const source = await readFile(site, 'utf8');
  await writeFile(site, source.replace('background: "#0b1f4d"', 'background: navy'));
  const errorsOf = async () => {
    try {
      await build(root);
    } catch (error) {
      if (error instanceof SiteErrors) return error.errors.map((item) => [item.location?.file, item.location?.line, item.field, item.message]);
      throw error;
    }
    throw new Error('the build succeeded');
  };
  const line = source.split('\n').findIndex((text) => text.includes('background: "#0b1f4d"')) + 1;
  assert.equal(await errorsOf(), [['content/site.yaml', line, 'cards.background', 'expected a colour such as #0b1f4d']]);
  await writeFile(site, source.replace('accent: *accent-dark', 'accent: *accent-dark\n  font: public/fonts/brand.woff'));
  const [missing] = await errorsOf();
  assert.equal(missing.slice(0, 3), ['content/site.yaml', line + 3, 'cards.font']);
  assert.match(String(missing[3]), 'public/fonts/brand.woff does not exist');
  await writeFile(site, source.replace('text: "#ffffff"', 'text: "#1e3a8a"'));
  const result = await build(root);
  assert.ok(result.warnings.some((warning) => /cards\.text #1e3a8a on #0b1f4d has a contrast of 1\.\d\d:1/.test(warning)), result.warnings.join('\n'));
});

test('the site\'s own font draws the cards, and a new font file draws them again; a glyph it lacks is a warning naming the page', async () => {
  const root = await newsSite();
  await mkdir(path.join(root, 'public', 'fonts'), { recursive: true });
  const font = path.join(root, 'public', 'fonts', 'brand.woff');
  await copyFile(path.join(FONTS, 'plus-jakarta-sans-latin-400-normal.woff'), font);
  await edit(root, 'content/site.yaml', 'accent: *accent-dark', 'accent: *accent-dark\n  font: public/fonts/brand.woff');
  await build(root);
  const first = meta(await read(root, 'news/hello-world.html'), 'og:image');
  await copyFile(path.join(FONTS, 'plus-jakarta-sans-latin-800-normal.woff'), font);
  await build(root);
  const second = meta(await read(root, 'news/hello-world.html'), 'og:image');
  assert.is.not(second, first, 'another font, another card');
  await edit(root, 'content/pages/news/hello-world.md', 'title: Hello, world', 'title: Hello, 世界');
  const result = await build(root);
  assert.ok(result.warnings.some((warning) => warning.startsWith('content/pages/news/hello-world.md: its social card\'s font has no glyph for "世", "界"')), result.warnings.join('\n'));
});

test('a dev rebuild leaves the variants and cards already in its output alone, and puts back one that went missing', async () => {
  const root = await newsSite();
  const outDir = path.join(root, '.sitegen', 'dev-out');
  const dev = () => buildSite({ root, outDir, now: NOW, dev: true, parallel: false, output: 'update' });
  const cold = await dev();
  const media = async () => {
    const found = new Map<string, string>();
    for (const folder of ['assets/img', 'assets/cards']) {
      for (const name of await readdir(path.join(outDir, folder))) {
        const info = await stat(path.join(outDir, folder, name));
        found.set(`${folder}/${name}`, `${info.ino}:${info.mtimeMs}`);
      }
    }
    return found;
  };
  const before = await media();
  assert.ok([...before.keys()].some((file) => file.startsWith('assets/cards/')) && [...before.keys()].some((file) => file.startsWith('assets/img/')), 'cards and variants');
  await edit(root, 'content/pages/news/a-picture/index.md', 'This post is a folder', 'This post, edited, is a folder');
  const warm = await dev();
  assert.ok(warm.rendered > 0 && warm.rendered < cold.rendered, `the post and its lists are rendered again, not the site (${warm.rendered} of ${cold.rendered})`);
  assert.equal(await media(), before, 'every variant and card is the file it was: none copied again, none removed');
  const [gone] = [...before.keys()].filter((file) => file.startsWith('assets/img/'));
  await rm(path.join(outDir, gone));
  await edit(root, 'content/pages/news/a-picture/index.md', 'This post, edited, is a folder', 'This post is a folder');
  await dev();
  assert.ok((await stat(path.join(outDir, gone))).isFile(), `${gone} is put back`);
});

test.run();
