import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { SITE_CODE, loadEsbuild } from '../esbuild.ts';
import { SiteError } from '../errors.ts';
import { SITEGEN_DIR } from '../paths.ts';
import type { BundleMemo, Memo } from '../cache/build-cache.ts';
import { memoInputs, recall, siteCodeBefore, sitegenKey } from '../cache/ledger.ts';
import { listFiles, toPosix } from '../files.ts';
import type { BundledAssets, ClientModule, ClientModules } from '../model.ts';
import { CODE_THEMES_DIR } from '../markdown/code-themes.ts';


/** The browser assets of a site: hashed files and where each page finds them. */
export interface BundleResult extends BundledAssets {
  /** URL path (`/assets/runtime-AB12.js`) → contents. */
  files: Map<string, Uint8Array>;
  /** What the build cache keeps to skip bundling next time. */
  memo?: Memo<BundleMemo>;
}

const ASSET_BASE = '/assets';

/** sitegen's own browser modules for its built-in integrations: `sitegen/client/gate` is src/integrations/gate/client.ts. */
const OWN_CLIENT = /^sitegen\/client\/([a-z][a-z0-9-]*)$/;

/**
 * Bundles the island client entries (templates/islands/*.tsx), the runtime
 * every page loads with the integrations' browser code it imports (each its
 * own chunk), and the stylesheets (templates/styles/*.css, in name order)
 * with esbuild: ESM, split so React is one shared chunk, minified,
 * content-hashed.
 */
export async function bundleIslands(root: string, memo?: Memo<BundleMemo>, codeTheme?: string, clients?: ClientModules): Promise<BundleResult> {
  const recalled = recall(memo);
  if (recalled && recalled.codeTheme === codeTheme && recalled.clients === clientsKeyOf(await clients?.key())) return { ...fromMemo(recalled), memo };
  // The integrations' browser code is known once the site's configuration is compiled and loaded; the islands, the
  // styles and the runtime itself are bundled meanwhile, and the runtime's table of that code is read last.
  const clientModules = (async () => (await clients?.list()) ?? [])();
  // Until esbuild asks for it: a configuration that fails is the templates' error, told by the pipeline.
  clientModules.catch(() => undefined);
  const clientFiles = new Map<string, string>();
  const unresolved: Error[] = [];
  const islandNames = listNames(path.join(root, 'templates', 'islands'), /\.tsx?$/);
  // The code theme first, so that the site's own stylesheets override it.
  const theme = codeTheme === undefined ? [] : [path.join(CODE_THEMES_DIR, `${codeTheme}.css`)];
  const styleFiles = [...theme, ...listNames(path.join(root, 'templates', 'styles'), /\.css$/, true).map((file) => path.join(root, 'templates', 'styles', file))];
  const options: esbuild.BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox114', 'safari16.4'],
    minify: true,
    ...SITE_CODE,
    outdir: path.join(root, 'dist', 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    legalComments: 'none',
    // Fonts a stylesheet names (a self-hosted web font) become hashed files under /assets/, served from the site's origin.
    loader: { '.woff2': 'file' },
    plugins: [virtualEntries(root, styleFiles)],
  };
  // The islands and styles by their content before esbuild reads them (a save during the bundle counts next time).
  const before = siteCodeBefore(root);
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    // The runtime is built apart from the islands so that it shares no chunk with them: a page without islands then
    // loads one small file, not the runtime plus pieces of code split off for the islands' sake.
    // Its two builds (src/client/runtime.ts) are made apart too, so that each is one file: a page loads one of them.
    const scripts = clientScripts(root, clientModules, clientFiles, unresolved);
    const runtimeBuild = (entry: string, out: string) => loadEsbuild().then((esbuild) => esbuild.build({
      ...options, entryPoints: [{ in: path.join(SITEGEN_DIR, 'src', 'client', entry), out }], plugins: [scripts],
    }));
    const [runtime, runtimeIslands, rest] = await Promise.all([
      runtimeBuild('runtime-page.ts', 'runtime'),
      runtimeBuild('runtime-islands.ts', 'runtime-islands'),
      (await loadEsbuild()).build({
        ...options,
        entryPoints: [{ in: 'sitegen-styles:site.css', out: 'site' }, ...islandNames.map((name) => ({ in: `sitegen-island:${name}`, out: name }))],
      }),
    ]) as esbuild.BuildResult<{ write: false; metafile: true }>[];
    // Both runtime builds make the integrations' chunks, byte for byte the same (named by their content): kept once.
    const outputFiles = new Map([...runtime.outputFiles, ...runtimeIslands.outputFiles, ...rest.outputFiles].map((file) => [file.path, file]));
    result = {
      ...rest,
      outputFiles: [...outputFiles.values()],
      metafile: {
        inputs: { ...runtime.metafile.inputs, ...runtimeIslands.metafile.inputs, ...rest.metafile.inputs },
        outputs: { ...runtime.metafile.outputs, ...runtimeIslands.metafile.outputs, ...rest.metafile.outputs },
      },
    };
  } catch (error) {
    if (unresolved.length > 0) throw unresolved[0];
    const first = (error as esbuild.BuildFailure).errors?.[0];
    throw new SiteError('bundle', first?.text ?? String(error), {
      location: first?.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : undefined,
      cause: error,
    });
  }
  const bundle = collect(root, result, islandNames, clientFiles, await clientModules);
  // A new island or stylesheet changes its folder's stamp.
  const inputs = memoInputs([
    ...Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)),
    path.join(root, 'templates', 'islands'), path.join(root, 'templates', 'styles'),
  ], before);
  return { ...bundle, memo: { inputs, value: toMemo(bundle, codeTheme, clientsKeyOf(await clients?.key())) } };
}

