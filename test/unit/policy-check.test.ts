/**
 * What the site's own Content-Security-Policy would block in the browser is
 * a build error at its source: an editor's image from another host at its
 * .md line (allowed by csp.img), a template's style attribute, iframe or
 * inline script at the template. test/browser/csp.test.ts shows Chromium
 * blocking what these would have let through.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { copyFixture, edit } from '../helpers/fixture.ts';

const errorsOf = (root: string) => buildSite({ root }).then(
  () => assert.unreachable('the build succeeded') as never,
  (caught: SiteErrors) => caught.errors.map((error) => `${error.code} ${error.location?.file}${error.location?.line ? `:${error.location.line}` : ''}: ${error.message}`),
);

const photoPage = ['---', 'title: Photos', 'description: Our photos.', '---', '', 'Our office:', '', '![The office](https://images.example.com/office.jpg)', ''].join('\n');

test('an editor\'s image from another host is an error at its line, naming csp.img; listed there, it builds and the policy allows it', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'content/pages/photos.md'), photoPage);
  assert.equal(await errorsOf(root), [
    'csp content/pages/photos.md:8: /photos holds https://images.example.com/office.jpg from https://images.example.com, which the policy\'s img-src blocks: list https://images.example.com under images.remote in content/site.yaml (the build fetches the image and serves it from the site), or keep the file in public/; csp.img would have every visitor\'s browser load it from https://images.example.com',
  ]);
  assert.not.ok(existsSync(path.join(root, 'dist')), 'nothing was written');
  await appendFile(path.join(root, 'content/site.yaml'), 'csp:\n  img: [https://images.example.com]\n');
  const { outDir } = await buildSite({ root });
  assert.match(await readFile(path.join(outDir, 'photos.html'), 'utf8'), 'src="https://images.example.com/office.jpg"');
  assert.match(await readFile(path.join(outDir, '_headers'), 'utf8'), "img-src 'self' https://images.example.com;");
});

test('a template\'s style attribute, iframe and inline script are errors at the template; the build\'s own head scripts are not', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'templates/pages/markdown.tsx', '<h1>{page.title}</h1>',
    '<h1 style={{ color: \'red\' }}>{page.title}</h1><iframe title="Map" src="https://maps.example.com/embed" /><script dangerouslySetInnerHTML={{ __html: \'track()\' }} />'
    + '<script type="application/ld+json" dangerouslySetInnerHTML={{ __html: \'{}\' }} />');
  const errors = await errorsOf(root);
  const guide = errors.filter((error) => error.includes('/docs/guide holds'));
  assert.equal(guide, [
    'csp templates/pages/markdown.tsx: /docs/guide holds a style attribute on <h1>, which the policy\'s style-src \'self\' blocks: give the element a class in the stylesheet',
    'csp templates/pages/markdown.tsx: /docs/guide holds an inline <script>, which the policy blocks (only the build\'s own are hashed into it): move it into an island',
    'csp templates/pages/markdown.tsx: /docs/guide holds an <iframe>, which the policy blocks (it frames and embeds nothing): link to the page instead',
  ]);
});

test('a page the policy lets load whole builds as before', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  assert.ok(existsSync(path.join(outDir, 'index.html')));
});

test.run();
