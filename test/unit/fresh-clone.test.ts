/**
 * A fresh clone builds before `sitegen keys` has run: the login's public key
 * is the site's own local file, and its absence is one warning that says
 * what will not work and how to fix it, not an error. The copy has no login
 * keys and no build cache; it is given the image variants the repo's own
 * first build encoded (copyRepoSite), which on a fresh clone, as in CI, is
 * that same cold encode: paying it twice took 80 s of the suite.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, copyRepoSite, tempDir } from '../helpers/site.ts';

const run = promisify(execFile);

test('a fresh clone (no login keys, no build cache) builds with one warning about the login key', async () => {
  const root = await tempDir('sitegen-fresh-');
  await copyRepoSite(root);
  const { stdout, stderr } = await run(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), 'build', '--root', root],
    { env: { ...process.env, NO_COLOR: '1' } });
  assert.match(stdout, 'built 21 pages');
  const keyWarnings = stderr.split('\n').filter((line) => line.includes('login-public.pem'));
  assert.is(keyWarnings.length, 1, `one warning about the key:\n${stderr}`);
  assert.match(keyWarnings[0], /^warning content\/site.yaml: .*login-public.pem does not exist: the customer login will not work .*sitegen keys/);
  const login = await readFile(path.join(root, 'dist', 'customerlogin.html'), 'utf8');
  assert.match(login, '<sitegen-island name="login"', 'the login page is built');
  assert.not.match(login, '&quot;publicKey&quot;', 'without a key to embed');
});

test.run();