/** Which integrations' browser code a bundle holds is decided by the site's configuration and sitegen's own sources (its built-in integrations). */
function clientsKeyOf(configKey = 'none'): string {
  return `${configKey} ${sitegenKey()}`;
}

function toMemo(bundle: BundleResult, codeTheme: string | undefined, clients: string): BundleMemo {
  return {
    ...(codeTheme === undefined ? {} : { codeTheme }),
    clients,
    files: Object.fromEntries([...bundle.files].map(([url, contents]) => [url, Buffer.from(contents).toString('base64')])),
    assets: bundle.assets,
    integrity: Object.fromEntries(bundle.integrity),
    imports: bundle.imports,
  };
}

function fromMemo(memo: BundleMemo): BundleResult {
  return {
    files: new Map(Object.entries(memo.files).map(([url, base64]) => [url, new Uint8Array(Buffer.from(base64, 'base64'))])),
    assets: memo.assets as BundleResult['assets'],
    integrity: new Map(Object.entries(memo.integrity)),
    imports: memo.imports,
  };
}

/**
 * `sitegen-client:scripts`, which the runtime imports: the integrations' browser code, each module behind import()
 * (so each is a chunk of its own, loaded only on a site that gives it settings), resolved as the site's own code
 * resolves an import, from the site root; `sitegen/client/NAME` is sitegen's own. `files` learns each integration's
 * file (its chunk's entry point); a module that cannot be found is its integration's fault, in `unresolved`. One
 * plugin serves both runtime builds: the table is made once, by whichever build asks first.
 */
