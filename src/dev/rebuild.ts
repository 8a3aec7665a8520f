/**
 * `sitegen dev`'s rebuild: the same stages as a build (load, validate,
 * render, bundle, emit), limited to what a batch of changed files affects,
 * applied to the last good build in dev's own folder (never dist/).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SiteErrors, type SiteError } from '../errors.ts';
import { DATA_DIR, PAGES_DIR, SITE_FILE, duplicateRouteErrors, isDataFile, isPageFile, readDataFiles, readPageFile, readSiteFile, routeOf } from '../load/content-files.ts';
import type { RawContent } from '../model.ts';
import { listPublicFiles } from '../load/public-files.ts';
import { validateContent } from '../validate/validate.ts';
import { compileTemplates } from '../render/compile-templates.ts';
import { pageAssets } from '../render/page-assets.ts';
import { renderPages } from '../render/render-pages.ts';
import { outputPathOf } from '../output-path.ts';
import { itemOf, summaryOf } from '../render/collection-item.ts';
import { bundleIslands } from '../bundle/bundle-islands.ts';
import { emitEditorSchemas } from '../emit/editor-schemas.ts';
import { emitImageVariants } from '../emit/image-variants.ts';
import { renderSiteFiles } from '../emit/site-files.ts';
import { copyPublicFiles, emitFiles } from '../emit/staging.ts';
import type { BuildResult } from '../build-result.ts';
import type { PageModel, PageSummary } from '../model.ts';

/** Whether a changed path (relative to the root) is content that `build` reads too. */
export function isContentPath(file: string): boolean {
  return file === SITE_FILE || file.startsWith(`${PAGES_DIR}/`) && isPageFile(file.slice(PAGES_DIR.length + 1))
    || isDataPath(file);
}

const isDataPath = (file: string) => file.startsWith(`${DATA_DIR}/`) && isDataFile(file.slice(DATA_DIR.length + 1));

