/**
 * `sitegen dev`: build, serve, watch, and rebuild on every change. Each
 * rebuild is the build's own road (src/pipeline.ts) with dev's cache: it
 * renders the pages whose files (or whose site) changed and moves only the
 * files that came out different into the folder the server serves. dev
 * builds into its own folder, ROOT/.sitegen/dev/, never dist/: only its
 * pages carry the live-reload client. A change that breaks the content
 * prints its errors and leaves the last good build served; fixing the file
 * recovers.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { watch } from 'chokidar';
import { CONFIG_FILES } from '../render/compile-templates.ts';
import { buildSite } from '../pipeline.ts';
import { SiteError, SiteErrors } from '../errors.ts';
import { saveDevCaches } from '../cache/build-cache.ts';
import { stampOf, toPosix } from '../files.ts';
import { describeError, printError } from '../report.ts';
import { listPageFiles, routeOf, type PagesFolder } from '../load/content-files.ts';
import { startServer, type RequestHandler, type RunningServer } from '../serve/serve.ts';
import { EDIT_PATH } from '../edit/edit-path.ts';
import { PAGES_DIR } from '../paths.ts';
import { style } from '../terminal.ts';
import { countOf, mountedLine, type Mount } from '../commands.ts';

/** Whether a path is a page of the site as it is on disk now, whether or not it built. */
function isRouteOf(root: string, pathname: string): boolean {
  try {
    return listPageFiles(root).some((file) => routeOf(file) === pathname);
  } catch {
    return false;
  }
}

/** Where `sitegen dev` builds and serves from (gitignored with the rest of .sitegen/). */
export function devOutDir(root: string): string {
  return path.join(root, '.sitegen', 'dev');
}

export interface DevOptions {
  root: string;
  port: number;
  host: string;
  /** What the server mounts besides the pages (the CLI hands in the site's endpoints unless --no-api). */
  mount?: Mount;
  outDir?: string;
}

