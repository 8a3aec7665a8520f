// Compiles sitegen's TypeScript sources (src/) to plain JavaScript with
// esbuild and caches the result under node_modules/.cache/sitegen, keyed by
// the sources' names, sizes and modification times. Start-up then costs no
// TypeScript loader, and worker threads can load the same compiled files
// (a loader such as tsx does not reach into worker threads cheaply).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIR = path.join(PACKAGE_DIR, 'src');
const CACHE_DIR = path.join(PACKAGE_DIR, 'node_modules', '.cache', 'sitegen');
/**
 * Entry points of the Node side, output name → source under src/: the CLI,
 * the build's worker thread, the site servers' `sitegen/server` and the zod
 * module the template bundles share with them. The browser
 * runtime and the templates' helpers are bundled per site instead.
 */
const ENTRIES = {
  cli: 'cli.ts',
  worker: 'pipeline/worker.ts',
  // What a site's compiled server imports as `sitegen/server` (src/site-server/load-server.ts).
  'server-api': 'site-server/api.ts',
  // The zod that template bundles import (src/render/vendor.ts): the same module as sitegen's own.
  zod: 'render/zod-module.ts',
  // What a site's sitegen.config.ts imports as `sitegen/config` (src/render/compile-templates.ts): the integration
  // API and the built-in integrations, sitegen's own modules rather than a copy compiled into every template bundle.
  config: 'integrations/index.ts',
  // For bin/prepare.js: the shared React bundle, made at install time.
  vendor: 'render/vendor.ts',
};

/**
 * Pure-JavaScript packages bundled into the compiled files rather than
 * imported from node_modules. Node 20 loads an ES module from a package
 * file by file: zod alone is 95 modules and image-size 26, about 60 ms of a
 * build's start in every thread. Bundled, each is part of one file. The
 * others stay imports: those with native code or a binary (esbuild, sharp,
 * libsql), those loaded only on demand (prismjs, sanitize-html), React
 * (the template bundles share it), and anything not listed.
 */
const BUNDLED = new Set(['zod', 'image-size', 'js-yaml', 'marked', 'marked-footnote', 'marked-gfm-heading-id', 'marked-highlight', 'github-slugger', 'commander', 'yaml']);

/** Bare imports of packages not in BUNDLED stay imports. */
const externalPackages = {
  name: 'sitegen-external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * The package.json of a folder of compiled ES modules. Node looks for a module's type in the package.json nearest
 * it, but stops at node_modules, so these .js files had none: Node then compiled each as CommonJS first (when the
 * template bundle requires zod), failed, and formatted that failure's stack through the template bundle's source
 * map (about 25 ms of every build), or scanned its source for import and export (the ESM loader, 9 ms).
 */
const ES_MODULE_FOLDER = '{ "type": "module" }\n';

let compiled;

/** The folder holding cli.js and the workers' files, compiled from the current sources (found once per process). */
export function compiledCli() {
  compiled ??= compile();
  return compiled;
}

/**
 * Turns on Node's module compile cache (V8's code for each module, kept on
 * disk) for this process and the worker threads it starts, in a `v8` folder
 * of the compiled build `dir`: the cache goes when that build is pruned, and
 * Node checks each entry against its module's source. It spares V8 compiling
 * sitegen's code, React, zod and marked again at every start: a cold build
 * of 500 pages went from 0.38 to 0.35 s and of the real site from 0.41 to
 * 0.37 s (medians of 5 side by side, 2 cores; no change at 5,000 pages).
 * NODE_COMPILE_CACHE, when set, names another folder (the bench gives each
 * cold run a copy of what `npm install` made).
 */
export function useCodeCache(dir) {
  const wanted = process.env.NODE_COMPILE_CACHE || path.join(dir, 'v8');
  const { directory } = module.enableCompileCache?.(wanted) ?? {};
  // Worker threads take the cache from the environment they inherit.
  if (directory) process.env.NODE_COMPILE_CACHE = directory;
}

async function compile() {
  const dir = path.join(CACHE_DIR, sourceHash());
  if (existsSync(path.join(dir, 'cli.js'))) return dir;
  const esbuild = await import('esbuild');
  const staging = `${dir}.tmp-${process.pid}`;
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).filter(([, file]) => existsSync(path.join(SOURCE_DIR, file)))
      .map(([name, file]) => [name, path.join(SOURCE_DIR, file)])),
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages],
    // CommonJS packages among BUNDLED (commander) require Node's modules.
    banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
    // Written beside each file but not linked from it: a template bundle's error is mapped to its .tsx, which turns
    // Node's source maps on for every module loaded after it, and sitegen's chunks loaded then (the renderer, the
    // Markdown converter, zod) had their maps read and measured, about 20 ms of a warm build. Stacks of sitegen's
    // own code name the compiled file and its function, as those loaded before the templates always did.
    sourcemap: 'external',
    // Less for V8 to parse at every start and in every worker; names stay, so stacks still read.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  writeFileSync(path.join(staging, 'package.json'), ES_MODULE_FOLDER);
  try {
    renameSync(staging, dir);
  } catch {
    // Another process compiled the same sources first; theirs is as good.
    rmSync(staging, { recursive: true, force: true });
  }
  pruneOldBuilds(path.basename(dir));
  return dir;
}

function sourceHash() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    // By code unit: localeCompare loaded ICU's collation at every start, 10 ms of this walk's 18.
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const info = statSync(full);
        hash.update(`${full}\0${info.size}\0${info.mtimeMs}\n`);
      }
    }
  };
  walk(SOURCE_DIR);
  // This file decides what is compiled (ENTRIES), so a change to it is a change of the output.
  const compiler = statSync(fileURLToPath(import.meta.url));
  hash.update(`compile.js\0${compiler.size}\0${compiler.mtimeMs}\n`);
  const manifest = statSync(path.join(PACKAGE_DIR, 'package.json'));
  hash.update(`package.json\0${manifest.size}\0${manifest.mtimeMs}`);
  return hash.digest('hex').slice(0, 16);
}

function pruneOldBuilds(keep) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const others = readdirSync(CACHE_DIR)
    .filter((name) => name !== keep && !name.includes('.tmp-'))
    .map((name) => ({ name, mtime: statSync(path.join(CACHE_DIR, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of others.slice(2)) rmSync(path.join(CACHE_DIR, old.name), { recursive: true, force: true });
}
