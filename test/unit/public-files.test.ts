import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lstat, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import type { SiteErrors } from '../../src/errors.ts';
import { copyFixture, hashTree } from '../helpers/fixture.ts';
import { tempDir } from '../helpers/site.ts';

const buildErrors = (root: string) => buildSite({ root }).then(
  (): SiteErrors => assert.unreachable('the build succeeded') as never,
  (caught: SiteErrors) => caught,
);

test('a link in public/ that leads outside it fails the build, names the file, and leaves dist/ as it was', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const before = await hashTree(outDir);
  const secret = path.join(await tempDir('sitegen-secret-'), 'login-private.pem');
  await writeFile(secret, '-----BEGIN PRIVATE KEY-----\nsecret\n');
  await symlink(secret, path.join(root, 'public/key.txt'));
  await symlink('/etc/passwd', path.join(root, 'public/img/passwd'));

  const error = await buildErrors(root);
  const messages = error.errors.map((item) => `${item.location?.file}: ${item.message}`).sort();
  assert.equal(messages, [
    `public/img/passwd: public/img/passwd is a symbolic link to /etc/passwd, outside public/`,
    `public/key.txt: public/key.txt is a symbolic link to ${secret}, outside public/`,
  ]);
  assert.match(error.errors[0].hint ?? '', 'copy the file into public/');
  assert.is(await hashTree(outDir), before, 'dist/ is unchanged');
});

test('sitegen check refuses a link out of public/ too', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  await symlink('../../outside.txt', path.join(root, 'public/img/out.txt'));
  await writeFile(path.join(root, 'outside.txt'), 'private');
  const error = await checkSite(root, outDir).then(() => assert.unreachable('check passed') as never, (caught: SiteErrors) => caught);
  assert.match(error.errors.map((item) => item.message).join('\n'), 'public/img/out.txt is a symbolic link to');
});

test('a broken link in public/ fails the build with its name', async () => {
  const root = await copyFixture('basic');
  await symlink('nowhere.svg', path.join(root, 'public/img/gone.svg'));
  const error = await buildErrors(root);
  assert.equal(error.errors.map((item) => item.message), ['public/img/gone.svg is a symbolic link to nothing']);
});

test('links that stay inside public/ are published as plain files, and a loop is walked once', async () => {
  const root = await copyFixture('basic');
  await mkdir(path.join(root, 'public/docs'));
  await writeFile(path.join(root, 'public/docs/manual.txt'), 'the manual');
  await symlink('docs/manual.txt', path.join(root, 'public/manual.txt'));
  await symlink('docs', path.join(root, 'public/handbook'));
  await symlink('..', path.join(root, 'public/docs/up'));
  const { outDir } = await buildSite({ root });
  for (const file of ['manual.txt', 'handbook/manual.txt', 'docs/manual.txt']) {
    const info = await lstat(path.join(outDir, file));
    assert.ok(info.isFile() && !info.isSymbolicLink(), `${file} is a plain file`);
    assert.is(await readFile(path.join(outDir, file), 'utf8'), 'the manual');
  }
  const all = await readdir(outDir, { recursive: true });
  for (const file of all) assert.not.ok((await lstat(path.join(outDir, file))).isSymbolicLink(), `no link in the output: ${file}`);
});

test('dotfiles in public/ are not published, except /.well-known/', async () => {
  const root = await copyFixture('basic');
  await writeFile(path.join(root, 'public/.env'), 'SECRET=1');
  await mkdir(path.join(root, 'public/.git'));
  await writeFile(path.join(root, 'public/.git/config'), '[core]');
  await writeFile(path.join(root, 'public/img/.DS_Store'), 'x');
  await mkdir(path.join(root, 'public/.well-known'));
  await writeFile(path.join(root, 'public/.well-known/security.txt'), 'Contact: mailto:security@fixture.example');
  await writeFile(path.join(root, 'public/.well-known/.secret'), 'x');
  const { outDir, publicFiles } = await buildSite({ root });
  const all = await readdir(outDir, { recursive: true });
  assert.ok(all.includes('.well-known/security.txt'), '/.well-known/security.txt is published');
  for (const file of ['.env', '.git/config', 'img/.DS_Store', '.well-known/.secret']) {
    assert.not.ok(all.includes(file), `not published: ${file}`);
    assert.not.ok(publicFiles.has(`/${file}`), `not a link target either: ${file}`);
  }
});

test('a link inside public/ to a dotfile or into a dot-folder fails the build and check, and leaves dist/ as it was', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const before = await hashTree(outDir);
  await writeFile(path.join(root, 'public/.env'), 'DB_PASSWORD=hunter2\n');
  await mkdir(path.join(root, 'public/.git'));
  await writeFile(path.join(root, 'public/.git/config'), '[core]');
  await symlink('.env', path.join(root, 'public/env.txt'));
  await symlink('.git', path.join(root, 'public/gitdir'));
  await symlink('../.git/config', path.join(root, 'public/img/config.txt'));
  const error = await buildErrors(root);
  assert.equal(error.errors.map((item) => item.message).sort(), [
    'public/env.txt is a symbolic link to public/.env, which is private (a dotfile or inside a dot-folder)',
    'public/gitdir is a symbolic link to public/.git, which is private (a dotfile or inside a dot-folder)',
    'public/img/config.txt is a symbolic link to public/.git/config, which is private (a dotfile or inside a dot-folder)',
  ]);
  assert.is(await hashTree(outDir), before, 'dist/ is unchanged');
  assert.not.ok((await readdir(outDir, { recursive: true })).some((file) => file.includes('env.txt')), 'no env.txt in dist/');
  const checked = await checkSite(root, outDir).then(() => assert.unreachable('check passed') as never, (caught: SiteErrors) => caught);
  assert.match(checked.errors.map((item) => item.message).join('\n'), 'public/env.txt is a symbolic link to public/.env');
});

test('a link to /.well-known/ stays publishable', async () => {
  const root = await copyFixture('basic');
  await mkdir(path.join(root, 'public/.well-known'));
  await writeFile(path.join(root, 'public/.well-known/security.txt'), 'Contact: mailto:security@fixture.example');
  await symlink('.well-known/security.txt', path.join(root, 'public/security.txt'));
  const { outDir } = await buildSite({ root });
  assert.is(await readFile(path.join(outDir, 'security.txt'), 'utf8'), 'Contact: mailto:security@fixture.example');
});

test.run();
