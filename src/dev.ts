/**
 * `sitegen dev`: build, serve, watch, and rebuild only what a change
 * affects. A change that breaks the content prints its errors and leaves the
 * last good build served; fixing the file recovers.
 */
import { statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { watch } from 'chokidar';
import { buildSite, type BuildResult } from './build.ts';
import { parseContentFile, routeOf, type RawContent } from './load.ts';
import { compileTemplates } from './templates.ts';
import { bundleIslands } from './bundle.ts';
import { validateContent } from './validate.ts';
import { renderPages, renderSiteFiles, outputPathOf } from './render.ts';
import { emitFiles } from './emit.ts';
import { copyPublicFiles, listPublicFiles } from './public.ts';
import { pageAssets } from './assets.ts';
import { withLoginKey } from './login-key.ts';
import { SiteErrors, type SiteError } from './errors.ts';
import { printError } from './report.ts';
import { startServer, type RunningServer } from './server/serve.ts';
import { style } from './terminal.ts';

export interface DevOptions {
  root: string;
  port: number;
  host: string;
  api: boolean;
  outDir?: string;
}

export interface DevSession {
  server: RunningServer;
  /** Resolves when the changes seen so far are built (for tests and the benchmark). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function devCommand(options: DevOptions): Promise<void> {
  const session = await startDev(options);
  console.log(`serving on ${session.server.url} (watching content/, templates/ and public/)`);
}

export async function startDev({ root, port, host, api, outDir = path.join(root, 'dist') }: DevOptions): Promise<DevSession> {
  let state: BuildResult | undefined;
  try {
    state = await buildSite({ root, outDir, dev: true });
    console.log(`built ${state.model.pages.length} pages`);
  } catch (error) {
    printError(error, root);
  }
  const server = await startServer({ root, outDir, port, host, api, dev: true });

  const brokenFiles = new Map<string, SiteError>();
  const pending = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = (absolute: string) => {
    if (closed) return;
    pending.add(path.relative(root, absolute).split(path.sep).join('/'));
    clearTimeout(timer);
    // A short pause batches the events of one save (editors write, rename, chmod).
    timer = setTimeout(() => {
      const batch = [...pending];
      pending.clear();
      running = running.then(() => rebuild(batch));
    }, 5);
  };

  async function rebuild(changed: string[]): Promise<void> {
    const started = performance.now();
    recheckLater(changed);
    try {
      const written = state ? await rebuildChanged(root, outDir, state, brokenFiles, changed) : await fullBuild();
      if (written > 0) server.reload();
      console.log(`rebuilt ${written} file(s) in ${(performance.now() - started).toFixed(1)} ms (${changed.join(', ')})`);
    } catch (error) {
      printError(error, root);
      console.error(style('yellow', 'still serving the last good build; fix the file and save to rebuild'));
    }
  }

  /**
   * chokidar drops a second change event for the same file within 50 ms, so
   * a quick second save (or the write that follows a truncate) could go
   * unseen. Look at each changed file again once that window has passed and
   * rebuild if it moved on since this build read it.
   */
  function recheckLater(files: string[]): void {
    const seen = new Map(files.map((file) => [file, fingerprint(path.join(root, file))]));
    setTimeout(() => {
      for (const [file, before] of seen) {
        if (fingerprint(path.join(root, file)) !== before) schedule(path.join(root, file));
      }
    }, 60).unref();
  }

  async function fullBuild(): Promise<number> {
    state = await buildSite({ root, outDir, dev: true });
    return state.files.size;
  }

  const watcher = watch(['content', 'templates', 'public'].map((dir) => path.join(root, dir)), {
    ignoreInitial: true,
    ignored: (file) => /(^|[/\\])(\.|node_modules)/.test(path.relative(root, file)),
  });
  for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, schedule);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    server,
    idle: async () => {
      while (timer && pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await running;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      await running;
      await server.close();
    },
  };
}

