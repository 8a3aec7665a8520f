/**
 * The build, top to bottom, as an ordered list of phases; this file only
 * orders them (and overlaps what can run at once: pages load while the
 * templates compile and the islands bundle). Each phase's work is a module
 * of its own folder.
 *
 *   load       the page files listed, site.yaml, data, public/ and the remote
 *              images read (src/load/), the templates compiled (src/render/)
 *              and the islands bundled (src/bundle/), at once
 *   validate   site.yaml and the data against their schemas (src/validate/)
 *   plan       what the reuse ledger says may be kept (src/cache/ledger.ts):
 *              all of it (nothing to do), or which pages to render
 *   render     stage, render, media, list, siteFiles, claim, hooks, copies,
 *              publish (renderAndEmit, below)
 *   record     what this build made, for the ledger of the next one
 *
 * It is the one road: `build` swaps a new output folder in, each of `dev`'s
 * rebuilds updates its folder in place with what changed, and `check`
 * validates every page without writing.
 */
import { existsSync, lstatSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { duplicateRouteErrors, listPagesFolder, noPagesError, readDataFiles, readSiteFile, routesOf } from './load/content-files.ts';
import { pageNamesOf } from './paths.ts';
import { listPublicFiles } from './load/public-files.ts';
import { validateSiteOnce } from './validate/site-memo.ts';
import { configFileOf, prepareTemplates, loadTemplates } from './render/compile-templates.ts';
import { preloadVendorModules } from './render/vendor.ts';
import { pageAssets, type SiteAssets } from './render/page-assets.ts';
import { framingOf } from './render/component-frames.ts';
import { imagesStampOf, openLedger, ownStampsOf, renderAll, saveBuildCache, siteKeyOf, type CacheParts, type Ledger, type ReusePlan } from './cache/ledger.ts';
import { startRender, type RenderedShares, type RenderStage } from './pipeline/render-stage.ts';
import type { RenderJob } from './pipeline/page-jobs.ts';
import { bundleIslands, type BundleResult } from './bundle/bundle-islands.ts';
import { codeThemeOf } from './markdown/code-themes.ts';
import { discardStaging, emitSite, linkFiles, publishRenderedPages, stageSite, updateSite } from './emit/staging.ts';
import { NOT_FOUND_ROUTE, siteFiles, siteHeaders, type OutputFiles } from './emit/site-files.ts';
import { translationErrors } from './i18n.ts';
import { commitDates, contentDates } from './emit/content-dates.ts';
import { readCache, type BuildCache, type CacheKind, type PageEntry } from './cache/build-cache.ts';
import { emitEditorSchemas } from './emit/editor-schemas.ts';
import { emitBundleCopies, emitImageVariants } from './emit/image-variants.ts';
import { claimOutputs } from './emit/claim-outputs.ts';
import type { OutputClaims } from './output-claims.ts';
import type { HeaderRule } from './emit/security-headers.ts';
import { fetchRemoteImages, remoteImagesIn, remoteOriginsOf, type RemoteImages } from './load/remote-images.ts';
import { removeGeneratedPages } from './generated-pages.ts';
import { SiteError, SiteErrors, throwIfAny } from './errors.ts';
import { buildResult, type BuildOptions, type BuildResult, type StageListener } from './build-result.ts';
import type { RawDoc, SiteInfo, SiteTemplates } from './model.ts';
import { outputPathOf } from './output-path.ts';
import { readSiteText } from './site-reader.ts';
import { byCodeUnit, toPosix } from './files.ts';
import { withBuildLock } from './build-lock.ts';

export type { BuildOptions, BuildResult };

/** The integrations' hook runner, loaded when a build renders or has a configuration: a warm build that renders nothing never needs it (nor zod). */
const integrationHooks = () => import('./pipeline/integrations.ts');

type Stopwatch = ReturnType<typeof stopwatch>;

/**
 * Builds the site. A build that publishes (not dev's, not a check) holds the root's build lock: a second build of
 * the same site waits for the first (src/build-lock.ts).
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const publishes = !options.dev && options.output !== 'none';
  return publishes ? withBuildLock(options.root, () => runBuild(options)) : runBuild(options);
}

async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const { root, output = 'auto' } = options;
  const outDir = options.outDir ?? path.join(root, 'dist');
  const useCache = (options.cache ?? true) && output !== 'none';
  const time = stopwatch(options.onStage);
  const kind: CacheKind = options.dev ? 'dev' : 'build';
  // A damaged cache is dropped, part by part, with a warning each: the build is as cold as what it lost.
  const cacheWarnings: string[] = [];
  const warn = (message: string) => void cacheWarnings.push(`the build cache: ${message}`);
  if (output !== 'none') keepCacheFolder(root, warn);
  const cache = useCache ? readCache(root, kind, warn) : undefined;
  // A build without a cache renders every page: its shared modules can load while esbuild works.
  if (!cache) preloadVendorModules();
  // A site with code configuration may make pages from code: its integrations run before the pages are listed.
  const code = pagesFromCode(root, cache, time);
  const bundling = startBundle(root, cache, time, code);
  const early = await code;
  const { pages: pageFiles, bundles, folder } = await time('load', () => listPagesFolder(root, options.listed));
  if (pageFiles.length === 0) throw noPagesError();
  // What the last build made, and what it may keep: asked of one ledger, here and by the render stage.
  const ledger = openLedger(root, outDir, cache, pageFiles, options.unchanged);
  const render = await startRender({ root, outDir, pageFiles, ledger, threads: options.parallel === false ? 1 : options.threads });
  try {
    const inputs = await readInputs(root, cache, time, early, bundling, { pageFiles, bundles }, !options.dev && output !== 'none');
    const run: Run = { options, root, outDir, output, now: options.now ?? new Date(), time, cache, ledger, pageFiles, routes: routesOf(pageFiles), render, inputs, warn };
    const validated = await validate(run);
    if (!validated.site || output === 'none') return await validateOnly(run, validated);
    const built = await planAndPublish(run, validated, validated.site);
    if (useCache && built.record) saveBuildCache({ ...built.record, root, kind, outDir }, built.record.pages);
    if (cacheWarnings.length > 0) built.result.warnings.unshift(...cacheWarnings);
    // dev's next rebuild takes these for the files its watcher saw no event for (BuildOptions.unchanged).
    if (options.dev) built.result.stamps = ledger.stamps ?? (built.record ? ownStampsOf(built.record.pages) : undefined);
    // And the page files it listed, while its watcher sees none added or removed (BuildOptions.listed).
    if (options.dev) built.result.listed = folder;
    return built.result;
  } finally {
    render.close();
  }
}

/**
 * .sitegen/cache/ as a folder: a file or link in its place (a copy gone wrong) is removed with a warning, so that the
 * build can write its cache, its image variants and its cards there.
 */
function keepCacheFolder(root: string, warn: (message: string) => void): void {
  const folder = path.join(root, '.sitegen', 'cache');
  const info = lstatSync(folder, { throwIfNoEntry: false });
  if (!info || info.isDirectory()) return;
  rmSync(folder, { force: true });
  warn('.sitegen/cache was not a folder: removed, and built without it');
}

/** What one run of the pipeline works from: its options, and what the load phase read. */
interface Run {
  options: BuildOptions;
  root: string;
  outDir: string;
  output: NonNullable<BuildOptions['output']>;
  now: Date;
  time: Stopwatch;
  cache?: BuildCache;
  ledger: Ledger;
  pageFiles: string[];
  routes: string[];
  render: RenderStage;
  inputs: Inputs;
  /** Says what was found damaged in the build cache and built again (one warning each, before the build's own). */
  warn: (message: string) => void;
}

type Inputs = Awaited<ReturnType<typeof readInputs>>;

/**
 * The `pages` hook of a site's integrations, before its pages are listed:
 * the templates (which carry sitegen.config.ts) compiled and loaded first,
 * and reused by the rest of the build. A site without a configuration file
 * skips this, and keeps no pages an earlier configuration made.
 */
async function pagesFromCode(root: string, cache: BuildCache | undefined, time: Stopwatch): Promise<Early | undefined> {
  if (!configFileOf(root)) {
    await removeGeneratedPages(root);
    return undefined;
  }
  const compiled = await time('templates', () => prepareTemplates(root, cache?.templates));
  const templates = time('templates', () => loadTemplates(compiled.moduleFile));
  const loaded = await templates;
  const errors: SiteError[] = [];
  const { integrationsOf, writeIntegrationPages } = await integrationHooks();
  await time('load', () => writeIntegrationPages(root, integrationsOf(loaded.config, undefined, root).hooks, errors));
  throwIfAny(errors);
  return { compiled, templates };
}

type Early = { compiled: Awaited<ReturnType<typeof prepareTemplates>>; templates: Promise<SiteTemplates> };

/** The islands and styles as esbuild bundles them, begun with the build; or why site.yaml could not be read then. */
type Bundling = { siteDoc: RawDoc; bundle: Promise<BundleResult> } | { error: unknown };

/**
 * Starts bundling the islands, the styles and the runtime at the build's start, while the templates compile and the
 * site's configuration runs (pagesFromCode): of what that makes, the bundle needs only the integrations' browser
 * code, which esbuild asks for last (the runtime's table of it). Waiting for the configuration first put the two
 * compiles one after the other (this site's cold build: 0.93 -> 0.90 of the time before, 15 pairs).
 */
function startBundle(root: string, cache: BuildCache | undefined, time: Stopwatch, code: Promise<Early | undefined>): Bundling {
  let siteDoc: RawDoc;
  try {
    // The stylesheet holds the code theme site.yaml names.
    siteDoc = readSiteFile(root);
  } catch (error) {
    // Thrown where the load phase begins, after the errors that come first (the templates, no pages).
    return { error };
  }
  const clients = {
    key: async () => {
      const early = await code;
      return early ? path.basename(early.compiled.moduleFile) : 'none';
    },
    list: async () => {
      const early = await code;
      return (await integrationHooks()).clientModulesOf(early ? (await early.templates).config : undefined, root);
    },
  };
  const bundle = time('bundle', () => bundleIslands(root, cache?.bundle, codeThemeOf(siteDoc.data), clients));
  // Awaited by the load phase; a build that fails before then reports its own failure, not this one.
  bundle.catch(() => undefined);
  return { siteDoc, bundle };
}

/** The load phase: everything but the pages (which the render stage loads as it goes), read at once. */
async function readInputs(
  root: string, cache: BuildCache | undefined, time: Stopwatch, early: Early | undefined, bundling: Bundling,
  content: { pageFiles: readonly string[]; bundles: Map<string, string> }, publishes: boolean,
) {
  if ('error' in bundling) throw bundling.error;
  const { siteDoc } = bundling;
  const [data, publicFiles, compiled, bundle] = await Promise.all([
    time('load', () => readDataFiles(root)),
    time('load', () => listPublicFiles(root)),
    early?.compiled ?? time('templates', () => prepareTemplates(root, cache?.templates)),
    bundling.bundle,
  ]);
  let loaded: Promise<SiteTemplates> | undefined = early?.templates;
  // Imported only when needed: a warm build with nothing to render or validate never loads the templates.
  const templates = () => (loaded ??= time('templates', () => loadTemplates(compiled.moduleFile)));
  const remote = await time('load', () => remoteImages(root, siteDoc, data.docs, content));
  const bundleImages = [...content.bundles.values(), ...remote.images.values()];
  return {
    siteDoc, data, publicFiles, compiled, bundle, templates, bundles: content.bundles, remote,
    // The content files' commit dates: a build without a cache renders every page, so git runs while the templates
    // compile; a warm build asks only once it has pages to render (renderAndEmit); dev and check never ask.
    commits: publishes && !cache ? commitDates(root) : undefined,
    imagesStamp: imagesStampOf(root, publicFiles, bundleImages),
  };
}

/** The images on hosts site.yaml's images.remote lists, fetched or taken from the cache; nothing to do for a site that lists none. */
async function remoteImages(
  root: string, siteDoc: RawDoc, dataDocs: readonly RawDoc[], content: { pageFiles: readonly string[] },
): Promise<RemoteImages & { origins: string[] }> {
  const origins = remoteOriginsOf(siteDoc.data);
  if (origins.length === 0) return { images: new Map(), errors: [], warnings: [], origins };
  const texts = new Map<string, string>([[siteDoc.file, siteDoc.source], ...dataDocs.map((doc) => [doc.file, doc.source] as [string, string])]);
  // Named as the load stage names them: an integration's page too is a path from content/pages/.
  const names = pageNamesOf(content.pageFiles);
  for (const name of names) texts.set(name, readSiteText(root, name));
  // An origin site.yaml lists on the loopback (a local image server) is the owner's to reach; every other host must be public.
  const allowed = new Set([...origins.map((origin) => new URL(origin).host).filter((host) => /^(127\.0\.0\.1|\[::1\]|localhost)(:|$)/.test(host))]);
  return { ...await fetchRemoteImages(root, remoteImagesIn(texts, origins), { allowed }), origins };
}

/** The site validated, and the errors the list of page files shows by itself (two files of one route, a missing translation). */
type Validated = Awaited<ReturnType<typeof validateSiteOnce>> & { routeErrors: SiteError[] };

/** The validate phase for the site (each page is validated by its page job), and the schemas editors check against. */
async function validate(run: Run): Promise<Validated> {
  const { root, inputs, time } = run;
  const scope = {
    routes: new Set(run.routes), publicFiles: inputs.publicFiles, root,
    bundleFiles: inputs.bundles, remoteImages: inputs.remote.images, remoteOrigins: inputs.remote.origins,
  };
  const validated = await time('validate', () => validateSiteOnce({ ...inputs, moduleFile: inputs.compiled.moduleFile, scope, now: run.now, memo: run.cache?.site }));
  // Written even when the content is broken: that is when an editor needs them.
  if (run.output !== 'none') await time('emit', () => emitEditorSchemas(
    root, inputs.compiled.moduleFile, inputs.templates, async (config) => (await integrationHooks()).integrationsOf(config, validated.site, root).hooks,
  ));
  // Only a site in several languages looks at which folder each page is in (run.routes is in pageFiles' order).
  const languages = validated.site?.i18n
    ? translationErrors(validated.site, new Map(run.routes.map((route, index) => [route, toPosix(run.pageFiles[index])])), NOT_FOUND_ROUTE) : [];
  return {
    ...validated, warnings: [...inputs.remote.warnings, ...validated.warnings],
    routeErrors: [...duplicateRouteErrors(run.pageFiles), ...languages, ...inputs.remote.errors],
  };
}

/** What every result of a run carries, whatever it did. */
function resultParts(run: Run) {
  return { outDir: run.outDir, bundle: run.inputs.bundle, publicFiles: run.inputs.publicFiles, timings: run.time.spent };
}

/** The page jobs' common part: where they write, and whether drafts are published. */
function jobOf(run: Run, outDir: string, render: RenderJob['render']): RenderJob {
  return {
    root: run.root, routes: run.routes, publicFiles: [...run.inputs.publicFiles], render, outDir,
    bundleFiles: [...run.inputs.bundles], remote: { images: [...run.inputs.remote.images], origins: run.inputs.remote.origins },
    drafts: run.options.dev ?? false, now: run.now.toISOString(),
  };
}

/**
 * Every page validated and none rendered: `sitegen check`, and a build whose
 * site.yaml is broken (so that every page's errors are reported at once).
 */
async function validateOnly(run: Run, validated: Validated): Promise<BuildResult> {
  const { inputs, time } = run;
  const templates = await inputs.templates();
  const checked = await time('pages', async () => run.render.render(jobOf(run, run.outDir, undefined), templates, renderAll(run.pageFiles)));
  const { integrationsOf } = await integrationHooks();
  const integrations = integrationsOf(templates.config, validated.site, run.root);
  const errors = [...validated.routeErrors, ...validated.errors, ...integrations.errors, ...checked.errors];
  throwIfAny(errors);
  // A site that did not validate has errors: only a check gets here.
  if (!validated.site) throw new SiteErrors(errors);
  const assets = pageAssets(validated.site, inputs.bundle, { dev: run.options.dev });
  const result = buildResult({ ...resultParts(run), site: validated.site, assets, clean: [], warnings: [...validated.warnings, ...checked.warnings] });
  return Object.assign(result, { hooks: integrations.hooks });
}

/** What a run leaves for the build cache to record: its pages, and what they all depend on. */
type CacheRecord = Omit<CacheParts, 'root' | 'kind' | 'outDir'> & { pages: PageEntry[] };

/**
 * The render and emit phases, for a valid site: which pages changed since
 * the cached build (none: the output stays as it is), those rendered into a
 * staging folder beside the output, then the output swapped for it (build)
 * or updated from it (dev). A build with an error writes nothing.
 */
async function planAndPublish(run: Run, validated: Validated, site: SiteInfo): Promise<{ result: BuildResult; record?: CacheRecord }> {
  const { inputs, options } = run;
  const assets = pageAssets(site, inputs.bundle, { dev: options.dev });
  const siteKey = siteKeyOf({ ...inputs, site, templates: inputs.compiled, assets: assets.page, routes: run.routes, dev: options.dev ?? false });
  const record = { siteKey, publicFiles: inputs.publicFiles, site: validated.memo, templates: inputs.compiled, bundle: inputs.bundle };
  const { ledger } = run;
  const valid = validated.routeErrors.length === 0;
  // Every stamp as the cache's key of them says: the output stays as it is, and the pages' entries are read only if asked.
  if (valid && ledger.outputStands(siteKey, inputs.publicFiles, validated.memo)) {
    // Not spread: that would call the result's getters, and read every entry (buildResult asks for them once, if at all).
    const clean = () => ledger.plan(siteKey).clean;
    return { result: Object.assign(buildResult({ ...resultParts(run), site, assets, clean, warnings: validated.warnings, pageCount: run.cache?.routeCount }), { changed: 0 }) };
  }
  // A moved file the load stage has read is judged by the hash it took, not read again. (Without a cache every page
  // is rendered: nothing to wait for.)
  const plan = ledger.plan(siteKey, run.cache ? await run.render.loadedAhead() : undefined);
  if (valid && plan.dirty.length === 0 && ledger.publicStands(inputs.publicFiles)) {
    const result = Object.assign(buildResult({ ...resultParts(run), site, assets, clean: plan.clean, warnings: validated.warnings }), { changed: 0 });
    // Recorded again only when the ledger learnt something: new stamps of unchanged files, or a site validated afresh.
    return { result, record: ledger.learnt(plan, validated.memo) ? { ...record, pages: plan.clean } : undefined };
  }
  const built = await renderAndEmit(run, validated, site, assets, plan);
  return { result: built.result, record: { ...record, pages: built.pages } };
}

/**
 * The render and emit phases, in order, for a build that has pages to render: each a function below, handed what
 * the one before made.
 *
 *   stage      a fresh folder beside the output, the reused pages linked into it
 *   render     the integrations resolved, the dirty pages validated and rendered into it
 *   media      the image variants the pages use
 *   pages      dev: the rendered pages moved into the output at once, when they link nothing it lacks
 *   list       every page in canonical order, with its dates
 *   siteFiles  sitegen's own files: the redirects, the bundle; and the response headers, the site's policy
 *   claim      every output claimed by its writer (output-claims.ts)
 *   hooks      the integrations' files (the host header files among them), then their buildDone, which reads the pages as built
 *   copies     the files beside pages that pages link to
 *   publish    the staging folder swapped in (build) or moved over the output (dev)
 */
async function renderAndEmit(
  run: Run, validated: Validated, site: SiteInfo, assets: SiteAssets, plan: ReusePlan,
): Promise<{ result: BuildResult; pages: PageEntry[] }> {
  const { time } = run;
  const staged = await stagePhase(run, site, plan);
  try {
    const rendered = await renderPhase(run, validated, site, assets, plan, staged);
    const media = await mediaPhase(run, validated, plan, rendered.pages, staged);
    const early = pagesPhase(run, plan, rendered.pages, staged);
    const built = await listPhase(run, plan, rendered.pages, staged.commits);
    const { files, headers } = siteFilesPhase(run, site, assets, built.pages, rendered);
    const { claims, errors: clashes } = claimOutputs(site, built.entries, files, run.inputs.publicFiles, media);
    throwIfAny(clashes);
    const late = await hooksPhase(run, site, built.pages, files, headers, claims, rendered.integrations.hooks, staged);
    const copies = built.entries.flatMap((entry) => entry.copies ?? []);
    if (copies.length > 0) await time('emit', () => emitBundleCopies(run.root, staged.folder, copies, claims));
    const changed = await publishPhase(run, staged, files, [...media.images, ...early?.staged ?? []], late);
    const result = buildResult({
      ...resultParts(run), site, assets, clean: plan.clean, rendered: rendered.pages, files, siteDoc: run.inputs.siteDoc,
      templates: { ...rendered.templates, ...run.inputs.compiled },
      warnings: [...validated.warnings, ...rendered.pages.warnings, ...rendered.integrations.hooks.takeNotices()],
    });
    const watch = [...new Set(rendered.integrations.list.flatMap((integration) => integration.watch ?? []))];
    // The pages moved early count with the rest.
    return { result: { ...result, changed: changed === undefined ? undefined : changed + (early?.moved ?? 0), ...(watch.length > 0 ? { watch } : {}) }, pages: built.entries };
  } finally {
    // Gone already when it was swapped in or moved over; left behind only by an error.
    await discardStaging(staged.folder);
  }
}

type Staged = { folder: string; cleanFiles: () => string[]; update: boolean; commits: Promise<Map<string, string>> };

/** stage: a fresh folder beside the output (a build's with public/ copied in), the reused pages' files linked into it. */
async function stagePhase(run: Run, site: SiteInfo, plan: ReusePlan): Promise<Staged> {
  const { root, outDir, inputs, time, options } = run;
  // A warm build updates the output in place (unless --atomic), as dev's rebuilds do; a cold one swaps a whole folder in.
  const update = run.output === 'update' || (run.output === 'auto' && plan.clean.length > 0 && existsSync(outDir));
  // The pages' dates (page.updated, the sitemap's lastmod): one git call, started with the inputs. dev uses the files' times.
  const commits = options.dev ? Promise.resolve(new Map<string, string>()) : (inputs.commits ??= commitDates(root));
  const folder = await time('emit', () => stageSite(root, outDir, update ? [] : inputs.publicFiles));
  // A clean list page brings its pages and its feeds; any other clean page its one file. An update asks only when it
  // publishes, after dev has served the rendered pages.
  let clean: string[] | undefined;
  const cleanFiles = () => (clean ??= [
    ...plan.clean.filter((entry) => !entry.list).flatMap((entry) => [outputPathOf(entry.page.route, site.trailingSlash), ...entry.derived ?? []]),
    ...new Set(plan.clean.flatMap((entry) => entry.list?.files ?? [])),
  ]);
  if (!update) linkFiles(outDir, folder, cleanFiles());
  return { folder, cleanFiles, update, commits };
}

/** render: the site's integrations resolved (wrong options reported before any page renders), then the plan's dirty pages. */
async function renderPhase(run: Run, validated: Validated, site: SiteInfo, assets: SiteAssets, plan: ReusePlan, staged: Staged) {
  const templates = await run.inputs.templates();
  const hooksModule = await integrationHooks();
  // The site's integrations (sitegen.config.ts, and the built-in ones), and what they make of the site once for every
  // page: the sources they add to the policy, the settings of their browser code.
  const integrations = hooksModule.integrationsOf(templates.config, site, run.root);
  const errors = [...integrations.errors];
  const view = hooksModule.integrationSite(site);
  const sources = integrations.hooks.csp(view, errors);
  const client = integrations.hooks.client(view, assets.page.clients ?? {}, errors);
  if (errors.length > 0) throwIfAny([...validated.routeErrors, ...validated.errors, ...errors]);
  const job = jobOf(run, staged.folder, { site, assets: client ? { ...assets.page, client } : assets.page, commits: Object.fromEntries(await staged.commits) });
  const pages = await run.time('pages', async () => run.render.render(job, templates, plan));
  throwIfAny([...validated.routeErrors, ...validated.errors, ...pages.errors]);
  return { pages, templates, integrations, hooksModule, sources };
}

type Rendered = Awaited<ReturnType<typeof renderPhase>>;

/** media: the variants of every image the site and its pages use; the files they wrote. */
async function mediaPhase(run: Run, validated: Validated, plan: ReusePlan, rendered: RenderedShares, staged: Staged) {
  const entries = [...plan.clean, ...rendered.built];
  // An update in place (a warm build, dev): what the output holds already (named by its content) is not copied again.
  const published = staged.update ? run.outDir : undefined;
  const images = await run.time('emit', () => emitImageVariants(run.root, staged.folder, [...validated.images, ...entries.flatMap((entry) => entry.images ?? [])], run.warn, published));
  return { images: images.files };
}

/**
 * pages (dev's rebuilds only): the rendered pages moved into the output before the site-wide files are made, when
 * they link nothing the output lacks: the site key held (the same assets; some page was reused), and no page
 * rendered copies a file of its bundle (those are copied later). The site-wide files follow with the rest. A later
 * step that fails (two writers of one path, an integration's error) leaves these pages served with the last
 * good site-wide files, and dev shows the error.
 */
function pagesPhase(run: Run, plan: ReusePlan, rendered: RenderedShares, staged: Staged): { staged: string[]; moved: number } | undefined {
  if (!run.options.dev || !staged.update || plan.clean.length === 0 || rendered.built.some((entry) => (entry.copies?.length ?? 0) > 0)) return undefined;
  const published = publishRenderedPages(staged.folder, run.outDir);
  if (published.moved > 0) run.options.onPagesServed?.();
  return published;
}

/**
 * list: every page in one order whatever was reused, so that a warm build's site-wide files (the sitemap, llms.txt,
 * the feeds' inputs) list the pages as a cold build's do, however many threads rendered them; each with its dates.
 */
async function listPhase(run: Run, plan: ReusePlan, rendered: RenderedShares, commits: Promise<Map<string, string>>) {
  const entries = inCanonicalOrder(plan.clean, rendered.built, run.pageFiles);
  // A page's stamp starts with its file's modification time (files.ts stampOf).
  const mtimes = new Map(entries.map(({ page, stamp }) => [page.file, Number.parseFloat(stamp)] as const).filter(([, time]) => Number.isFinite(time)));
  const lastmod = await contentDates(run.root, pageNamesOf(run.pageFiles), (file) => mtimes.get(file), commits);
  const pages = entries.map(({ page, derived }) => ({ ...page, lastmod: lastmod.get(page.file), ...(derived ? { derived } : {}) }));
  return { entries, pages };
}

type ListedPage = Awaited<ReturnType<typeof listPhase>>['pages'][number];

/**
 * siteFiles: the redirects, the not-found page, the bundle; and the response headers with the policy the pages and
 * integrations need, which the integrations' `files` hook is handed (the built-in headers integration writes them).
 */
function siteFilesPhase(run: Run, site: SiteInfo, assets: SiteAssets, pages: readonly ListedPage[], rendered: Rendered) {
  // The policy: the integrations' sources, and the hashes of the inline code they put in heads.
  const inline = { scripts: [...new Set(pages.flatMap((page) => page.inline?.scripts ?? []))], styles: [...new Set(pages.flatMap((page) => page.inline?.styles ?? []))] };
  // The origins the site's components frame join frame-src; each page that uses none of them closes it again (render/component-frames.ts).
  const sources = { ...rendered.sources };
  const framed = framingOf(rendered.templates.markdown).origins;
  if (framed.length > 0) sources.frame = [...new Set([...sources.frame ?? [], ...framed])];
  return { files: siteFiles(site, pages, run.inputs.bundle.files), headers: siteHeaders(site, assets.inlineScriptHashes, { sources, inline }) };
}

/**
 * hooks: the integrations' files from the list of pages (with robots.txt's lines and the response headers), then their step after the build,
 * which reads the pages as built; each path claimed as it is given.
 */
async function hooksPhase(
  run: Run, site: SiteInfo, pages: readonly ListedPage[], files: OutputFiles, headers: readonly HeaderRule[], claims: OutputClaims,
  hooks: Rendered['integrations']['hooks'], { folder, update }: Staged,
): Promise<string[]> {
  const { outDir, time } = run;
  const { integrationPages, integrationSite } = await integrationHooks();
  const context = { site: integrationSite(site), pages: integrationPages(site, pages) };
  const errors: SiteError[] = [];
  const { files: added, owners } = await time('emit', () => hooks.files({ ...context, robots: hooks.robots(context, errors), headers }, claims.ownerOf, errors));
  throwIfAny(errors);
  for (const [file, contents] of added) files.set(file, contents);
  for (const [file, owner] of owners) claims.claim(file, owner);
  const late = await time('emit', () => hooks.buildDone({
    ...context,
    read: (page) => readFile(existsSync(path.join(folder, page.file)) ? path.join(folder, page.file) : path.join(outDir, page.file), 'utf8'),
    // An update in place stages only what it rendered; a swap has every file of the site staged.
    readOutput: (file) => readOutputFile(file, files, update ? [folder, outDir] : [folder]),
    outputSize: (file) => outputSizeOf(file, files, update ? [folder, outDir] : [folder]),
  }, folder, claims.ownerOf, errors));
  throwIfAny(errors);
  for (const [file, owner] of late) claims.claim(file, owner);
  return [...late.keys()];
}

/**
 * publish: the staging folder swapped in for the output (a cold build, or --atomic), or what changed moved into it
 * in place (a warm build, dev), the site-wide files (`files`, and what buildDone hooks wrote: `late`) after the
 * pages; how many files changed (in place).
 */
async function publishPhase(
  run: Run, staged: Staged, files: OutputFiles, media: readonly string[], late: readonly string[],
): Promise<number | undefined> {
  const { root, outDir, inputs, time } = run;
  // The media an update found in the output already (mediaPhase) stay, as the reused pages' files do.
  if (staged.update) {
    // dev's folder is its own (the next session builds it again): its rebuilds need no journal.
    const journal = !run.options.dev;
    return time('emit', () => updateSite(root, staged.folder, outDir, files, inputs.publicFiles, [...staged.cleanFiles(), ...media], [...files.keys(), ...late], { journal }));
  }
  await time('emit', () => emitSite(staged.folder, outDir, files));
  return undefined;
}

/**
 * The pages of a build in the order of their content files (content/pages/ in code-unit order, then the pages
 * integrations made), and the several pages one file makes (a list's /news, /news/2 … /news/10) by route, numbers
 * compared as numbers.
 */
function inCanonicalOrder(clean: readonly PageEntry[], rendered: readonly PageEntry[], pageFiles: readonly string[]): PageEntry[] {
  const place = new Map(pageNamesOf(pageFiles).map((file, index) => [file, index]));
  const rank = (entry: PageEntry) => place.get(entry.page.file) ?? pageFiles.length;
  // Routes are compared only within one file (a list's pages), which few pages are: the keys are made then.
  const compare = (a: PageEntry, b: PageEntry) => rank(a) - rank(b) || byCodeUnit(routeKey(a.page.route), routeKey(b.page.route));
  // The reused pages come as the last build saved them, in this order already: checked, not sorted again. The few
  // rendered ones are sorted and merged in.
  const kept = clean.every((entry, index) => index === 0 || compare(clean[index - 1], entry) <= 0) ? clean : [...clean].sort(compare);
  const fresh = [...rendered].sort(compare);
  const merged: PageEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < fresh.length) {
    if (j >= fresh.length || (i < kept.length && compare(kept[i], fresh[j]) <= 0)) merged.push(kept[i++]);
    else merged.push(fresh[j++]);
  }
  return merged;
}

