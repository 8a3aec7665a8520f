/**
 * A site's server code, ROOT/server/index.ts, compiled with esbuild for Node
 * (as the templates are) into ROOT/.sitegen/cache/server/, named by the hash
 * of server/'s files, so an unchanged server is compiled once. Packages stay
 * imports, found from the site root as Node finds them. A site without
 * server/index.ts has no server code: `serve` is then purely static.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_REQUIRE_BANNER, loadEsbuild } from '../esbuild.ts';
import { SiteError } from '../errors.ts';
import { listFiles, toPosix } from '../files.ts';
import { SITEGEN_DIR } from '../paths.ts';
import type { SiteServer } from './types.ts';

export const SERVER_ENTRY = 'server/index.ts';

/** Whether the site at `root` has server code. */
export function hasSiteServer(root: string): boolean {
  return existsSync(path.join(root, SERVER_ENTRY));
}

/** The site's server, compiled and imported, with its shape checked; undefined when the site has none. */
export async function loadSiteServer(root: string): Promise<SiteServer | undefined> {
  if (!hasSiteServer(root)) return undefined;
  const module = await import(pathToFileURL(await compileSiteServer(root)).href) as { default?: unknown };
  return checkedServer(module.default);
}

async function compileSiteServer(root: string): Promise<string> {
  const dir = path.join(root, 'server');
  const files = listFiles(dir).filter((file) => !/(^|[/\\])(\.|node_modules)/.test(file)).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(await readFile(path.join(dir, file))).update('\0');
  const out = path.join(root, '.sitegen', 'cache', 'server', `${hash.digest('hex').slice(0, 16)}.mjs`);
  if (existsSync(out)) return out;
  let code: string;
  try {
    const result = await (await loadEsbuild()).build({
      entryPoints: [path.join(root, SERVER_ENTRY)],
      bundle: true, write: false, platform: 'node', format: 'esm', target: 'node24', packages: 'external',
      sourcemap: 'inline', banner: NODE_REQUIRE_BANNER, logLevel: 'silent',
      // What the site's server imports of sitegen: defineServer and the types (./types.ts).
      alias: { 'sitegen/server': path.join(SITEGEN_DIR, 'src', 'site-server', 'types.ts') },
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    throw new SiteError('server-build', first ? first.text : String(error), {
      location: first?.location ? { file: toPosix(path.relative(root, path.resolve(first.location.file))), line: first.location.line, column: first.location.column + 1 } : { file: SERVER_ENTRY },
      origin: 'template', cause: error,
      hint: 'the site\'s server code does not compile: fix the file and line above',
    });
  }
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, code);
  return out;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The default export, if it is a server: `routes` of paths to handlers by method. */
function checkedServer(value: unknown): SiteServer {
  const wrong = (what: string) => new SiteError('server-build', `${SERVER_ENTRY} ${what}`, {
    location: { file: SERVER_ENTRY }, origin: 'template',
    hint: 'export default defineServer({ routes: { \'/api/hello\': { POST: async (request) => Response.json({ ok: true }) } } })',
  });
  if (!value || typeof value !== 'object') throw wrong('has no default export of its server');
  const { routes, maxBodyBytes } = value as SiteServer;
  if (!routes || typeof routes !== 'object') throw wrong('exports no `routes`');
  for (const [route, methods] of Object.entries(routes)) {
    if (!/^\/[^\s?#]*$/.test(route)) throw wrong(`has a route ${JSON.stringify(route)} that is not a path such as /api/hello`);
    for (const [method, handler] of Object.entries(methods ?? {})) {
      if (!METHODS.has(method)) throw wrong(`has ${JSON.stringify(method)} at ${route}, which is no HTTP method (GET, POST, …)`);
      if (typeof handler !== 'function') throw wrong(`has a ${method} at ${route} that is not a function`);
    }
  }
  if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) throw wrong('has a maxBodyBytes that is not a positive whole number');
  return value as SiteServer;
}
