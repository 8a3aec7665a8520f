#!/usr/bin/env node
// Run by `npm install` (the postinstall script): compiles sitegen's own code
// (bin/compile.js) and bundles the React that template bundles share
// (src/render/vendor.ts), both into node_modules/.cache, so that the first
// build after an install starts as fast as the next. Both are made on first
// use anyway, so a failure here (or an install with --ignore-scripts) only
// moves that work to the first build.
import { pathToFileURL } from 'node:url';
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
