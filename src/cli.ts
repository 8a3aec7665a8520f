/**
 * The command line: it declares the commands and is the one place that
 * catches errors, prints them and sets the exit code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import { SiteError } from './errors.ts';
import { errorDocument, printError } from './report.ts';
import { SITEGEN_DIR } from './paths.ts';
import type { Starter } from './init/init.ts';

const { version } = JSON.parse(readFileSync(path.join(SITEGEN_DIR, 'package.json'), 'utf8')) as { version: string };

const program = new Command('sitegen')
  .description('Prerender a React site from YAML and Markdown content to static HTML, with hydrated islands.')
  .version(version)
  .showHelpAfterError();

const rootOption = () => new Option('--root <dir>', 'site root holding content/, templates/ and public/').default('.');
const portOption = () => new Option('--port <n>', 'port to listen on').default(3000).argParser(parsePort);
const hostOption = () => new Option('--host <host>', 'address to listen on').default('127.0.0.1');
const trustProxyOption = () => new Option('--trust-proxy <n>', 'the endpoints believe X-Forwarded-For from N proxies in front of the server (default 0: the socket address)')
  .default(0).argParser(parseTrustProxy);

program.command('build')
  .description('build the site into dist/ (a failed build leaves dist/ as it was; a warm build updates it in place, each page whole with its assets)')
  .addOption(rootOption())
  .option('--out <dir>', 'output folder (default: ROOT/dist)')
  .addOption(new Option('--threads <n>', 'threads for the pages (default: one per core for a site of 4,000 pages or more, else 1)').argParser(parseThreads))
  .option('--no-cache', 'neither read nor write the build cache in ROOT/.sitegen/cache (a cold build)')
  .option('--json', 'print the routes, files, sizes, warnings and timings (or the errors) as one JSON document on stdout')
  .option('--atomic', 'swap a whole new dist/ in even for a warm build, so that it holds the last build or this one, never a mix')
  .action(run(async (options: { root: string; out?: string; threads?: number; cache: boolean; json?: boolean; atomic?: boolean }) => {
    const { buildCommand } = await import('./commands.ts');
    await buildCommand(resolveRoot(options.root), options.out, { threads: options.threads, cache: options.cache, json: options.json, atomic: options.atomic });
  }));

program.command('serve')
  .description('serve the built site, with its endpoints (server/) when it has them')
  .addOption(rootOption())
  .addOption(portOption())
  .addOption(hostOption())
  .option('--out <dir>', 'folder to serve (default: ROOT/dist)')
  .option('--no-api', 'serve the static files only, without the site\'s endpoints')
  .addOption(trustProxyOption())
  .action(run(async (options: { root: string; port: number; host: string; out?: string; api: boolean; trustProxy: number }) => {
    const [{ serveCommand }, { siteMount }] = await Promise.all([import('./commands.ts'), import('./site-server/mount.ts')]);
    const root = resolveRoot(options.root);
    await serveCommand({ root, port: options.port, host: options.host, outDir: options.out }, options.api ? siteMount(root, options.trustProxy) : undefined);
  }));

program.command('start')
  .description('build, then serve, with the site\'s endpoints when it has them (what `npm start` runs)')
  .addOption(rootOption())
  .addOption(portOption())
  .addOption(hostOption())
  .addOption(trustProxyOption())
  .action(run(async (options: { root: string; port: number; host: string; trustProxy: number }) => {
    const [{ startCommand }, { siteMount }] = await Promise.all([import('./commands.ts'), import('./site-server/mount.ts')]);
    const root = resolveRoot(options.root);
    await startCommand({ root, port: options.port, host: options.host }, siteMount(root, options.trustProxy));
  }));

program.command('dev')
  .description('build, serve, and rebuild what a change affects; open tabs reload by themselves')
  .addOption(rootOption())
  .addOption(portOption())
  .addOption(hostOption())
  .option('--no-api', 'without the site\'s endpoints')
  .action(run(async (options: { root: string; port: number; host: string; api: boolean }) => {
    const [{ devCommand }, { siteMount }] = await Promise.all([import('./dev/dev.ts'), import('./site-server/mount.ts')]);
    const root = resolveRoot(options.root);
    await devCommand({ root, port: options.port, host: options.host, mount: options.api ? siteMount(root) : undefined });
  }));

program.command('check')
  .description('check that the content is valid and that every internal link and asset in dist/ resolves')
  .addOption(rootOption())
  .option('--out <dir>', 'built folder to check (default: ROOT/dist)')
  .option('--external', 'also fetch the links to other sites (a few at a time, one per host; working ones are cached for a day; never an address of this machine\'s network)')
  .option('--allow-host <host>', 'with --external or --browser: a host (name or name:port) that may be asked though it resolves to a private or loopback address, for an intranet (repeatable)',
    (host: string, hosts: string[]) => [...hosts, host], [] as string[])
  .option('--browser', 'also open every page in headless Chromium (CHROME_PATH, or the one installed) and report CSP violations, failed requests, console errors and broken images')
  .action(run(async (options: { root: string; out?: string; external?: boolean; allowHost: string[]; browser?: boolean }) => {
    const { checkCommand } = await import('./commands.ts');
    await checkCommand(resolveRoot(options.root), options.out, { external: options.external, allowHosts: options.allowHost, browser: options.browser });
  }));

program.command('init')
  .description('write a small starter site (layout, a page template, a Markdown page, site.yaml, a stylesheet, a favicon) into DIR')
  .argument('<dir>', 'a new or empty folder')
  .addOption(new Option('--starter <name>', 'basic; news: a news section with dated posts, a paginated list and its feeds (Atom, RSS, JSON Feed); docs: a documentation site with a sidebar, search, a table of contents and light and dark themes')
    .choices(['basic', 'news', 'docs'] satisfies Starter[]).default('basic'))
  .action(run(async (dir: string, options: { starter: Starter }) => {
    const { initCommand } = await import('./commands.ts');
    await initCommand(path.resolve(dir), options.starter);
  }));

export { program };


function resolveRoot(root: string): string {
  return path.resolve(root);
}

function parseThreads(value: string): number {
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new SiteError('bad-flag', `--threads ${value}: expected a whole number from 1 to 64`);
  return threads;
}

function parseTrustProxy(value: string): number {
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 16) throw new SiteError('bad-flag', `--trust-proxy ${value}: expected the number of proxies in front of the server, from 0 to 16`);
  return hops;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SiteError('bad-flag', `--port ${value}: expected a number from 0 to 65535`);
  return port;
}

/** Wraps an action: user errors print without a stack; anything else keeps it. */
export function run<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      const { root, json } = (args[0] ?? {}) as { root?: string; json?: boolean };
      if (json) process.stdout.write(JSON.stringify(errorDocument(error), null, 2) + '\n');
      else printError(error, path.resolve(root ?? '.'));
      process.exitCode = 1;
    }
  };
}


