import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFile, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { SiteErrors, type SiteError } from '../../src/errors.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { Img } from '../../templates/components/Img.tsx';
import { Figure } from '../../templates/components/Figure.tsx';
import { waitUntil } from '../helpers/wait-until.ts';
import { quietDev } from '../helpers/dev-session.ts';

const pictureSources = (html: string, src: string) => {
  const picture = new RegExp(`<picture>((?:(?!</picture>).)*)<img src="${src}"[^>]*></picture>`).exec(html);
  assert.ok(picture, `${src} is not in a <picture>`);
  return [...picture[1].matchAll(/<source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"\/>/g)].map(([, type, srcset, sizes]) => ({ type, srcset, sizes }));
};

async function buildErrors(root: string): Promise<SiteError[]> {
  try {
    await buildSite({ root });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors;
    throw error;
  }
  throw new Error('the build succeeded with a wrong size');
}

test('width and height come from the file: JPEG, PNG and an SVG with only a viewBox', async () => {
  const root = await copyFixture('images');
  const { outDir } = await buildSite({ root });
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  assert.match(html, '<img src="/img/photo.jpg" alt="A white circle on blue" width="800" height="500"/>');
  assert.match(html, '<img src="/img/chart.png" alt="A white circle on orange" width="400" height="240"/>');
  assert.match(html, '<img src="/img/drawing.svg" alt="A square" width="300" height="200"/>', 'the SVG passes through, sized by its viewBox');
  assert.not.match(html, /<picture>(?:(?!<\/picture>).)*drawing\.svg/, 'an SVG gets no variants');
});

test('a JPEG and a PNG get AVIF and WebP variants at every width up to their own, with the sizes the template gives', async () => {
  const root = await copyFixture('images');
  const { outDir } = await buildSite({ root });
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  for (const [src, widths, sizes, height] of [['/img/photo.jpg', [320, 640, 800], '(min-width: 50em) 50vw, 100vw', 500 / 800], ['/img/chart.png', [320, 400], '20em', 240 / 400]] as const) {
    const sources = pictureSources(html, src);
    assert.equal(sources.map((source) => source.type), ['image/avif', 'image/webp'], `${src}: AVIF first, then WebP`);
    for (const source of sources) {
      assert.is(source.sizes, sizes, `${src}: sizes from the template`);
      const candidates = source.srcset.split(', ').map((candidate) => candidate.split(' '));
      assert.equal(candidates.map(([, descriptor]) => descriptor), widths.map((width) => `${width}w`), `${src} ${source.type}: widths`);
      for (const [url, descriptor] of candidates) {
        assert.match(url, /^\/assets\/img\/[\w-]+-[0-9a-f]{10}-\d+\.(avif|webp)$/, 'a content-hashed name under /assets/');
        // Decoded, not just present: the file is the format and the width its srcset says.
        const meta = await sharp(path.join(outDir, url)).metadata();
        assert.is(meta.format === 'heif' ? 'image/avif' : `image/${meta.format}`, source.type, `${url}: format`);
        assert.is(`${meta.width}w`, descriptor, `${url}: width`);
        assert.is(meta.height, Math.round(meta.width * height), `${url}: aspect ratio kept`);
      }
    }
  }
});

test('variants are cached between builds: a rebuild encodes nothing, and a changed image gets new names', async () => {
  const root = await copyFixture('images');
  const first = await buildSite({ root });
  const cached = path.join(root, '.sitegen', 'cache', 'images');
  const before = await readFile(path.join(first.outDir, 'index.html'), 'utf8');
  const url = /\/assets\/img\/photo-[0-9a-f]+-640\.avif/.exec(before)![0];
  const made = (await stat(path.join(cached, path.basename(url)))).mtimeMs;
  const second = await buildSite({ root });
  assert.is((await stat(path.join(cached, path.basename(url)))).mtimeMs, made, 'the cached variant was not encoded again');
  assert.ok((await stat(path.join(second.outDir, url))).size > 0, 'and it is in the new build');

  await sharp(path.join(root, 'public/img/chart.png')).flop().toFile(path.join(root, 'public/img/chart-flopped.png'));
  await edit(root, 'content/pages/index.yaml', '/img/chart.png', '/img/chart-flopped.png');
  const third = await readFile(path.join((await buildSite({ root })).outDir, 'index.html'), 'utf8');
  const chart = /\/assets\/img\/chart-flopped-([0-9a-f]+)-400\.webp/.exec(third);
  assert.ok(chart && !before.includes(chart[1]), 'a different image has different variant names');
});

test('a large site reuses a page with images, variants included, until an image changes', async () => {
  const root = await copyFixture('images');
  const other = path.join(root, 'content/pages/other.yaml');
  await writeFile(other, 'template: gallery\ntitle: Other\ndescription: A drawing only.\ndrawing: { src: /img/drawing.svg, alt: A square }\n');
  await buildSite({ root });
  await writeFile(other, 'template: gallery\ntitle: Other page\ndescription: A drawing only.\ndrawing: { src: /img/drawing.svg, alt: A square }\n');
  const warm = await buildSite({ root });
  assert.is(warm.rendered, 1, 'only the edited page is rendered; the gallery is reused');
  const html = await readFile(path.join(warm.outDir, 'index.html'), 'utf8');
  const variants = [...html.matchAll(/\/assets\/img\/[\w.-]+/g)].map(([url]) => url);
  assert.is(variants.length, 10, 'the reused page still offers its variants');
  for (const url of variants) assert.ok(await stat(path.join(warm.outDir, url)).then(() => true, () => false), `missing from the new build: ${url}`);

  await sharp({ create: { width: 500, height: 300, channels: 3, background: '#0b1f3a' } }).png().toFile(path.join(root, 'public/img/chart.png'));
  const changed = await buildSite({ root });
  assert.ok(changed.rendered >= 1, 'a changed image renders the pages again');
  const after = await readFile(path.join(changed.outDir, 'index.html'), 'utf8');
  assert.match(after, '<img src="/img/chart.png" alt="A white circle on orange" width="500" height="300"/>', 'with the new size');
  const chart = /\/assets\/img\/chart-[0-9a-f]+-500\.webp/.exec(after);
  assert.ok(chart && (await stat(path.join(changed.outDir, chart[0]))).size > 0, 'and its new variants');
});

test('a typed width or height that disagrees with the file is an error naming the field and the real size', async () => {
  const root = await copyFixture('images');
  await edit(root, 'content/pages/index.yaml', 'alt: A white circle on blue }', 'alt: A white circle on blue, width: 800, height: 600 }');
  const [error, ...others] = await buildErrors(root);
  assert.is(others.length, 0, 'the matching width is no error');
  assert.is(error.location?.file, 'content/pages/index.yaml');
  assert.is(error.location?.line, 4, 'the line of the photo');
  assert.is(error.field, 'photo.height');
  assert.match(error.message, 'height 600 differs from the file\'s: public/img/photo.jpg is 800×500');
});

test('an SVG with no size at all is an error that says how to fix it', async () => {
  const root = await copyFixture('images');
  await edit(root, 'public/img/drawing.svg', ' viewBox="0 0 300 200"', '');
  const [error] = await buildErrors(root);
  assert.is(error.field, 'drawing.src');
  assert.match(error.message, 'public/img/drawing.svg has no size that sitegen can read: give its <svg> a viewBox');
});

test('sitegen check follows every srcset candidate and names a missing variant', async () => {
  const root = await copyFixture('images');
  const { outDir } = await buildSite({ root });
  assert.equal((await checkSite(root, outDir)).problems, [], 'the build is whole');
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const url = /\/assets\/img\/chart-[0-9a-f]+-320\.webp/.exec(html)![0];
  await rm(path.join(outDir, url));
  assert.equal((await checkSite(root, outDir)).problems, [`index.html: srcSet="${url}" does not resolve to a file in the build`]);
});

test('the Open Graph image keeps its exact size and bytes', async () => {
  const root = await copyFixture('images');
  const { outDir } = await buildSite({ root });
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  assert.match(html, '<meta property="og:image" content="https://images.example/img/social.png"/>');
  assert.equal(await readFile(path.join(outDir, 'img/social.png')), await readFile(path.join(root, 'public/img/social.png')));
  assert.equal((await sharp(path.join(outDir, 'img/social.png')).metadata()).width, 1200);
});

test('the site\'s <Img> offers the variants with the sizes its template passes, or its own width by default', () => {
  const image = { src: '/a.png', alt: 'A', width: 640, height: 480, sources: [{ type: 'image/avif', srcSet: '/assets/img/a-0123456789-320.avif 320w' }] };
  assert.match(renderToStaticMarkup(Img({ image, sizes: '50vw' })), '<source type="image/avif" srcSet="/assets/img/a-0123456789-320.avif 320w" sizes="50vw"/>');
  assert.match(renderToStaticMarkup(Img({ image })), 'sizes="(max-width: 640px) 100vw, 640px"');
  assert.not.match(renderToStaticMarkup(Img({ image: { ...image, sources: undefined } })), '<picture>', 'an SVG is a plain <img>');
  const figure = renderToStaticMarkup(Figure({ image, still: '/a-still.png' }));
  assert.is(figure.split('<picture>').length, 2, `one <picture>, not one in another: ${figure}`);
  assert.match(figure, /<picture><source srcSet="\/a-still.png" media="\(prefers-reduced-motion: reduce\)"[^>]*\/><source type="image\/avif"/, 'the still first, then the variants');
});

test('dev renders again the pages that show an image replaced by another of the same name and size', async () => {
  const root = await copyFixture('images');
  const session = await quietDev(root);
  try {
    const page = () => readFile(path.join(session.outDir, 'index.html'), 'utf8');
    const variant = async () => /\/assets\/img\/chart-[0-9a-f]+-\d+\.avif/.exec(await page())?.[0];
    const before = await variant();
    assert.ok(before, 'the page offers the chart\'s variants');
    // The editor drops in a new chart.png: the same size, another picture.
    const { width, height } = await sharp(path.join(root, 'public/img/chart.png')).metadata();
    await sharp({ create: { width: width!, height: height!, channels: 3, background: '#0066ff' } }).png().toFile(path.join(root, 'public/img/chart-new.png'));
    await rename(path.join(root, 'public/img/chart-new.png'), path.join(root, 'public/img/chart.png'));
    await waitUntil(async () => (await variant()) !== before, 'the page offers the new picture\'s variants', { timeoutMs: 5000 });
    await session.idle();
    const after = (await variant())!;
    assert.ok(existsSync(path.join(session.outDir, after)), `dev wrote ${after}`);
    const pixel = await sharp(path.join(session.outDir, after)).raw().toBuffer();
    assert.equal([...pixel.subarray(0, 3)].map((value) => Math.round(value / 16)), [0, 6, 16], 'the new picture, not the old one');
  } finally {
    await session.close();
  }
});

test('dev makes the variants of an image an edit brings in', async () => {
  const root = await copyFixture('images');
  const session = await quietDev(root);
  try {
    await copyFile(path.join(root, 'public/img/photo.jpg'), path.join(root, 'public/img/photo-copy.jpg'));
    await session.idle();
    await edit(root, 'content/pages/index.yaml', 'src: /img/chart.png', 'src: /img/photo-copy.jpg');
    const page = () => readFile(path.join(session.outDir, 'index.html'), 'utf8');
    // File events arrive asynchronously: wait for the rebuilt page.
    await waitUntil(async () => (await page()).includes('/img/photo-copy.jpg'), 'the page shows the new image', { timeoutMs: 5000 });
    await session.idle();
    const url = /\/assets\/img\/photo-copy-[0-9a-f]+-320\.avif/.exec(await page());
    assert.ok(url, 'the page offers the new image\'s variants');
    assert.is((await sharp(path.join(session.outDir, url[0])).metadata()).width, 320, 'and dev wrote them');
  } finally {
    await session.close();
  }
});

test.run();