/** Applies a batch of changed files to the last good build; returns how many output files changed. */
export async function rebuildChanged(
  root: string, outDir: string, state: BuildResult, brokenFiles: Map<string, SiteError>, changed: string[],
): Promise<number> {
  const touchesBundle = changed.some((file) => /^templates\/(islands|styles)\//.test(file));
  const templateFiles = changed.filter((file) => file.startsWith('templates/') && !/^templates\/(islands|styles)\//.test(file));
  const publicChanged = changed.filter((file) => file.startsWith('public/'));
  const contentChanged = changed.filter(isContentPath);

  const next: BuildResult = { ...state };
  // A dev build always renders, so its templates are loaded; after a template change they are compiled again.
  const templates = templateFiles.length || !state.templates ? await compileTemplates(root) : state.templates;
  next.templates = templates;
  // In the background: the page the editor is looking at should not wait for the schemas of their editor.
  if (templateFiles.length) void emitEditorSchemas(root, templates.moduleFile, async () => templates).catch((error) => console.warn(`could not write .sitegen/schemas: ${error}`));
  if (touchesBundle) next.bundle = await bundleIslands(root);
  if (publicChanged.length) next.publicFiles = await listPublicFiles(root);

  const raw = reloadContent(root, state, brokenFiles, contentChanged);
  const scope = { routes: new Set(raw.routes), publicFiles: next.publicFiles, root };
  const { model, errors, notes } = validateContent(raw, templates, scope);
  if (errors.length || !model) throw new SiteErrors(errors);
  next.model = model;
  next.warnings = notes.warnings;
  await emitImageVariants(root, outDir, notes.images);
  next.assets = pageAssets(model.site, next.bundle, { dev: true });

  const layoutChanged = templateFiles.some((file) => templates.layoutDependencies.includes(file));
  // A changed site model (site.yaml, or a local file its schema reads such as the login key) changes every page.
  const siteChanged = JSON.stringify(model.site) !== JSON.stringify(state.model.site);
  const everything = touchesBundle || layoutChanged || siteChanged;
  // A data file is the site model's (site.data): when it changed, so did the site, and every page with it.
  const changedRoutes = new Set(contentChanged.filter((file) => file !== SITE_FILE && !isDataPath(file)).map((file) => routeOf(file.slice(PAGES_DIR.length + 1))));
  // A page whose validated data moved though its file did not: an image replaced under the same name (its size,
  // its variants' hash), a local file its schema reads.
  const before = new Map(state.model.pages.map((page) => [page.info.route, JSON.stringify(page.data)]));
  const dataMoved = (page: PageModel) => before.get(page.info.route) !== JSON.stringify(page.data);
  // A page's canonical is a changed route when it is a copy of that page (copyOf): it shows the changed content.
  const pages = everything ? model.pages : model.pages.filter((page) =>
    changedRoutes.has(page.info.route) || changedRoutes.has(page.info.canonical) || dataMoved(page)
    || templateFiles.some((file) => templates.dependencies[page.info.template]?.includes(file))
    // A list page shows other pages' titles and dates: any content change may change it.
    || contentChanged.length > 0 && templates.pages[page.info.template]?.collection !== undefined);

  // dev shows drafts too (marked as such), so they are in its collections.
  const rendered = renderPages(pages, templates, model.site, next.assets.page, root, model.pages.map((page) => itemOf(page.info)));
  if (rendered.errors.length) throw new SiteErrors(rendered.errors);
  next.islands = new Map([...state.islands, ...rendered.islands]);
  next.pages = routedPages(model.pages, state.pages, rendered.routes, next.islands);
  const files: Map<string, string | Uint8Array> = rendered.files;
  for (const [name, contents] of renderSiteFiles(model.site, next.pages, next.assets.inlineScriptHashes)) files.set(name, contents);
  if (touchesBundle) for (const [url, contents] of next.bundle.files) files.set(url.slice(1), contents);

  const writes = new Map([...files].filter(([name, contents]) => !sameContents(state.files.get(name), contents)));
  await emitFiles(outDir, writes);
  next.files = new Map([...state.files, ...files]);
  // Pages that left the site, and list pages a shorter collection no longer needs.
  const routes = new Set(next.pages.map((page) => page.route));
  for (const route of state.pages.map((page) => page.route)) {
    if (!routes.has(route)) {
      const file = outputPathOf(route, model.site.trailingSlash);
      await rm(path.join(outDir, file), { force: true });
      next.files.delete(file);
    }
  }
  for (const file of publicChanged) {
    const url = file.slice('public'.length);
    if (next.publicFiles.has(url)) await copyPublicFiles(root, [url], outDir);
    else await rm(path.join(outDir, url), { force: true });
  }
  Object.assign(state, next);
  return writes.size + publicChanged.length;
}

/**
 * Every route of the site after a rebuild: one per page file, and a list
 * page's every route (/news, /news/2, …): as just rendered, or as the last
 * build left them when it was not rendered again.
 */
function routedPages(
  models: readonly PageModel[], before: readonly PageSummary[], rendered: ReadonlyMap<string, string[]>, islands: ReadonlyMap<string, string[]>,
): PageSummary[] {
  return models.flatMap(({ info }) => {
    const earlier = before.filter((page) => page.file === info.file).map((page) => page.route);
    const routes = rendered.get(info.route) ?? (earlier.length ? earlier : [info.route]);
    return routes.map((route) => summaryOf(info, route, islands.get(route) ?? []));
  });
}

/**
 * The raw content with the changed files re-read. A file that no longer
 * parses leaves the model (not the last good version of itself) and keeps its
 * error until it is fixed, so later rebuilds never use a stale copy.
 */
function reloadContent(root: string, state: BuildResult, brokenFiles: Map<string, SiteError>, changed: string[]): RawContent {
  const docs = state.rawDocs;
  for (const file of changed) {
    // The data files are read again as a whole, below: a few small files, and their errors stay until fixed.
    if (isDataPath(file)) continue;
    brokenFiles.delete(file);
    try {
      docs.set(file, file === SITE_FILE ? readSiteFile(root) : readPageFile(root, file.slice(PAGES_DIR.length + 1)).doc);
    } catch (error) {
      docs.delete(file);
      // A deleted file simply leaves the site; anything else keeps its error until it is fixed.
      if ((error as SiteError).code !== 'missing-file') brokenFiles.set(file, error as SiteError);
    }
  }
  const pageFiles = [...docs.keys(), ...brokenFiles.keys()].filter((file) => file !== SITE_FILE);
  const data = readDataFiles(root);
  return {
    site: docs.get(SITE_FILE),
    data: data.docs,
    pages: [...docs.values()].filter((doc) => doc.route !== undefined).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    routes: pageFiles.map((file) => routeOf(file.slice(PAGES_DIR.length + 1))),
    errors: [...data.errors, ...brokenFiles.values(), ...duplicateRouteErrors(pageFiles.map((file) => file.slice(PAGES_DIR.length + 1)))],
  };
}

function sameContents(before: string | Uint8Array | undefined, after: string | Uint8Array): boolean {
  if (before === undefined) return false;
  if (typeof before === 'string' || typeof after === 'string') return before === after;
  return Buffer.compare(Buffer.from(before), Buffer.from(after)) === 0;
}
