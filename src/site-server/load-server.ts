/**
 * A site's server code, ROOT/server/index.ts, compiled with esbuild for Node
 * (as the templates are) into ROOT/.sitegen/cache/server/KEY/index.mjs, with
 * each server/**\/*.worker.ts beside it as a .mjs of the same name (a worker
 * thread's own entry; see workerFile in ./api.ts). KEY hashes server/'s files
 * and what the bundle links to; the other files it bundles (a module of the
 * templates, say) are checked by size and time, so an unchanged server is
 * compiled once. Imports of packages stay imports, found from the site root
 * as Node finds them, but for those sitegen lends:
 * - `sitegen/server` is the running sitegen's own module (./api.ts), so the
 *   errors the server throws are the generator's;
 * - `sitegen` is the templates' API, with the React and zod the templates
 *   share, for server code that imports a module of the templates.
 * A site without server/index.ts has no server code: `serve` is then purely static.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { NODE_REQUIRE_BANNER, SITE_CODE, loadEsbuild } from '../esbuild.ts';
import { SiteError } from '../errors.ts';
import { listFiles, toPosix } from '../files.ts';
import { serverKeyOf, stampsHold, stampsNow } from '../cache/ledger.ts';
import { SITEGEN_DIR } from '../paths.ts';
import { VENDOR_SPECIFIERS, vendorModules } from '../render/vendor.ts';
import type { SiteServer } from './types.ts';

import { SERVER_ENTRY, hasSiteServer } from './entry.ts';

/**
 * The module a compiled server imports as `sitegen/server`: the one this
 * process runs, compiled (the CLI, bin/compile.js's `server-api` entry) or
 * from the sources (tests under tsx).
 */
const SERVER_API = import.meta.url.endsWith('.ts') ? new URL('./api.ts', import.meta.url).href : new URL('./server-api.js', import.meta.url).href;


/** The site's server, compiled and imported, with its shape checked; undefined when the site has none. */
export async function loadSiteServer(root: string): Promise<SiteServer | undefined> {
  if (!hasSiteServer(root)) return undefined;
  const entry = await compileSiteServer(root);
  // Named by when it was written: a server compiled again in this process (one of its inputs changed) is imported anew.
  const module = await import(`${pathToFileURL(entry).href}?t=${(await stat(entry)).mtimeMs}`) as { default?: unknown };
  return checkedServer(module.default);
}

/**
 * What a compiled server was made from besides server/ (KEY/inputs.json):
 * the other files its bundle holds, path → stamp (files.ts). A path is
 * relative to the site root when inside it, so that a copied root (its
 * .sitegen too) checks its own files, not the original's.
 */
type Inputs = Record<string, string>;

