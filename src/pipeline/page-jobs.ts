/**
 * One share of a site's pages through the per-page stages, in the thread
 * that loaded it: validate (src/validate/), render (./render-pages.ts), and
 * write into the staging folder (src/emit/staging.ts). The render stage runs
 * it on the main thread, and on worker threads for large sites
 * (./worker-pool.ts). Jobs hold only what can cross a thread: file lists,
 * the validated site, asset URLs, a module path.
 */
import { toRecord, type ErrorRecord, type SiteError } from '../errors.ts';
import { writeOutputs } from '../emit/staging.ts';
import type { LoadedPages } from '../load/load-pages.ts';
import type { RawDoc } from '../model.ts';
import type { PageEntry } from '../cache/build-cache.ts';
import { PAGES_DIR } from '../paths.ts';
import type { PageAssets, PageModel, SiteInfo, SiteTemplates } from '../model.ts';
import { validateFor, validatePage, type ValidationScope } from '../validate/validate.ts';
import { renderPages } from '../render/render-pages.ts';
import { summaryOf } from '../render/collection-item.ts';
import { useIntegrationMarkdown } from '../markdown/markdown-extensions.ts';
import { integrationsOf } from './integrations.ts';

export interface RenderJob {
  root: string;
  /** Every route of the site, for link checks. */
  routes: string[];
  publicFiles: string[];
  /** The files beside the pages (their bundles): address → path from the root. */
  bundleFiles: [string, string][];
  /** The remote images the build fetched, and the origins site.yaml allows: see ValidationScope. */
  remote: { images: [string, string][]; origins: string[] };
  /**
   * What rendering needs: the validated site and its assets. Absent when the pages are only validated: site.yaml is
   * broken (their errors are reported too), or `sitegen check` writes nothing.
   */
  render?: { site: SiteInfo; assets: PageAssets; commits?: Record<string, string> };
  /** The staging folder the HTML is written into. */
  outDir: string;
  /** Keep documents, models and HTML in memory for the caller (small builds). */
  /** Render pages marked `draft: true`, and those dated after `now` (sitegen dev); a build leaves them out. */
  drafts: boolean;
  /** The build's moment (ISO 8601): a page dated after it is scheduled. */
  now: string;
}

export interface PageJobResult {
  pages: PageEntry[];
  errors: ErrorRecord[];
  warnings: string[];
  /**
   * Pages whose template lists a collection: rendered once every page's summary is known (./render-stage.ts),
   * with what the cache records of their file.
   */
  deferred?: { model: PageModel; stamp: string; hash: string }[];
  /** A build's drafts (left out) and, by file, the routes each published page links to: a link to a draft is an error. */
  drafts?: { routes: string[]; links: Record<string, string[]> };
}

/** Validates, renders and writes a loaded share, or only the files of `only` (paths under content/pages/) in it. */
export function renderShare(share: LoadedPages, job: RenderJob, templates: SiteTemplates, only?: ReadonlySet<string>): PageJobResult {
  const errors: SiteError[] = [...share.errors];
  const warnings: string[] = [];
  const images = new Map<string, string[]>();
  const copies = new Map<string, string[]>();
  const scope = scopeOf(job);
  const models: PageModel[] = [];
  const volatile = new Set<string>();
  const links: Record<string, string[]> = {};
  const wanted = (doc: RawDoc) => !only || only.has(doc.file.slice(PAGES_DIR.length + 1));
  const now = new Date(job.now);
  // The integrations' Markdown extensions: the bodies, converted ahead while the templates loaded, are converted again with them.
  // An integration's fault names its files from the site root, on this thread as on the main one.
  const { hooks } = integrationsOf(templates.config, job.render?.site, job.root);
  const markdown = hooks.markdown();
  useIntegrationMarkdown(markdown);
  if (markdown.length > 0) for (const doc of share.docs) if (doc.kind === 'markdown') doc.html = undefined;
  for (const doc of share.docs.filter(wanted)) {
    const notes = { localFiles: [], warnings, links: [] as string[], images: [] as string[], copies: [] as string[] };
    const model = validatePage(doc, templates, scope, errors, notes, now);
    if (model && job.render) model.info.updated = updatedOf(doc.file, job.render.commits, share.sources.get(doc.file)?.stamp);
    if (notes.localFiles.length > 0) volatile.add(doc.file);
    if (model && !model.info.draft && notes.links.length > 0) links[doc.file] = notes.links;
    if (notes.images.length > 0) images.set(doc.file, [...new Set(notes.images)]);
    if (notes.copies.length > 0) copies.set(doc.file, [...new Set(notes.copies)]);
    if (model) models.push(model);
  }
  // A build with any error writes nothing, so rendering would be wasted.
  if (errors.length > 0 || !job.render) return { pages: [], errors: errors.map(toRecord), warnings, drafts: draftsOf(job, models, links) };

  const published = job.drafts ? models : models.filter((model) => !model.info.draft);
  const isList = (model: PageModel) => templates.pages[model.info.template]?.collection !== undefined;
  const ready = published.filter((model) => !isList(model));
  const rendered = renderPages(ready, templates, job.render.site, job.render.assets, job.root, { routes: scope.routes });
  errors.push(...rendered.errors);
  const html = rendered.files;
  const pages: PageEntry[] = ready.map(({ info }) => ({
    page: summaryOf(info, info.route, rendered.islands.get(info.route) ?? [], rendered.inline.get(info.route), rendered.previews.get(info.route)),
    ...share.sources.get(info.file)!, ...(volatile.has(info.file) ? { volatile: true } : {}),
    ...(images.has(info.file) ? { images: images.get(info.file) } : {}),
    ...(copies.has(info.file) ? { copies: copies.get(info.file) } : {}),
    ...(rendered.derived.has(info.route) ? { derived: rendered.derived.get(info.route) } : {}),
  }));
  const deferred = published.filter(isList).map((model) => ({ model, ...share.sources.get(model.info.file)! }));
  if (errors.length === 0) writeOutputs(job.outDir, html);
  warnings.push(...hooks.takeNotices());
  return {
    pages, errors: errors.map(toRecord), warnings, deferred,
    drafts: draftsOf(job, models, links),
  };
}

