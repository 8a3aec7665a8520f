/**
 * The generator's commands' actions. Each imports what it needs when it
 * runs: a build has no use for the server, and loading it cost a warm
 * rebuild a good part of its time. What `serve` mounts (the site's endpoints)
 * is handed in by the CLI.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from './serve/serve.ts';
import { style } from './terminal.ts';
import { SiteError } from './errors.ts';
import type { Starter } from './init/init.ts';

export async function buildCommand(root: string, out?: string, options: { threads?: number; cache?: boolean; json?: boolean; atomic?: boolean } = {}): Promise<void> {
  const [{ buildSite }, { startProgress }] = await Promise.all([import('./pipeline.ts'), import('./progress.ts')]);
  const outDir = out ? path.resolve(out) : path.join(root, 'dist');
  const { json, atomic, ...buildOptions } = options;
  const started = performance.now();
  const progress = startProgress(process.stderr, { enabled: !json, afterMs: progressDelay() });
  let result;
  try {
    result = await buildSite({ root, outDir, ...buildOptions, ...(atomic ? { output: 'swap' as const } : {}), onStage: progress.onStage });
  } finally {
    progress.stop();
  }
  if (json) {
    // The one thing on stdout: the warnings are in the document.
    const { buildDocument } = await import('./build-json.ts');
    process.stdout.write(JSON.stringify(await buildDocument(result, performance.now() - started), null, 2) + '\n');
    return;
  }
  for (const warning of result.warnings) console.warn(style('yellow', 'warning ') + warning);
  const total = Object.values(result.timings).reduce((sum, ms) => sum + ms, 0);
  const stages = Object.entries(result.timings).map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(', ');
  const rendered = result.rendered === result.pageCount ? '' : `, ${result.rendered} rendered and the rest unchanged`;
  console.log(`built ${countOf(result.pageCount, 'page')}${rendered} into ${path.relative(process.cwd(), outDir) || '.'} (${stages}; ${total.toFixed(0)} ms of stage time)`);
  // dist/ is what a static host serves; the site's endpoints are not in it, and a form posting to one would fail there unseen.
  const { hasSiteServer, SERVER_ENTRY } = await import('./site-server/entry.ts');
  if (hasSiteServer(root)) {
    console.log(`note: the endpoints of ${SERVER_ENTRY} are served by \`sitegen serve\` and \`sitegen start\` (or your own server), not by a static host that serves dist/ alone; see docs/deploying.md#the-sites-endpoints`);
  }
}

/** `1 page`, `20 pages`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** How long a build runs before it shows its progress line; SITEGEN_PROGRESS_AFTER_MS lets tests see the line at once. */
function progressDelay(): number {
  const ms = Number(process.env.SITEGEN_PROGRESS_AFTER_MS);
  return Number.isFinite(ms) && ms >= 0 && process.env.SITEGEN_PROGRESS_AFTER_MS !== '' ? ms : 1000;
}

/** What a command mounts in front of the static files, and how to name it in the "serving on" line. */
export interface Mount {
  /** What is mounted, for the "serving on" line; '' when nothing is. Known once `handlers()` has resolved. */
  name: string;
  handlers(): Promise<RequestHandler[]>;
  /** Lets go of what the handlers hold (databases, the site's server). */
  close?(): Promise<void>;
}

/** The "serving on" line's end: what the server mounted besides the pages, if anything. */
export function mountedLine(mount: Mount | undefined): string {
  return mount?.name ? ` with ${mount.name}` : '';
}

export interface ServeCommandOptions {
  root: string;
  port: number;
  host: string;
  outDir?: string;
}

