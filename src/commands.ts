import path from 'node:path';
import { buildSite } from './build.ts';
import { checkSite } from './check.ts';
import { startServer, type ServeOptions } from './server/serve.ts';
import { style } from './terminal.ts';
import { SiteError } from './errors.ts';

export async function buildCommand(root: string, out?: string): Promise<void> {
  const outDir = out ? path.resolve(out) : path.join(root, 'dist');
  const result = await buildSite({ root, outDir });
  for (const warning of result.warnings) console.warn(style('yellow', 'warning ') + warning);
  const total = Object.values(result.timings).reduce((sum, ms) => sum + ms, 0);
  const stages = Object.entries(result.timings).map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(', ');
  console.log(`built ${result.model.pages.length} pages into ${path.relative(process.cwd(), outDir) || '.'} (${stages}; ${total.toFixed(0)} ms of stage time)`);
}

export async function serveCommand(options: Omit<ServeOptions, 'outDir'> & { outDir?: string }): Promise<void> {
  const server = await startServer({ ...options, outDir: options.outDir ? path.resolve(options.outDir) : path.join(options.root, 'dist') });
  console.log(`serving on ${server.url}${options.api ? ' with the reference API' : ''}`);
}

export async function startCommand(options: Omit<ServeOptions, 'outDir'>): Promise<void> {
  await buildCommand(options.root);
  await serveCommand(options);
}

export async function checkCommand(root: string, out?: string): Promise<void> {
  const outDir = out ? path.resolve(out) : path.join(root, 'dist');
  const report = await checkSite(root, outDir);
  if (report.problems.length > 0) {
    for (const problem of report.problems) console.error(style('red', 'broken ') + problem);
    throw new SiteError('check', `${report.problems.length} broken link(s) or asset(s) in ${report.pages} pages`);
  }
  console.log(`content valid; ${report.pages} pages and ${report.references} links and assets checked, none broken`);
}