async function compileSiteServer(root: string): Promise<string> {
  const dir = path.join(root, 'server');
  const sources = listFiles(dir).filter((file) => !/(^|[/\\])(\.|node_modules)/.test(file)).sort();
  const vendor = await vendorModules();
  const files = await Promise.all(sources.map(async (file) => [file, await readFile(path.join(dir, file))] as const));
  const out = path.join(root, '.sitegen', 'cache', 'server', serverKeyOf(SERVER_API, vendor, files));
  const entry = path.join(out, 'index.mjs');
  if (existsSync(entry) && await unchanged(root, path.join(out, 'inputs.json'))) return entry;

  const workers = sources.filter((file) => file.endsWith('.worker.ts'));
  await writableCache(root, path.dirname(out));
  const staging = `${out}.tmp-${process.pid}`;
  let metafile: import('esbuild').Metafile;
  try {
    ({ metafile } = await (await loadEsbuild()).build({
      jsx: SITE_CODE.jsx, define: SITE_CODE.define, logLevel: SITE_CODE.logLevel, nodePaths: SITE_CODE.nodePaths,
      entryPoints: [path.join(root, SERVER_ENTRY), ...workers.map((file) => path.join(dir, file))],
      outbase: dir, outdir: staging, outExtension: { '.js': '.mjs' },
      // Split: what the server imports only when it needs it (a database driver, say) stays out of its start.
      bundle: true, splitting: true, platform: 'node', format: 'esm', target: 'node24',
      sourcemap: 'inline', banner: NODE_REQUIRE_BANNER, metafile: true,
      plugins: [serverImports(vendor)],
    }));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    throw new SiteError('server-build', first ? first.text : String(error), {
      location: first?.location ? { file: toPosix(path.relative(root, path.resolve(first.location.file))), line: first.location.line, column: first.location.column + 1 } : { file: SERVER_ENTRY },
      origin: 'template', cause: error,
      hint: 'the site\'s server code does not compile: fix the file and line above',
    });
  }
  const outside = Object.keys(metafile.inputs).map((input) => path.resolve(input))
    .filter((file) => !file.startsWith(dir + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`));
  const inputs: Inputs = Object.fromEntries(Object.entries(stampsNow(outside)).map(([file, stamp]) => {
    const relative = path.relative(root, file);
    return [relative.startsWith('..') || path.isAbsolute(relative) ? file : relative, stamp];
  }));
  await writeFile(path.join(staging, 'inputs.json'), JSON.stringify(inputs));
  await rm(out, { recursive: true, force: true });
  try {
    await rename(staging, out);
  } catch {
    // Another process compiled the same server first; theirs is as good.
    await rm(staging, { recursive: true, force: true });
  }
  return entry;
}

/** The cache folder, made if need be; one that cannot be is the operator's to fix, said in one line. */
async function writableCache(root: string, dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const state = path.join(root, '.sitegen');
    throw new SiteError('cache', `cannot write the compiled server to ${dir} (${code ?? message}); ${
      code === 'ENOTDIR' || code === 'EEXIST' ? `${state} must be a folder: move that file away` : `make ${state} writable by the user running sitegen`}`, { cause: error });
  }
}

/** Whether every file outside server/ that the compiled server holds is as it was. */
async function unchanged(root: string, record: string): Promise<boolean> {
  let inputs: Inputs;
  try {
    inputs = JSON.parse(await readFile(record, 'utf8')) as Inputs;
  } catch {
    return false;
  }
  return stampsHold(inputs, root);
}

/**
 * `sitegen/server`, `sitegen` and the vendored packages, as the module
 * header says. Any other package the site's own files import stays an
 * import; those the templates' API needs (sitegen's own) are bundled, found
 * from sitegen's folder.
 */
function serverImports(vendor: Record<string, string>): Plugin {
  const vendored = new Set(VENDOR_SPECIFIERS);
  const templateApi = SITE_CODE.alias.sitegen;
  const sitegenSources = path.join(SITEGEN_DIR, 'src') + path.sep;
  const bundled = (importer: string) => importer.startsWith(sitegenSources) || importer.includes(`${path.sep}node_modules${path.sep}`);
  return {
    name: 'sitegen-server-imports',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path === 'sitegen/server') return { path: SERVER_API, external: true };
        if (args.path === 'sitegen') return { path: templateApi };
        if (vendored.has(args.path)) return { path: vendor[args.path], external: true };
        if (path.isAbsolute(args.path) || bundled(args.importer)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The default export, if it is a server: routes of paths to handlers by method, or a `start` that makes them. */
function checkedServer(value: unknown): SiteServer {
  if (!value || typeof value !== 'object') throw wrongServer('has no default export of its server');
  const server = value as SiteServer;
  if (server.routes === undefined && typeof server.start !== 'function') throw wrongServer('exports neither `routes` nor a `start` that makes them');
  if (server.routes !== undefined) checkRoutes(server.routes);
  for (const hook of ['start', 'close', 'prepare', 'commands'] as const) {
    if (server[hook] !== undefined && typeof server[hook] !== 'function') throw wrongServer(`has a \`${hook}\` that is not a function`);
  }
  const { maxBodyBytes } = server;
  if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) throw wrongServer('has a maxBodyBytes that is not a positive whole number');
  return server;
}

/** Routes (the server's, or those its `start` returned): paths to a handler per HTTP method. */
export function checkRoutes(routes: unknown, where = ''): asserts routes is NonNullable<SiteServer['routes']> {
  if (!routes || typeof routes !== 'object') throw wrongServer(`${where}has \`routes\` that are not an object of paths`);
  for (const [route, methods] of Object.entries(routes)) {
    if (!/^\/[^\s?#]*$/.test(route)) throw wrongServer(`${where}has a route ${JSON.stringify(route)} that is not a path such as /api/hello`);
    for (const [method, handler] of Object.entries(methods ?? {})) {
      if (!METHODS.has(method)) throw wrongServer(`${where}has ${JSON.stringify(method)} at ${route}, which is no HTTP method (GET, POST, …)`);
      if (typeof handler !== 'function') throw wrongServer(`${where}has a ${method} at ${route} that is not a function`);
    }
  }
}

function wrongServer(what: string): SiteError {
  return new SiteError('server-build', `${SERVER_ENTRY} ${what}`, {
    location: { file: SERVER_ENTRY }, origin: 'template',
    hint: 'export default defineServer({ routes: { \'/api/hello\': { POST: async (request) => Response.json({ ok: true }) } } })',
  });
}
