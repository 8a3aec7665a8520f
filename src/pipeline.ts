/**
 * The build, top to bottom: load → validate → render → bundle → emit. Each
 * stage is a function of its own folder; this file only orders them (and
 * overlaps what can run at once: pages load while the templates compile and
 * the islands bundle). Workers and the reuse of unchanged pages are options
 * of the render stage; `dev` and `check` call the same stages.
 */
import path from 'node:path';
import { PAGES_DIR, duplicateRouteErrors, listPageFiles, noPagesError, readDataFiles, readSiteFile, routeOf } from './load/content-files.ts';
import { imagesStampOf, listPublicFiles } from './load/public-files.ts';
import { validateSiteOnce } from './validate/site-memo.ts';
import { prepareTemplates, loadTemplates } from './render/compile-templates.ts';
import { preloadVendorModules } from './render/vendor.ts';
import { pageAssets } from './render/page-assets.ts';
import { siteKeyOf } from './render/page-reuse.ts';
import { startRender } from './pipeline/render-stage.ts';
import { bundleIslands } from './bundle/bundle-islands.ts';
import { discardStaging, emitSite, linkFiles, linkOutputs, stageSite } from './emit/staging.ts';
import { siteFiles } from './emit/site-files.ts';
import { commitDates, contentDates } from './emit/content-dates.ts';
import { readCache, saveBuildCache, type CacheKind } from './build-cache.ts';
import { emitEditorSchemas } from './emit/editor-schemas.ts';
import { emitImageVariants } from './emit/image-variants.ts';
import { throwIfAny } from './errors.ts';
import { buildResult, stopwatch, type BuildOptions, type BuildResult } from './build-result.ts';
import type { SiteTemplates } from './model.ts';
import { toPosix } from './files.ts';

export type { BuildOptions, BuildResult };

/** Pages up to which a build keeps every page's data and HTML in its result (tests read them); larger ones reuse pages. */
const KEEP_IN_MEMORY_UP_TO = 500;

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root, outDir = path.join(root, 'dist'), now = new Date(), cache: useCache = true } = options;
  const time = stopwatch(options.onStage);
  const kind: CacheKind = options.dev ? 'dev' : 'build';
  const cache = useCache ? readCache(root, kind) : undefined;
  // A build without a cache renders every page: its shared modules can load while esbuild works.
  if (!cache) preloadVendorModules();
  const pageFiles = await time('load', () => listPageFiles(root));
  if (pageFiles.length === 0) throw noPagesError();
  const keep = options.keep ?? pageFiles.length <= KEEP_IN_MEMORY_UP_TO;
  const routes = pageFiles.map(routeOf);
  const duplicates = duplicateRouteErrors(pageFiles);
  const render = await startRender({ root, outDir, pageFiles, reuseFrom: keep ? undefined : cache, threads: options.parallel === false ? 1 : options.threads });
  let staging: string | undefined;
  try {
    const [siteDoc, data, publicFiles, compiled, bundle] = await Promise.all([
      time('load', () => readSiteFile(root)),
      time('load', () => readDataFiles(root)),
      time('load', () => listPublicFiles(root)),
      time('templates', () => prepareTemplates(root, cache?.templates)),
      time('bundle', () => bundleIslands(root, cache?.bundle)),
    ]);
    let loaded: Promise<SiteTemplates> | undefined;
    const templates = () => (loaded ??= time('templates', () => loadTemplates(compiled.moduleFile)));
    const scope = { routes: new Set(routes), publicFiles, root };
    const imagesStamp = imagesStampOf(root, publicFiles);
    const validated = await time('validate', () => validateSiteOnce({ siteDoc, data, moduleFile: compiled.moduleFile, scope, now, templates, memo: cache?.site, imagesStamp }));
    const { site } = validated;
    // Written even when the content is broken: that is when an editor needs them.
    await time('emit', () => emitEditorSchemas(root, compiled.moduleFile, templates));
    const assets = site && pageAssets(site, bundle, { dev: options.dev });
    const siteKey = siteKeyOf({ siteDoc, site, templates: compiled, assets: assets?.page, routes, publicFiles, dev: options.dev ?? false, imagesStamp });
    const { clean, dirty, restamped } = render.plan(siteKey);
    const cacheParts = { root, kind, outDir, siteKey, publicFiles, site: validated.memo, templates: compiled, bundle };
    if (site && duplicates.length === 0 && dirty.length === 0 && saveBuildCache.unchangedSince(cache, cacheParts)) {
      if (restamped || cache?.site?.key !== validated.memo?.key) saveBuildCache(cacheParts, clean);
      return buildResult({ outDir, site, bundle, publicFiles, assets: assets!, clean, rendered: undefined, warnings: validated.warnings, timings: time.spent });
    }

    // The sitemap's dates: one git call, running while the pages render.
    const commits = commitDates(root);
    staging = await time('emit', () => stageSite(root, outDir, publicFiles));
    // A clean list page brings its pages and its feeds; any other clean page its one file.
    linkOutputs(outDir, staging, clean.filter((entry) => !entry.list).map((entry) => entry.page.route), site?.trailingSlash);
    linkFiles(outDir, staging, [...new Set(clean.flatMap((entry) => entry.list?.files ?? []))]);
    // With a broken site.yaml the pages are still validated (not rendered), so every error is reported at once.
    const job = { root, routes, publicFiles: [...publicFiles], site: site!, assets: assets?.page!, outDir: staging, render: Boolean(site), keep, drafts: options.dev ?? false, now: now.toISOString() };
    const rendered = await time('pages', async () => render.render(job, await templates(), dirty, clean.map((entry) => entry.page)));
    throwIfAny([...duplicates, ...validated.errors, ...rendered.errors]);
    const pageImages = [...clean, ...rendered.built].flatMap((entry) => entry.images ?? []);
    await time('emit', () => emitImageVariants(root, staging!, [...validated.images, ...pageImages]));

    const built = [...clean, ...rendered.built];
    // A page's stamp starts with its file's modification time (files.ts stampOf).
    const mtimes = new Map(built.map(({ page, stamp }) => [page.file, Number.parseFloat(stamp)] as const).filter(([, time]) => Number.isFinite(time)));
    const lastmod = await contentDates(root, pageFiles.map((file) => `${PAGES_DIR}/${toPosix(file)}`), (file) => mtimes.get(file), commits);
    const pages = built.map(({ page }) => ({ ...page, lastmod: lastmod.get(page.file) }));
    const files = siteFiles(site!, pages, assets!.inlineScriptHashes, bundle.files);
    await time('emit', () => emitSite(staging!, outDir, files));
    staging = undefined;
    if (useCache) saveBuildCache(cacheParts, keep ? [] : [...clean, ...rendered.built]);
    return buildResult({
      outDir, site: site!, bundle, publicFiles, assets: assets!, clean, rendered, files, siteDoc, templates: { ...await templates(), ...compiled },
      warnings: [...validated.warnings, ...rendered.warnings], timings: time.spent,
    });
  } finally {
    render.close();
    if (staging) await discardStaging(staging);
  }
}
