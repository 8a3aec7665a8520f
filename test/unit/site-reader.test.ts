/**
 * The one reader of what a site gives the build (src/site-reader.ts): the
 * rule of the folders an editor fills,
 * over every one of them: content/site.yaml, content/data/, content/pages/
 * and public/. A symbolic link out of its folder fails the build naming the
 * link, prints nothing of its target (no code frame of a secret), and
 * leaves dist/ as it was; a link that stays inside is read as its target.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { copyFixture, hashTree } from '../helpers/fixture.ts';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';

const run = promisify(execFile);
const SECRET = 'DATABASE_URL=postgres://app:hunter2-very-secret@db.internal/app';

/** The basic fixture with a team list in content/data/ (and its schema), built once so that dist/ exists. */
async function builtSite(): Promise<string> {
  const root = await copyFixture('basic');
  await mkdir(path.join(root, 'content', 'data'), { recursive: true });
  await writeFile(path.join(root, 'content', 'data', 'team.yaml'), '- Ada\n- Grace\n');
  await writeFile(path.join(root, 'templates', 'data.ts'), "import { z } from 'sitegen';\nexport const data = { team: z.array(z.string()) };\n");
  await buildSite({ root });
  return root;
}

/** `sitegen build` as a user runs it: its exit code and what it printed. */
async function cliBuild(root: string): Promise<{ code: number; output: string }> {
  const { FORCE_COLOR: _color, ...env } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), 'build', '--root', root], { env: { ...env, NO_COLOR: '1' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// Each place a link can sit, with what replaces the real file there.
const PLACES: { name: string; link: string; secretAs: string }[] = [
  { name: 'content/site.yaml', link: 'content/site.yaml', secretAs: 'env' },
  { name: 'a data file', link: 'content/data/team.yaml', secretAs: 'env' },
  { name: 'a data file (YAML outside)', link: 'content/data/team.yaml', secretAs: 'yaml' },
  { name: 'a page', link: 'content/pages/about.yaml', secretAs: 'env' },
  { name: 'a page folder', link: 'content/pages/docs', secretAs: 'folder' },
  { name: 'the data folder itself', link: 'content/data', secretAs: 'data-folder' },
  { name: 'a public file', link: 'public/robots-extra.txt', secretAs: 'env' },
];

for (const place of PLACES) {
  test(`${place.name}: a symbolic link out of its folder fails the build at the link, prints nothing of its target, and leaves dist/ as it was`, async () => {
    const root = await builtSite();
    const before = await hashTree(path.join(root, 'dist'));
    const outside = await tempDir('sitegen-outside-');
    let target = path.join(outside, 'secrets.env');
    if (place.secretAs === 'yaml') {
      target = path.join(outside, 'team.yaml');
      await writeFile(target, `- ${SECRET.replace('=', ': ')}\n`);
    } else if (place.secretAs === 'data-folder') {
      target = path.join(outside, 'data');
      await mkdir(target);
      await writeFile(path.join(target, 'team.yaml'), `- ${SECRET.replace('=', ': ')}\n`);
    } else if (place.secretAs === 'folder') {
      target = path.join(outside, 'pages');
      await mkdir(target);
      await writeFile(path.join(target, 'leak.md'), `---\ntitle: Leak\ndescription: ${SECRET}\n---\n\n${SECRET}\n`);
    } else {
      await writeFile(target, `${SECRET}\n`);
    }
    await rm(path.join(root, place.link), { recursive: true, force: true });
    await symlink(target, path.join(root, place.link));
    const { code, output } = await cliBuild(root);
    assert.is.not(code, 0, 'the build fails');
    assert.match(output, `${place.link} is a symbolic link to ${target}, outside ${place.link.split('/')[0]}/`);
    assert.match(output, '[symlink]');
    assert.not.match(output, 'hunter2', 'nothing of the target is printed');
    assert.is(await hashTree(path.join(root, 'dist')), before, 'dist/ is as it was');
  });
}

test('a link to nothing, and a link to a dotfile inside the folder, are errors too', async () => {
  const root = await builtSite();
  await writeFile(path.join(root, 'content', '.env'), `${SECRET}\n`);
  await symlink('../.env', path.join(root, 'content', 'data', 'env.yaml'));
  const dotfile = await cliBuild(root);
  assert.is.not(dotfile.code, 0);
  assert.match(dotfile.output, 'content/data/env.yaml is a symbolic link to content/.env, which is private');
  assert.not.match(dotfile.output, 'hunter2');
  await rm(path.join(root, 'content', 'data', 'env.yaml'));
  await symlink('gone.md', path.join(root, 'content', 'pages', 'nothing.md'));
  const nothing = await cliBuild(root);
  assert.is.not(nothing.code, 0);
  assert.match(nothing.output, 'content/pages/nothing.md is a symbolic link to nothing');
});

test('links that stay inside their folder are read as their targets: a shared data file, a page, a public file', async () => {
  const root = await builtSite();
  await mkdir(path.join(root, 'content', 'shared'));
  await writeFile(path.join(root, 'content', 'shared', 'careers.md'), '---\ntitle: Careers\ndescription: Work with us.\n---\n\nWe are hiring.\n');
  await symlink('../shared/careers.md', path.join(root, 'content', 'pages', 'careers.md'));
  await writeFile(path.join(root, 'content', 'shared', 'team.yaml'), '- Linked Ada\n');
  await rm(path.join(root, 'content', 'data', 'team.yaml'));
  await symlink('../shared/team.yaml', path.join(root, 'content', 'data', 'team.yaml'));
  await mkdir(path.join(root, 'public', 'docs'));
  await writeFile(path.join(root, 'public', 'docs', 'manual.txt'), 'the manual\n');
  await symlink('docs/manual.txt', path.join(root, 'public', 'manual.txt'));
  const { outDir, model } = await buildSite({ root });
  assert.match(await readFile(path.join(outDir, 'careers.html'), 'utf8'), 'We are hiring.');
  assert.equal(model.site.data.team, ['Linked Ada'], 'the data file is the one the link points at');
  assert.is(await readFile(path.join(outDir, 'manual.txt'), 'utf8'), 'the manual\n', 'the public file, copied as the file it points at');
});

/** The build's errors, as [file, message] pairs; fails when the build succeeds. */
async function buildErrors(root: string): Promise<[string | undefined, string][]> {
  try {
    await buildSite({ root });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors.map((item) => [item.location?.file, item.message]);
    throw error;
  }
  throw new Error('the build succeeded');
}

test('a content file over 16 MB fails the build naming it and its size, and dist/ stays as it was', async () => {
  const root = await builtSite();
  const before = await hashTree(path.join(root, 'dist'));
  // Front matter, then 17 MB of a paragraph: text, valid, and too large to be a page.
  await writeFile(path.join(root, 'content', 'pages', 'huge.md'), `---\ntitle: Huge\ndescription: Too large.\n---\n\n${'All work and no play. '.repeat(810_000)}\n`);
  const errors = await buildErrors(root);
  assert.equal(errors.length, 1, JSON.stringify(errors));
  assert.is(errors[0][0], 'content/pages/huge.md');
  assert.match(errors[0][1], /^is 17 MB, over the 16 MB a text file of the site may be$/);
  assert.equal(await hashTree(path.join(root, 'dist')), before);
});

test('a local file a schema reads goes through the same reader: a link out of the site is refused, and nothing of its target is printed', async () => {
  const root = await builtSite();
  const outside = await tempDir('sitegen-outside-');
  await writeFile(path.join(outside, 'secrets.env'), `${SECRET}\n`);
  await writeFile(path.join(root, 'templates', 'data.ts'), "import { localFile, z } from 'sitegen';\nexport const data = { team: z.array(z.string()), notice: z.object({ text: localFile() }) };\n");
  await writeFile(path.join(root, 'content', 'data', 'notice.yaml'), 'text: notes/notice.txt\n');
  await mkdir(path.join(root, 'notes'));
  await writeFile(path.join(root, 'notes', 'notice.txt'), 'Closed on Friday.\n');
  const { model } = await buildSite({ root });
  assert.equal(model.site.data.notice, { text: 'Closed on Friday.\n' }, 'a local file inside the site is read');
  await rm(path.join(root, 'notes', 'notice.txt'));
  await symlink(path.join(outside, 'secrets.env'), path.join(root, 'notes', 'notice.txt'));
  const { code, output } = await cliBuild(root);
  assert.is(code, 1);
  assert.match(output, `notes/notice.txt is a symbolic link to ${await realpath(path.join(outside, 'secrets.env'))}, outside the site folder`);
  assert.not.match(output, 'hunter2', 'nothing of the target is printed');
});

test.run();