function clientScripts(root: string, modules: Promise<readonly ClientModule[]>, files: Map<string, string>, unresolved: Error[]): esbuild.Plugin {
  let table: Promise<esbuild.OnLoadResult> | undefined;
  const makeTable = async (build: esbuild.PluginBuild): Promise<esbuild.OnLoadResult> => {
    const entries: string[] = [];
    for (const script of await modules) {
      const found = await build.resolve(script.module, { kind: 'dynamic-import', resolveDir: root });
      if (found.errors.length > 0 || !found.path) {
        unresolved.push(script.fault(`its client module ${JSON.stringify(script.module)} cannot be found from the site root: ${found.errors[0]?.text ?? 'no file'}`));
        return { errors: [{ text: `the client module of the integration ${script.name} cannot be found` }] };
      }
      files.set(script.name, found.path);
      entries.push(`{ name: ${JSON.stringify(script.name)}, timing: ${JSON.stringify(script.timing)}, load: () => import(${JSON.stringify(found.path)}) }`);
    }
    return { resolveDir: root, loader: 'js', contents: `export default [${entries.join(', ')}];` };
  };
  return {
    name: 'sitegen-client-scripts',
    setup(build) {
      build.onResolve({ filter: /^sitegen-client:scripts$/ }, () => ({ path: 'scripts', namespace: 'sitegen-client' }));
      build.onResolve({ filter: OWN_CLIENT }, (args) => {
        const file = path.join(SITEGEN_DIR, 'src', 'integrations', OWN_CLIENT.exec(args.path)![1], 'client.ts');
        return existsSync(file) ? { path: file } : { errors: [{ text: `sitegen has no browser module ${args.path}` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'sitegen-client' }, () => (table ??= makeTable(build)));
    },
  };
}

function virtualEntries(root: string, styleFiles: string[]): esbuild.Plugin {
  return {
    name: 'sitegen-entries',
    setup(build) {
      // url(/img/…) in a stylesheet points at a public file: leave it for the browser.
      build.onResolve({ filter: /^\// }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined));
      build.onResolve({ filter: /^sitegen-(island|styles):/ }, (args) => ({
        path: args.path.slice(args.path.indexOf(':') + 1),
        namespace: args.path.slice(0, args.path.indexOf(':')),
      }));
      build.onLoad({ filter: /.*/, namespace: 'sitegen-island' }, (args) => ({
        resolveDir: root,
        loader: 'tsx',
        contents: [
          `import Component from ${JSON.stringify(path.join(root, 'templates', 'islands', args.path))};`,
          `import { mount } from ${JSON.stringify(path.join(SITEGEN_DIR, 'src', 'client', 'hydrate.tsx'))};`,
          `export default (element, props) => mount(element, Component, props);`,
        ].join('\n'),
      }));
      build.onLoad({ filter: /.*/, namespace: 'sitegen-styles' }, () => ({
        resolveDir: root,
        loader: 'css',
        contents: styleFiles.map((file) => `@import ${JSON.stringify(file)};`).join('\n'),
      }));
    },
  };
}

function collect(
  root: string, result: esbuild.BuildResult<{ write: false; metafile: true }>, islandNames: string[],
  clientFiles: ReadonlyMap<string, string>, clientModules: readonly ClientModule[],
): BundleResult {
  const outdir = path.join(root, 'dist', 'assets');
  const urlOf = (file: string) => `${ASSET_BASE}/${toPosix(path.relative(outdir, path.resolve(root, file)))}`;
  const files = new Map<string, Uint8Array>();
  const integrity = new Map<string, string>();
  for (const output of result.outputFiles) {
    const url = urlOf(output.path);
    files.set(url, output.contents);
    integrity.set(url, 'sha384-' + createHash('sha384').update(output.contents).digest('base64'));
  }
  const byEntry = new Map<string, { url: string; imports: string[] }>();
  const clientSources = new Set(clientFiles.values());
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const entry = output.entryPoint.replace(/^sitegen-(island|styles):/, '');
    // A chunk that the runtime import()s (an integration's browser code) is an entry point in the metafile too: match each by its file.
    const source = path.resolve(root, output.entryPoint);
    const key = output.entryPoint.startsWith('sitegen-island:') ? `island:${entry}`
      : output.entryPoint.startsWith('sitegen-styles:') ? 'styles'
      : source === path.join(SITEGEN_DIR, 'src', 'client', 'runtime-page.ts') ? 'runtime'
      : source === path.join(SITEGEN_DIR, 'src', 'client', 'runtime-islands.ts') ? 'runtime-islands'
      : clientSources.has(source) ? `client:${source}` : undefined;
    if (!key || (key.startsWith('runtime') && file.endsWith('.css'))) continue;
    byEntry.set(key, { url: urlOf(file), imports: output.imports.filter((item) => !item.external).map((item) => urlOf(item.path)) });
  }
  const asset = (key: string) => {
    const found = byEntry.get(key);
    if (!found) throw new Error(`bundle: no output for ${key}`);
    return { href: found.url, src: found.url, integrity: integrity.get(found.url)! };
  };
  const css = asset('styles');
  const runtime = asset('runtime');
  const runtimeIslands = asset('runtime-islands');
  const islands: Record<string, { src: string; integrity: string }> = {};
  const imports: Record<string, string[]> = {};
  for (const name of islandNames) {
    const { src, integrity: hash } = asset(`island:${name}`);
    islands[name] = { src, integrity: hash };
    imports[name] = byEntry.get(`island:${name}`)!.imports;
  }
  const clients: Record<string, { src: string; integrity: string; timing: ClientModule['timing'] }> = {};
  for (const { name, timing } of clientModules) {
    const { src, integrity: hash } = asset(`client:${clientFiles.get(name)}`);
    clients[name] = { src, integrity: hash, timing };
  }
  return {
    files,
    integrity,
    imports,
    assets: {
      css: { href: css.href, integrity: css.integrity }, runtime: { src: runtime.src, integrity: runtime.integrity },
      runtimeIslands: { src: runtimeIslands.src, integrity: runtimeIslands.integrity }, islands, clients,
      fonts: [...files.keys()].filter((url) => url.endsWith('.woff2')).sort(),
    },
  };
}

/** The entry files directly in a folder, by name (without extension unless asked). */
function listNames(dir: string, pattern: RegExp, keepExtension = false): string[] {
  const files = listFiles(dir, { recursive: false }).filter((file) => pattern.test(file));
  return keepExtension ? files : files.map((file) => file.replace(pattern, ''));
}
