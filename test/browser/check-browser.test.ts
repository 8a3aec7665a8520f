/**
 * `sitegen check --browser`: every page opened in Chromium behind the
 * site's own headers. It finds nothing on this site, on the three starters and
 * on the fixtures the other tests build; and it finds what the browser
 * refused on pages that hold the failures of issue 33 as the build wrote
 * them before it could see them: a relative image read from the wrong
 * folder (item 1), another host's image and a style attribute under the
 * site's CSP (item 4), and the embed the sanitiser used to drop without a
 * word, left in (item 5).
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { checkInBrowser } from '../../src/check/browser-check.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { initStarter } from '../helpers/starter.ts';
import { REPO_ROOT, copyRepoSite, tempDir } from '../helpers/site.ts';

const run = promisify(execFile);
const check = suite('check --browser');

/** The problems `check --browser` reports for a site root, built first. */
async function problemsOf(root: string): Promise<string[]> {
  const { outDir } = await buildSite({ root, outDir: path.join(root, 'dist') });
  const report = await checkSite(root, outDir, { browser: true });
  assert.equal(report.problems, [], 'the links check');
  return (report.browser ?? []).map((problem) => `${problem.page}: ${problem.kind}: ${problem.detail}`);
}

check('finds nothing on the news starter, the docs one, the basic one, and the fixtures', async () => {
  for (const root of [await initStarter('news', 'sitegen-browser-'), await initStarter('docs', 'sitegen-browser-'), await initStarter('basic', 'sitegen-browser-'),
    await copyFixture('basic'), await copyFixture('hydration'), await copyFixture('images')]) {
    assert.equal(await problemsOf(root), [], root);
  }
});

check('finds nothing on this site, through the command line', async () => {
  const root = await tempDir('sitegen-browser-site-');
  await copyRepoSite(root);
  const keyFile = /^\s+publicKey:\s*(\S+)/m.exec(await readFile(path.join(root, 'content/site.yaml'), 'utf8'))?.[1];
  if (keyFile) {
    const { generateKeyPairSync } = await import('node:crypto');
    await mkdir(path.dirname(path.join(root, keyFile)), { recursive: true });
    await writeFile(path.join(root, keyFile), generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }));
  }
  const cli = path.join(REPO_ROOT, 'bin', 'sitegen.js');
  const env = { ...process.env, NO_COLOR: '1', NODE_ENV: 'production' };
  await run(process.execPath, [cli, 'build', '--root', root], { env });
  const { stdout } = await run(process.execPath, [cli, 'check', '--browser', '--root', root], { env });
  assert.match(stdout, 'every page opened in Chromium, no CSP violation, failed request, console error or broken image');
});

check('finds what the browser refused: an image read from the wrong folder, another host\'s image, a style attribute, an iframe', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/site.yaml'), `${await readFile(path.join(root, 'content/site.yaml'), 'utf8')}\ntrailingSlash: always\n`);
  const { outDir } = await buildSite({ root, outDir: path.join(root, 'dist') });
  // Pages as the build wrote them before it resolved relative addresses and refused what the policy blocks.
  const frame = await readFile(path.join(outDir, 'about', 'index.html'), 'utf8');
  const page = (body: string) => frame.replace(/<main\b[^>]*>[\s\S]*<\/main>/, `<main id="main">${body}</main>`);
  await mkdir(path.join(outDir, 'blog', 'post'), { recursive: true });
  await cp(path.join(outDir, 'img', 'logo.svg'), path.join(outDir, 'blog', 'logo.svg'));
  await writeFile(path.join(outDir, 'blog', 'post', 'index.html'), page('<p><img src="./logo.svg" alt="A picture beside the post"></p>'));
  await mkdir(path.join(outDir, 'remote'));
  await writeFile(path.join(outDir, 'remote', 'index.html'), page('<p><img src="https://images.example.com/p.jpg" alt="A remote picture"></p><p style="color: red">Red</p>'));
  await mkdir(path.join(outDir, 'embed'));
  await writeFile(path.join(outDir, 'embed', 'index.html'), page('<iframe title="Tour" src="https://www.youtube.com/embed/abc"></iframe>'));
  const found = await checkInBrowser(outDir, [
    { file: 'blog/post/index.html', url: '/blog/post/', source: 'content/pages/blog/post.md' },
    { file: 'remote/index.html', url: '/remote/' },
    { file: 'embed/index.html', url: '/embed/' },
  ]);
  const lines = found.map((problem) => `${problem.page}${problem.source ? ` (${problem.source})` : ''}: ${problem.kind}: ${problem.detail}`);
  assert.equal(lines.sort(), [
    '/blog/post/ (content/pages/blog/post.md): image: /blog/post/logo.svg did not load',
    '/remote/: csp: style-src-attr blocked an inline style',
    '/remote/: csp: img-src blocked https://images.example.com/p.jpg',
    // A frame's address is cut to its origin in the report, as the browser tells it.
    '/embed/: csp: frame-src blocked https://www.youtube.com',
  ].sort());
});

check('the browser reaches no address of this machine\'s network that the policy allows, unless --allow-host names it', async () => {
  // A TCP port on the loopback that counts whoever connects: Chromium's TLS handshake would be one.
  const connections: number[] = [];
  const { createServer } = await import('node:net');
  const listener = createServer((socket) => {
    connections.push(Date.now());
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as import('node:net').AddressInfo).port;
  try {
    const root = await copyFixture('basic');
    await writeFile(path.join(root, 'content/site.yaml'), `${await readFile(path.join(root, 'content/site.yaml'), 'utf8')}\ncsp:\n  img: [https://127.0.0.1:${port}, https://169.254.169.254]\n`);
    const { outDir } = await buildSite({ root, outDir: path.join(root, 'dist') });
    const frame = await readFile(path.join(outDir, 'about.html'), 'utf8');
    await writeFile(path.join(outDir, 'inside.html'), frame.replace(/<main\b[^>]*>[\s\S]*<\/main>/,
      `<main id="main"><img src="https://127.0.0.1:${port}/x.png" alt="Loopback"><img src="https://169.254.169.254/latest/meta-data/" alt="Metadata"></main>`));
    const found = await checkInBrowser(outDir, [{ file: 'inside.html', url: '/inside' }]);
    const lines = found.map((problem) => `${problem.kind}: ${problem.detail}`);
    assert.ok(lines.includes(`request: https://127.0.0.1:${port}/x.png was not asked for: refused: 127.0.0.1:${port} is 127.0.0.1, a loopback address (sitegen check --browser --allow-host 127.0.0.1:${port} lets the browser reach it)`), lines.join('\n'));
    assert.ok(lines.some((line) => line.startsWith('request: https://169.254.169.254/latest/meta-data/ was not asked for: refused: 169.254.169.254 is 169.254.169.254, a link-local address')), lines.join('\n'));
    assert.is(connections.length, 0, 'nothing connected to the loopback port');
    // The same rule's one way round, as with --external: a host the check is told it may reach.
    await checkInBrowser(outDir, [{ file: 'inside.html', url: '/inside' }], { allowHosts: [`127.0.0.1:${port}`] });
    assert.ok(connections.length > 0, 'an allowed host is reached');
  } finally {
    listener.close();
  }
});

check.run();
