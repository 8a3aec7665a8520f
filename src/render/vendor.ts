/**
 * The packages every template bundle shares (React, react-dom/server, zod),
 * imported by the template bundles as externals. React and
 * react-dom/server are bundled once per installed version into
 * node_modules/.cache; zod is the module of sitegen's own compiled code
 * (src/render/zod-module.ts), so that a thread loads it once. Bundling
 * react-dom/server and zod into every template bundle was most of a cold
 * build's fixed cost (an esbuild run over 1.4 MB, and as long to import it
 * again in each worker).
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_REQUIRE_BANNER, SITE_CODE, loadEsbuild } from '../esbuild.ts';
import { vendorKeyOf } from '../cache/ledger.ts';
import { SITEGEN_DIR } from '../paths.ts';
import { compiledFile } from '../compiled.ts';

/** Specifier → the name of its module in the vendor folder. */
const VENDOR: Record<string, string> = {
  react: 'react',
  'react/jsx-runtime': 'react-jsx-runtime',
  'react-dom/server': 'react-dom-server',
};

export const VENDOR_SPECIFIERS = [...Object.keys(VENDOR), 'zod'];

let ready: Promise<Record<string, string>> | undefined;

/** Specifier → file URL of its vendor module, building the folder when this install has none. */
export function vendorModules(): Promise<Record<string, string>> {
  ready ??= prepare();
  return ready;
}

/**
 * Starts importing React's server renderer and zod, for a build that will
 * render: they are then loaded while esbuild compiles the templates rather
 * than after (the main thread mostly waits for esbuild then).
 */
export function preloadVendorModules(): void {
  void vendorModules().then((urls) => Promise.all(Object.values(urls).map((url) => import(url)))).catch(() => undefined);
}

async function prepare(): Promise<Record<string, string>> {
  const require = createRequire(path.join(SITEGEN_DIR, 'package.json'));
  const versions = ['react', 'react-dom', 'esbuild'].map((name) => `${name}@${packageVersion(name, require)}`);
  const dir = path.join(SITEGEN_DIR, 'node_modules', '.cache', 'sitegen-vendor', vendorKeyOf(versions, readFileSync(new URL(import.meta.url), 'utf8')));
  const urls = {
    ...Object.fromEntries(Object.entries(VENDOR).map(([specifier, name]) => [specifier, pathToFileURL(path.join(dir, `${name}.js`)).href])),
    zod: (await compiledFile('zod.js')).href,
  };
  if (existsSync(path.join(dir, 'react.js'))) return urls;

  const staging = `${dir}.tmp-${process.pid}`;
  await (await loadEsbuild()).build({
    entryPoints: Object.values(VENDOR).map((name) => ({ in: `sitegen-vendor:${name}`, out: name })),
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    // Smaller to parse in every process and worker that imports it.
    minify: true,
    define: SITE_CODE.define,
    banner: NODE_REQUIRE_BANNER,
    plugins: [{
      name: 'sitegen-vendor',
      setup(build) {
        build.onResolve({ filter: /^sitegen-vendor:/ }, (args) => ({ path: args.path.slice('sitegen-vendor:'.length), namespace: 'sitegen-vendor' }));
        build.onLoad({ filter: /.*/, namespace: 'sitegen-vendor' }, (args) => {
          const specifier = Object.keys(VENDOR).find((key) => VENDOR[key] === args.path)!;
          return { contents: wrapper(specifier, require), resolveDir: SITEGEN_DIR, loader: 'js' };
        });
      },
    }],
  });
  // Its modules' type, which Node would otherwise guess by compiling each as CommonJS first (see bin/compile.js).
  writeFileSync(path.join(staging, 'package.json'), '{ "type": "module" }\n');
  try {
    renameSync(staging, dir);
  } catch {
    // Another build made the same folder first.
    rmSync(staging, { recursive: true, force: true });
  }
  return urls;
}

/** An ES module re-exporting a CommonJS package (React's are): its names are listed, since ESM exports must be static. */
function wrapper(specifier: string, require: NodeRequire): string {
  const names = Object.keys(require(specifier) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  return `import module from ${JSON.stringify(specifier)};\nexport const { ${names.join(', ')} } = module;\nexport default module;\n`;
}

/**
 * The installed version of a package, found where Node would find it from
 * sitegen's package.json: in sitegen's own node_modules, or above it when
 * sitegen is a dependency of another project and npm hoisted the package.
 * (Not require.resolve('NAME/package.json'): a package's exports may hide it.)
 */
function packageVersion(name: string, require: NodeRequire): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    const manifest = path.join(dir, name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  throw new Error(`sitegen: cannot find the package ${name} from ${SITEGEN_DIR}; reinstall sitegen's dependencies`);
}