/** The generator's own commands: any other name, and --help, may be the site's (server/index.ts `commands`). */
const GENERATOR_COMMANDS = new Set(program.commands.map((command) => command.name()));

/**
 * Declares the site's own commands when the command line may need them: a
 * command that is not the generator's, or help. A build never compiles the
 * site's server for this.
 */
async function declareSiteCommands(argv: string[]): Promise<void> {
  const [first] = argv.slice(2).filter((arg) => !arg.startsWith('-') || arg === '--help' || arg === '-h');
  if (first !== undefined && GENERATOR_COMMANDS.has(first) && first !== 'help') return;
  const rootAt = argv.findIndex((arg) => arg === '--root' || arg.startsWith('--root='));
  const root = resolveRoot(rootAt < 0 ? '.' : argv[rootAt].startsWith('--root=') ? argv[rootAt].slice('--root='.length) : argv[rootAt + 1] ?? '.');
  const { hasSiteServer } = await import('./site-server/entry.ts');
  if (!hasSiteServer(root)) return;
  const { loadSiteServer } = await import('./site-server/load-server.ts');
  const server = await loadSiteServer(root);
  if (!server?.commands) return;
  program.commandsGroup(`The site's commands (${path.relative(process.cwd(), path.join(root, 'server', 'index.ts')) || 'server/index.ts'}):`);
  server.commands({ program, rootOption, run });
}

/** Runs the command line (bin/sitegen.js calls this). */
export async function main(argv: string[]): Promise<void> {
  try {
    await declareSiteCommands(argv);
    await program.parseAsync(argv);
  } catch (error) {
    // A flag's parser refuses its value while commander parses, before any action's own catch.
    printError(error, process.cwd());
    process.exitCode = 1;
  }
}