/** A page's last change: its file's last commit, else the modification time its stamp starts with (files.ts stampOf). */
function updatedOf(file: string, commits: Record<string, string> | undefined, stamp: string | undefined): string | undefined {
  const committed = commits?.[file];
  if (committed) return new Date(committed).toISOString();
  const time = stamp === undefined ? Number.NaN : Number.parseFloat(stamp);
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

/** A build's drafts and the links to them (dev shows drafts, so a link to one is fine there). */
function draftsOf(job: RenderJob, models: readonly PageModel[], links: Record<string, string[]>): PageJobResult['drafts'] {
  return job.drafts ? undefined : { routes: models.filter((model) => model.info.draft).map((model) => model.info.route), links };
}

/**
 * What link checks look routes and public files up in: made once per job,
 * not per batch (a 20,000-page site has 400 batches and 20,000 routes).
 */
const scopes = new WeakMap<RenderJob, ValidationScope>();
function scopeOf(job: RenderJob): ValidationScope {
  let scope = scopes.get(job);
  if (!scope) {
    scopes.set(job, scope = {
      routes: new Set(job.routes), publicFiles: new Set(job.publicFiles), root: job.root,
      bundleFiles: new Map(job.bundleFiles), remoteImages: new Map(job.remote.images), remoteOrigins: job.remote.origins,
    });
  }
  return scope;
}

/** Adds a later batch's result to a thread's result, in place (a thread renders its pages batch by batch). */
export function appendResult(into: PageJobResult, more: PageJobResult): void {
  into.pages.push(...more.pages);
  into.errors.push(...more.errors);
  into.warnings.push(...more.warnings);
  (into.deferred ??= []).push(...more.deferred ?? []);
  if (more.drafts) {
    into.drafts ??= { routes: [], links: {} };
    into.drafts.routes.push(...more.drafts.routes);
    Object.assign(into.drafts.links, more.drafts.links);
  }
}

/**
 * Renders what a thread loaded ahead, then takes the rest batch by batch,
 * loading and rendering each at once: a page's data then dies young, which
 * the garbage collector finds cheap, and no thread waits for another while
 * pages are left. After a batch with errors the rest are only validated
 * (a build with an error writes nothing), so every error is still reported.
 *
 * `send`, in a worker: each batch's result goes to the main thread as soon
 * as it is made, and the worker keeps nothing of it; what is returned is
 * the last batch's. A worker's heap then holds one batch at a time, whatever
 * the site's size, and can be held small (worker-pool.ts).
 */
export function renderQueue(
  loaded: LoadedPages, job: RenderJob, templates: SiteTemplates, only: ReadonlySet<string>, next: () => LoadedPages | undefined,
  send?: (part: PageJobResult) => void,
): PageJobResult {
  validateFor(job.routes.length);
  let result = renderShare(loaded, job, templates, only);
  let failed = result.errors.length > 0;
  const validateOnly = { ...job, render: undefined };
  for (let share = next(); share; share = next()) {
    const more = renderShare(share, failed ? validateOnly : job, templates, only);
    failed ||= more.errors.length > 0;
    if (send) {
      send(result);
      result = more;
    } else {
      appendResult(result, more);
    }
  }
  return result;
}