export async function serveCommand(options: ServeCommandOptions, mount?: Mount): Promise<void> {
  const { startServer } = await import('./serve/serve.ts');
  const outDir = options.outDir ? path.resolve(options.outDir) : path.join(options.root, 'dist');
  if (!existsSync(path.join(outDir, 'index.html'))) {
    throw new SiteError('not-built', `${outDir} holds no built site`, {
      hint: `run \`sitegen build${options.root === process.cwd() ? '' : ` --root ${options.root}`}\` first, or \`sitegen start\` to build and serve`,
    });
  }
  const handlers = mount ? await mount.handlers() : [];
  const server = await startServer({ outDir, port: options.port, host: options.host, handlers });
  console.log(`serving on ${server.url}${mountedLine(mount)}`);
}

/** `npm start`: first what the mounted API needs to exist before a build (`prepare`), then build, then serve. */
export async function startCommand(options: Omit<ServeCommandOptions, 'outDir'>, mount: Mount & { prepare(): Promise<void> }): Promise<void> {
  await mount.prepare();
  await buildCommand(options.root);
  await serveCommand(options, mount);
}

export async function initCommand(dir: string, starter: Starter = 'basic'): Promise<void> {
  const { initSite } = await import('./init/init.ts');
  const files = await initSite(dir, starter);
  const relative = path.relative(process.cwd(), dir);
  const shown = relative.startsWith('..') ? dir : relative || '.';
  console.log(`wrote a starter site in ${shown}: ${files.join(', ')}`);
  const into = shown === '.' ? '' : `cd ${/\s/.test(shown) ? JSON.stringify(shown) : shown} && `;
  console.log(`next: \`${into}npm run dev\` (build, serve and rebuild as you edit), \`npm run build\`, \`npm run check\`, \`npm start\``);
}

export async function checkCommand(root: string, out?: string, options: { external?: boolean; allowHosts?: string[]; browser?: boolean } = {}): Promise<void> {
  const { checkSite } = await import('./check/check-output.ts');
  const outDir = out ? path.resolve(out) : path.join(root, 'dist');
  if (!options.external && !options.browser && (options.allowHosts?.length ?? 0) > 0) {
    throw new SiteError('check', '--allow-host is for --external and --browser, neither of which was given', { hint: 'add --external or --browser, or leave out --allow-host' });
  }
  const report = await checkSite(root, outDir, { external: options.external ? { allowHosts: options.allowHosts } : false, browser: options.browser ? { allowHosts: options.allowHosts } : false });
  for (const problem of report.problems) console.error(style('red', 'broken ') + problem);
  for (const link of report.external?.broken ?? []) console.error(style('red', 'broken ') + `${link.url} (${link.reason}) in ${link.where.join(', ')}`);
  for (const link of report.external?.unchecked ?? []) console.error(style('yellow', 'unchecked ') + `${link.url} (${link.reason}) in ${link.where.join(', ')}`);
  for (const problem of report.browser ?? []) {
    console.error(style('red', `${problem.kind} `) + `${problem.page}${problem.source ? ` (${problem.source})` : ''}: ${problem.detail}`);
  }
  const brokenExternal = report.external?.broken.length ?? 0;
  const inBrowser = report.browser?.length ?? 0;
  if (report.problems.length > 0 || brokenExternal > 0 || inBrowser > 0) {
    const parts = [
      report.problems.length > 0 ? `${report.problems.length} broken link(s) or asset(s)` : '', brokenExternal > 0 ? `${brokenExternal} broken external link(s)` : '',
      inBrowser > 0 ? `${inBrowser} problem(s) in the browser` : '',
    ].filter(Boolean);
    throw new SiteError('check', `${parts.join(' and ')} in ${report.pages} pages`);
  }
  const unchecked = report.external?.unchecked.length ? `, ${report.external.unchecked.length} not asked (above)` : '';
  const external = report.external ? `; ${report.external.links} external links checked (${report.external.cached} from the cache of the last day), none broken${unchecked}` : '';
  const browser = report.browser ? `; every page opened in Chromium, no CSP violation, failed request, console error or broken image` : '';
  console.log(`content valid; ${report.pages} pages and ${report.references} links and assets checked, none broken${external}${browser}`);
}
