#!/usr/bin/env node
// Run by `npm install` (the postinstall script): compiles sitegen's own code
// (bin/compile.js), bundles the React that template bundles share
// (src/render/vendor.ts), both into node_modules/.cache, and then builds a
// one-page site in a temporary folder so that V8's code for all of it is in
// Node's compile cache (bin/compile.js useCodeCache): the first build after
// an install starts as fast as the next. All of it is made on first use
// anyway, so a failure here (or an install with --ignore-scripts) only moves
// that work to the first build.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { compiledCli } from './compile.js';
import { checkNodeVersion } from './node-version.js';

// An install on an older Node must still succeed (npm only warns about engines): the CLI says what to do when run.
if (!checkNodeVersion('sitegen\'s install step')) process.exit(0);
try {
  const dir = await compiledCli();
  const { vendorModules } = await import(pathToFileURL(path.join(dir, 'vendor.js')).href);
  await vendorModules();
} catch (error) {
  console.warn(`sitegen: could not prepare its compiled code now (${error.message}); the first build will.`);
}
warmCodeCache();

/**
 * Builds the starter site, with a page that has a highlighted code block and
 * a footnote, so that a build's every module (the CLI, React, zod, marked,
 * Prism) has its code cached. In a temporary copy: the package's own folder
 * stays as installed.
 */
function warmCodeCache() {
  let work;
  try {
    work = mkdtempSync(path.join(os.tmpdir(), 'sitegen-prepare-'));
    const root = path.join(work, 'site');
    cpSync(fileURLToPath(new URL('../starter', import.meta.url)), root, { recursive: true });
    writeFileSync(path.join(root, 'content', 'pages', 'warm-up.md'),
      '---\ntitle: Warm-up\ndescription: Code and a footnote.\n---\n\nA note.[^1]\n\n```js\nconst answer = 42;\n```\n\n[^1]: The footnote.\n');
    const sitegen = fileURLToPath(new URL('./sitegen.js', import.meta.url));
    const result = spawnSync(process.execPath, [sitegen, 'build', '--root', root, '--out', path.join(work, 'out'), '--no-cache'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error((result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n')[0]);
  } catch (error) {
    // Like the steps above: the install goes on, and the first build fills the cache instead.
    console.warn(`sitegen: could not warm its code cache now (${error.message}); the first build will.`);
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}