/** Applies a batch of changed files to the last good build; returns how many output files changed. */
async function rebuildChanged(
  root: string, outDir: string, state: BuildResult, brokenFiles: Map<string, SiteError>, changed: string[],
): Promise<number> {
  const isContent = (file: string) => file === 'content/site.yaml' || file.startsWith('content/pages/');
  const touchesBundle = changed.some((file) => /^templates\/(islands|styles)\//.test(file));
  const templateFiles = changed.filter((file) => file.startsWith('templates/') && !/^templates\/(islands|styles)\//.test(file));
  const publicChanged = changed.filter((file) => file.startsWith('public/'));

  const next: BuildResult = { ...state };
  // A dev build always renders, so its templates are loaded; after a template change they are compiled again.
  const templates = templateFiles.length || !state.templates ? await compileTemplates(root) : state.templates;
  next.templates = templates;
  if (touchesBundle) next.bundle = await bundleIslands(root);
  if (publicChanged.length) next.publicFiles = await listPublicFiles(root);

  const raw = await reloadContent(root, state, brokenFiles, changed.filter(isContent));
  const { model: validated, errors } = validateContent(raw, templates, next.publicFiles);
  if (errors.length || !validated) throw new SiteErrors(errors);
  const model = { ...validated, site: await withLoginKey(root, validated.site, raw.site) };
  next.model = model;
  next.assets = pageAssets(model.site, next.bundle, { dev: true });

  const layoutChanged = templateFiles.some((file) => templates.layoutDependencies.includes(file));
  const everything = touchesBundle || layoutChanged || changed.includes('content/site.yaml');
  const changedRoutes = new Set(changed.filter((file) => file.startsWith('content/pages/')).map((file) => routeOf(file.slice('content/pages/'.length))));
  // A page's canonical is a changed route when it is a copy of that page (copyOf): it shows the changed content.
  const pages = everything ? model.pages : model.pages.filter((page) =>
    changedRoutes.has(page.info.route) || changedRoutes.has(page.info.canonical)
    || templateFiles.some((file) => templates.dependencies[page.info.template]?.includes(file)));

  const rendered = renderPages(pages, templates, model.site, next.assets.page);
  if (rendered.errors.length) throw new SiteErrors(rendered.errors);
  const { islands } = rendered;
  const files: Map<string, string | Uint8Array> = rendered.files;
  for (const [name, contents] of renderSiteFiles(model.site, model.pages.map((page) => page.info), next.assets.inlineScriptHashes)) files.set(name, contents);
  if (touchesBundle) for (const [url, contents] of next.bundle.files) files.set(url.slice(1), contents);
  next.islands = new Map([...state.islands, ...islands]);

  const writes = new Map([...files].filter(([name, contents]) => !sameContents(state.files.get(name), contents)));
  await emitFiles(outDir, writes);
  for (const route of state.model.pages.map((page) => page.info.route)) {
    if (!model.pages.some((page) => page.info.route === route)) {
      await rm(path.join(outDir, outputPathOf(route)), { force: true });
      next.files.delete(outputPathOf(route));
    }
  }
  for (const file of publicChanged) {
    const url = file.slice('public'.length);
    if (next.publicFiles.has(url)) await copyPublicFiles(root, [url], outDir);
    else await rm(path.join(outDir, url), { force: true });
  }
  next.files = new Map([...state.files, ...files]);
  Object.assign(state, next);
  return writes.size + publicChanged.length;
}

/**
 * The raw content with the changed files re-read. A file that no longer
 * parses leaves the model (not the last good version of itself) and keeps its
 * error until it is fixed, so later rebuilds never use a stale copy.
 */
async function reloadContent(root: string, state: BuildResult, brokenFiles: Map<string, SiteError>, changed: string[]): Promise<RawContent> {
  const docs = state.rawDocs;
  for (const file of changed) {
    let source: string | undefined;
    try {
      source = await readFile(path.join(root, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    brokenFiles.delete(file);
    if (source === undefined) {
      docs.delete(file);
      continue;
    }
    try {
      const doc = parseContentFile(file, source);
      if (file.startsWith('content/pages/')) doc.route = routeOf(file.slice('content/pages/'.length));
      docs.set(file, doc);
    } catch (error) {
      docs.delete(file);
      brokenFiles.set(file, error as SiteError);
    }
  }
  return {
    site: docs.get('content/site.yaml'),
    pages: [...docs.values()].filter((doc) => doc.route !== undefined).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    routes: [...docs.keys(), ...brokenFiles.keys()].filter((file) => file.startsWith('content/pages/'))
      .map((file) => routeOf(file.slice('content/pages/'.length))),
    errors: [...brokenFiles.values()],
  };
}

function fingerprint(file: string): string {
  try {
    const info = statSync(file);
    return `${info.mtimeMs}:${info.size}`;
  } catch {
    return 'missing';
  }
}

function sameContents(before: string | Uint8Array | undefined, after: string | Uint8Array): boolean {
  if (before === undefined) return false;
  if (typeof before === 'string' || typeof after === 'string') return before === after;
  return Buffer.compare(Buffer.from(before), Buffer.from(after)) === 0;
}