/** A route with each run of digits padded, so that code-unit order puts /news/2 before /news/10. */
function routeKey(route: string): string {
  return route.replace(/\d+/g, (digits) => digits.padStart(12, '0'));
}

/** A file of the build by its path in the output: one the emit stage is about to write, else as staged, else as the last build left it. */
async function readOutputFile(file: string, pending: OutputFiles, folders: readonly string[]): Promise<string | undefined> {
  const name = file.replace(/^\/+/, '');
  if (name.split('/').includes('..')) return undefined;
  const written = pending.get(name);
  if (typeof written === 'object' && 'copy' in written) return readFile(written.copy, 'utf8');
  if (written !== undefined) return typeof written === 'string' ? written : Buffer.from(written).toString('utf8');
  for (const folder of folders) {
    try {
      return await readFile(path.join(folder, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}

/**
 * The size in bytes of a file of the build, found as readOutputFile finds it, without reading it. A stat through the
 * thread pool costs a round trip of its own, and llms.txt asks for hundreds in turn (each twin until they pass
 * llms-full.txt's limit): synchronous, they take 2 ms rather than 70.
 */
async function outputSizeOf(file: string, pending: OutputFiles, folders: readonly string[]): Promise<number | undefined> {
  const name = file.replace(/^\/+/, '');
  if (name.split('/').includes('..')) return undefined;
  const written = pending.get(name);
  if (typeof written === 'object' && 'copy' in written) return statSync(written.copy).size;
  if (written !== undefined) return typeof written === 'string' ? Buffer.byteLength(written) : written.byteLength;
  for (const folder of folders) {
    const info = statSync(path.join(folder, name), { throwIfNoEntry: false });
    if (info?.isFile()) return info.size;
  }
  return undefined;
}

/** The run's stopwatch: times async work by stage name; `spent` holds the milliseconds per stage (stages that overlap each count in full). */
function stopwatch(onStage?: StageListener) {
  const spent: Record<string, number> = {};
  const time = async <T>(stage: string, work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    onStage?.(stage, 'start');
    try {
      return await work();
    } finally {
      spent[stage] = (spent[stage] ?? 0) + performance.now() - start;
      onStage?.(stage, 'end');
    }
  };
  return Object.assign(time, { spent });
}
