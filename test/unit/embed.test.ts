/**
 * The starters' `Embed` block: a YouTube or Vimeo video whose player only
 * the pages that hold one may frame. What the browser does with it (nothing
 * asked of the host before play, the player framed after) is in
 * test/browser/content.test.ts; here, what the build writes and refuses.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteError, SiteErrors } from '../../src/errors.ts';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';
import { copyNewsStarter } from '../helpers/starter.ts';
import { edit } from '../helpers/fixture.ts';
import { videoOf } from '../../starter/templates/embed.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const POST = 'content/pages/news/a-picture/index.md';

const newsSite = () => copyNewsStarter('sitegen-embed-');

async function buildErrors(root: string) {
  try {
    await buildSite({ root, outDir: path.join(root, 'dist'), now: NOW });
  } catch (error) {
    const errors = error instanceof SiteErrors ? error.errors : error instanceof SiteError ? [error] : undefined;
    if (errors) return errors.map((item) => ({ file: item.location?.file, line: item.location?.line, field: item.field, message: item.message }));
    throw error;
  }
  throw new Error('the build succeeded where it should have failed');
}

const read = (root: string, file: string) => readFile(path.join(root, 'dist', file), 'utf8');
const frameMeta = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(html)?.[1].replaceAll('&#x27;', "'");

test('a video address of either host becomes its privacy-enhanced player; anything else is not a video', () => {
  const youtube = { host: 'YouTube', player: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1', watch: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' };
  for (const address of ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://youtu.be/aqz-KE-bpKQ', 'https://m.youtube.com/shorts/aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ']) {
    assert.equal(videoOf(address), youtube, address);
  }
  assert.is(videoOf('https://youtu.be/aqz-KE-bpKQ?t=42')?.player, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&start=42');
  assert.equal(videoOf('https://vimeo.com/76979871'), { host: 'Vimeo', player: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1', watch: 'https://vimeo.com/76979871' });
  for (const address of ['http://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://www.youtube.com/watch?v=a"b', 'https://youtube.evil.example/watch?v=aqz-KE-bpKQ', 'https://vimeo.com/channels', 'not a url']) {
    assert.is(videoOf(address), undefined, address);
  }
});

test('only the page with an embed may frame the players: the header allows them, every other page closes frame-src in its head', async () => {
  const root = await newsSite();
  await buildSite({ root, outDir: path.join(root, 'dist'), now: NOW });
  const headers = await read(root, '_headers');
  assert.match(headers, "frame-src https://www.youtube-nocookie.com https://player.vimeo.com;");
  assert.match(headers, 'autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")', 'the press on the poster may start the video');
  assert.match(await read(root, '_headers.nginx'), 'frame-src https://www.youtube-nocookie.com https://player.vimeo.com;', 'nginx sends the same policy');
  assert.is(frameMeta(await read(root, 'news/a-picture.html')), undefined, 'the embed\'s page keeps the header\'s policy');
  for (const file of ['news/hello-world.html', 'news.html', 'de/news/a-picture.html', 'tags/photos.html']) {
    assert.is(frameMeta(await read(root, file)), "frame-src 'none'", file);
  }
  const html = await read(root, 'news/a-picture.html');
  assert.match(html, /<meta charset="utf-8"\/>(?!<meta http-equiv)/, 'no policy of its own');
  assert.not.match(html, '<iframe', 'no frame until play is pressed');
});

test('a site whose components frame nothing keeps a policy without frame-src and pages without a policy of their own', async () => {
  const root = await tempDir('sitegen-embed-basic-');
  await cp(path.join(REPO_ROOT, 'starter'), root, { recursive: true });
  await edit(root, 'templates/markdown.ts', /  Embed: \{[^\n]*\},\n/, '');
  await buildSite({ root, outDir: path.join(root, 'dist'), now: NOW });
  assert.not.match(await read(root, '_headers'), 'frame-src');
  assert.match(await read(root, '_headers'), 'autoplay=(self)');
  assert.is(frameMeta(await read(root, 'index.html')), undefined);
});

test('a poster is an image beside the page, read and resized at build; the button names the video, so its alt is empty', async () => {
  const root = await newsSite();
  await edit(root, POST, 'title: Big Buck Bunny, an open film by the Blender Foundation\n', 'title: Big Buck Bunny, an open film by the Blender Foundation\nposter: ./newsroom.png\n');
  await buildSite({ root, outDir: path.join(root, 'dist'), now: NOW });
  const html = await read(root, 'news/a-picture.html');
  const button = /<button type="button" class="video-embed-play"[\s\S]*?<\/button>/.exec(html)?.[0] ?? '';
  assert.match(button, /<img src="\/assets\/img\/newsroom-[\w-]+\.webp" alt="" width="120" height="80"/);
  assert.match(button, 'type="image/avif"');
  assert.not.match(button, 'video-embed-drawn', 'the drawn poster gives way');
});

test('a wrong embed is an error at its line: an address of no video host, a missing title, a poster that is not there', async () => {
  const root = await newsSite();
  const source = await readFile(path.join(root, POST), 'utf8');
  const line = source.split('\n').indexOf('url: https://www.youtube.com/watch?v=aqz-KE-bpKQ') + 1;
  await writeFile(path.join(root, POST), source.replace('https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://example.com/video.mp4'));
  const [host] = await buildErrors(root);
  assert.equal([host.file, host.line], [POST, line]);
  assert.match(host.message, 'expected a YouTube or Vimeo address');
  await writeFile(path.join(root, POST), source.replace('title: Big Buck Bunny, an open film by the Blender Foundation\n', ''));
  const [title] = await buildErrors(root);
  assert.equal([title.file, title.field], [POST, 'title']);
  await writeFile(path.join(root, POST), source.replace('title: Big Buck Bunny, an open film by the Blender Foundation\n', 'title: Big Buck Bunny\nposter: ./missing.jpg\n'));
  const [poster] = await buildErrors(root);
  assert.is(poster.file, POST);
  assert.match(poster.message, 'missing.jpg');
});

test('a component\'s frames must be https origins: anything else is the template\'s error', async () => {
  const root = await newsSite();
  await edit(root, 'templates/markdown.ts', 'frames: VIDEO_PLAYERS }', "frames: ['http://player.example/video'] }");
  const [error] = await buildErrors(root);
  assert.is(error.file, 'templates/markdown.ts');
  assert.match(error.message, 'gives markdown.Embed frames that are not a list of https origins');
});

test.run();
