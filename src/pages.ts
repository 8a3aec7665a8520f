/**
 * The per-page part of a build, for one share of the content files, in two
 * phases. Loading (read, parse, resolve copies, Markdown to HTML) needs no
 * templates, so it runs while esbuild compiles them; rendering (validate,
 * render, write) follows once the templates and the site are ready. The
 * main thread runs both for small sites; for large ones src/parallel.ts
 * gives shares to worker threads as well. Jobs hold only what can cross a
 * thread: file lists, the validated site, asset URLs, a module path.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { markdownToHtml } from './markdown.ts';
import { parseContentFile, routeOf, type RawDoc } from './load.ts';
import { copyTargetOf, resolveCopy, validatePage, type PageModel } from './validate.ts';
import { renderPages } from './render.ts';
import { writeOutputs } from './emit.ts';
import { SiteError, toRecord, type ErrorRecord } from './errors.ts';
import { contentHash, stampOf } from './cache.ts';
import type { PageAssets } from './document.tsx';
import type { PageInfo, SiteInfo } from './model.ts';
import type { Templates } from './templates.ts';

export interface LoadJob {
  root: string;
  /** Paths under content/pages/ that this share owns. */
  files: string[];
  /** Route → its file under content/pages/, to find the page a copy shows. */
  routeFiles: Record<string, string>;
  /** Page file → stamp, when the main thread has them already (a build that records its pages in the cache). */
  stamps?: Record<string, string>;
}

export interface RenderJob {
  /** Every route of the site, for link checks. */
  routes: string[];
  publicFiles: string[];
  site: SiteInfo;
  assets: PageAssets;
  /** The staging folder the HTML is written into. */
  outDir: string;
  /** Keep documents, models and HTML in memory for the caller (dev and small builds). */
  keep: boolean;
  /** False when site.yaml is broken: the pages are only validated, so their errors are reported too. */
  render: boolean;
}

/** What a build keeps of a page it made (all the next build needs of an unchanged one). */
export interface PageSummary extends Pick<PageInfo, 'route' | 'file' | 'sitemap'> {
  islands: string[];
}

/** A built page as the build cache records it. */
export interface BuiltPage {
  page: PageSummary;
  stamp: string;
  hash: string;
  /** The file of the page this one copies, whose stamp is part of this one's. */
  also?: string;
}

export interface PageJobResult {
  pages: BuiltPage[];
  errors: ErrorRecord[];
  kept?: { docs: RawDoc[]; models: PageModel[]; html: Map<string, string> };
}

/** Two loaded shares as one. */
export function joinShares(first: LoadedShare, second: LoadedShare): LoadedShare {
  return {
    docs: [...first.docs, ...second.docs],
    read: [...first.read, ...second.read],
    sources: new Map([...first.sources, ...second.sources]),
    errors: [...first.errors, ...second.errors],
  };
}

/** A share after loading: its documents (copies resolved) and what the cache records of each file. */
export interface LoadedShare {
  docs: RawDoc[];
  /** The documents as read, before copies were resolved (what dev keeps). */
  read: RawDoc[];
  sources: Map<string, { stamp: string; hash: string; also?: string }>;
  errors: SiteError[];
}

type JobTemplates = Pick<Templates, 'layout' | 'pages' | 'setValidationContext' | 'renderPage'>;

export function loadPages(job: LoadJob): LoadedShare {
  const share: LoadedShare = { docs: [], read: [], sources: new Map(), errors: [] };
  for (const relative of job.files) {
    const file = `content/pages/${relative}`;
    try {
      const read = readPage(job, relative);
      share.read.push(read.doc);
      // A copy depends on the page it copies too: both files count in its stamp and hash.
      const target = copyTargetOf(read.doc);
      const original = target === undefined || !job.routeFiles[target] ? undefined : readPage(job, job.routeFiles[target]);
      share.sources.set(file, {
        stamp: original ? `${read.stamp}+${original.stamp}` : read.stamp,
        hash: original ? contentHash(read.source + '\0' + original.source) : contentHash(read.source),
        ...(original ? { also: original.doc.file } : {}),
      });
      const doc = resolveCopy(read.doc, original?.doc, share.errors);
      if (!doc) continue;
      if (doc.kind === 'markdown') doc.html = markdownToHtml(doc.body ?? '');
      share.docs.push(doc);
    } catch (error) {
      share.errors.push(error instanceof SiteError ? error : new SiteError('unreadable', `cannot read this file: ${(error as Error).message}`, { location: { file }, cause: error }));
    }
  }
  return share;
}

/** Validates, renders and writes a loaded share, or only the files of `only` (paths under content/pages/) in it. */
export function renderShare(share: LoadedShare, job: RenderJob, templates: JobTemplates, only?: ReadonlySet<string>): PageJobResult {
  const errors = [...share.errors];
  const scope = { routes: new Set(job.routes), publicFiles: new Set(job.publicFiles) };
  const models: PageModel[] = [];
  const wanted = (doc: RawDoc) => !only || only.has(doc.file.slice('content/pages/'.length));
  for (const doc of share.docs.filter(wanted)) {
    const model = validatePage(doc, templates as Templates, scope, errors);
    if (model) models.push(model);
  }
  // A build with any error writes nothing, so rendering would be wasted.
  if (errors.length > 0 || !job.render) return { pages: [], errors: errors.map(toRecord) };

  const rendered = renderPages(models, templates, job.site, job.assets);
  errors.push(...rendered.errors);
  const html = rendered.files;
  const pages: PageJobResult['pages'] = models.map(({ info: { route, file, sitemap } }) => (
    { page: { route, file, sitemap, islands: rendered.islands.get(route) ?? [] }, ...share.sources.get(file)! }));
  if (errors.length === 0) writeOutputs(job.outDir, html);
  return { pages, errors: errors.map(toRecord), kept: job.keep ? { docs: share.read.filter(wanted), models, html } : undefined };
}

function readPage(job: LoadJob, relative: string): { doc: RawDoc; source: string; stamp: string } {
  const file = `content/pages/${relative}`;
  const absolute = path.join(job.root, file);
  const stamp = job.stamps?.[relative] ?? stampOf(absolute);
  const source = readFileSync(absolute, 'utf8');
  const doc = parseContentFile(file, source);
  doc.route = routeOf(relative);
  return { doc, source, stamp };
}