export interface DevSession {
  server: RunningServer;
  /** The folder dev builds into and serves. */
  outDir: string;
  /** Resolves when the changes seen so far are built (for tests and the benchmark). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function devCommand(options: DevOptions): Promise<void> {
  const session = await startDev(options);
  console.log(`serving on ${session.server.url}${mountedLine(options.mount)} (watching content/, templates/ and public/)`);
}

export async function startDev({ root, port, host, mount, outDir = devOutDir(root) }: DevOptions): Promise<DevSession> {
  // One thread (a rebuild renders a few pages), and the unchanged pages reused whatever the site's size.
  // An integration's watched file is outside what the build cache knows: a change to one rebuilds every page, with its hooks.
  const integrationFiles = new Set<string>();
  let fresh = false;
  // The stamps the last good build took of the page files: a rebuild takes them for every file the watcher saw no
  // event for, instead of a stat each (BuildOptions.unchanged). Forgotten when a build fails.
  let stamps: Readonly<Record<string, string>> | undefined;
  // content/pages/ as the last good build listed it, and how many times the watcher has seen a file or folder come or
  // go under content/ (BuildOptions.listed): a list taken while one came or went is not kept.
  let listed: PagesFolder | undefined;
  let arrivals = 0;
  // Whether the last build was handed that list: a page missing then was removed after it (see rebuild).
  let handedList = false;
  const build = async (changed?: readonly string[], onPagesServed?: () => void) => {
    const uncached = fresh;
    fresh = false;
    const last = stamps;
    const seen = new Set(changed);
    // Asked per page file by the ledger: no copy of 5,000 stamps made for each rebuild.
    const unchanged = last && changed && !uncached
      ? { get: (file: string) => (seen.has(`${PAGES_DIR}/${file}`) ? undefined : last[file]) } : undefined;
    const known = listed;
    const arrivalsBefore = arrivals;
    stamps = undefined;
    listed = undefined;
    handedList = known !== undefined;
    const built = await buildSite({
      root, outDir, dev: true, parallel: false, output: 'update', ...(uncached ? { cache: false } : {}), ...(unchanged ? { unchanged } : {}),
      ...(onPagesServed ? { onPagesServed } : {}), ...(known ? { listed: known } : {}),
    });
    stamps = built.stamps;
    // A rebuild's (the watcher's): a file that came before the watcher was ready, during the first build, went unseen.
    if (arrivals === arrivalsBefore && changed) listed = built.listed;
    for (const file of built.watch ?? []) {
      if (integrationFiles.has(file)) continue;
      integrationFiles.add(file);
      watcher?.add(path.join(root, file));
    }
    return built;
  };
  // Made once the first build has run (and named the integrations' files).
  let watcher: ReturnType<typeof watch> | undefined;
  let failure: unknown;
  // The rebuilds in a row, and the editor's checks between them: one build of the site at a time.
  let running: Promise<void> = Promise.resolve();
  try {
    const built = await build();
    for (const warning of built.warnings) console.warn(style('yellow', 'warning ') + warning);
    console.log(`built ${countOf(built.pages.length, 'page')}`);
  } catch (error) {
    failure = error;
    printError(error, root);
  }
  // The browser editor (src/edit/): its modules load on its first request, so a dev session that never opens it pays nothing.
  let editor: Promise<RequestHandler> | undefined;
  const queue = <T,>(work: () => Promise<T>): Promise<T> => {
    const done = running.then(work);
    running = done.then(() => undefined, () => undefined);
    return done;
  };
  const edit: RequestHandler = async (req, res) => {
    // Once open, the editor also answers for the assets only its unsaved preview has.
    if (!req.url?.startsWith(EDIT_PATH) && !(editor && req.url?.startsWith('/assets/'))) return false;
    editor ??= import('../edit/edit-server.ts').then(({ editHandler }) => editHandler({ root, outDir, queue }));
    return (await editor)(req, res);
  };
  const server = await startServer({
    outDir, port, host, dev: true, handlers: [edit, ...(mount ? await mount.handlers() : [])], isRoute: (pathname) => isRouteOf(root, pathname),
  });
  // Tabs show the terminal's report while the site is broken.
  if (failure !== undefined) server.showErrors(describeError(failure, root));

  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = (absolute: string) => {
    if (closed) return;
    const file = toPosix(path.relative(root, absolute));
    if (integrationFiles.has(file)) fresh = true;
    pending.add(file);
    clearTimeout(timer);
    // A short pause batches the events of one save (editors write, rename, chmod).
    timer = setTimeout(() => {
      const batch = [...pending];
      pending.clear();
      running = running.then(() => rebuild(batch));
    }, 5);
  };

  // A file or folder that comes or goes under content/ changes the list of pages (a link inside may lead to any of it).
  const noteArrival = (file: string) => {
    if (!file.startsWith('content/')) return;
    arrivals++;
    listed = undefined;
  };

  // Rebuilds in a row that met a file moved under them (see rebuild).
  let retries = 0;
  // The last build failed: its errors are on show.
  let failing = failure !== undefined;
  async function rebuild(changed: string[]): Promise<void> {
    const started = performance.now();
    recheckLater(changed);
    // The bundled stylesheets alone changed (a new hashed name for each): open tabs swap them in place, as Vite does,
    // keeping where they are and what they hold. A stylesheet in public/ keeps its address, so its change reloads.
    const styles = changed.every((file) => /^templates\/.*\.css$/.test(file));
    // Tabs reload as soon as the rendered pages are served, before the site-wide files are made; not while the
    // overlay shows an error, which the build's end clears first.
    let reloaded = false;
    const onPagesServed = styles || failing ? undefined : () => {
      reloaded = true;
      server.reload();
    };
    try {
      const built = await build(changed, onPagesServed);
      const written = built.changed ?? 0;
      server.clearErrors();
      failing = false;
      if (written > 0 && !reloaded) (styles ? server.reloadStyles() : server.reload());
      console.log(`rebuilt ${written} file(s) in ${(performance.now() - started).toFixed(1)} ms (${changed.join(', ')})`);
      retries = 0;
    } catch (error) {
      // A file that went between the moment the build listed it and the moment it read it (a folder renamed, a save
      // by rename): the files moved under the build, no one's error. Built again, a few times at most.
      // So is a page the build was handed in the last list that is gone (a content error that names it missing): its
      // removal's event is still on its way (chokidar holds an unlink for 100 ms), and the build again walks the folder.
      const code = (error as NodeJS.ErrnoException)?.code;
      if ((code === 'ENOENT' || code === 'ENOTDIR' || (handedList && namesMissingFile(error))) && retries < 3 && !closed) {
        retries++;
        running = running.then(() => rebuild(changed));
        return;
      }
      retries = 0;
      failing = true;
      printError(error, root);
      server.showErrors(describeError(error, root));
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
    const seen = new Map(files.map((file) => [file, stampOf(path.join(root, file))]));
    setTimeout(() => {
      for (const [file, before] of seen) {
        if (stampOf(path.join(root, file)) !== before) schedule(path.join(root, file));
      }
    }, 60).unref();
  }

  // sitegen.config.ts is bundled with the templates: a change to it is one to them. The integrations' own files are added as builds name them.
  watcher = watch([...['content', 'templates', 'public'].map((dir) => path.join(root, dir)), ...CONFIG_FILES.map((name) => path.join(root, name)),
    ...[...integrationFiles].map((file) => path.join(root, file))], {
    ignoreInitial: true,
    ignored: (file) => /(^|[/\\])(\.|node_modules)/.test(path.relative(root, file)),
  });
  for (const event of ['add', 'unlink', 'addDir', 'unlinkDir'] as const) watcher.on(event, (absolute) => noteArrival(toPosix(path.relative(root, absolute))));
  for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, schedule);
  await new Promise<void>((resolve) => watcher!.once('ready', () => resolve()));

  return {
    server,
    outDir,
    idle: async () => {
      while (timer && pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await running;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await watcher?.close();
      await running;
      // The last rebuild's cache, kept in memory until the edits pause, for the next session.
      saveDevCaches();
      await server.close();
      await mount?.close?.();
    },
  };
}

/** Whether a build failed on a content file that was not there. */
function namesMissingFile(error: unknown): boolean {
  if (error instanceof SiteError) return error.code === 'missing-file';
  return error instanceof SiteErrors && error.errors.some((each) => each.code === 'missing-file');
}
