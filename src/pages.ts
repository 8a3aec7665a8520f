/**
 * The per-page part of a build, for one share of the content files: load →
 * validate → render → write. The main thread runs it for small sites; for
 * large ones src/parallel.ts gives shares to worker threads as well. A job
 * holds only what can cross a thread: file lists, the validated site, asset
 * URLs and the path of the compiled templates.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseContentFile, routeOf, type RawDoc } from './load.ts';
import { copyTargetOf, resolveCopy, validatePage, type PageModel } from './validate.ts';
import { outputPathOf } from './render.ts';
import { writeOutputs } from './emit.ts';
import { SiteError } from './errors.ts';
import { contentHash, stampOf } from './cache.ts';
import type { PageAssets } from './document.tsx';
import type { PageInfo, SiteInfo } from './model.ts';
import type { Templates } from './templates.ts';

export interface PageJob {
  root: string;
  /** Paths under content/pages/ that this job owns. */
  files: string[];
  /** Every route of the site, for link checks. */
  routes: string[];
  /** Route → its file under content/pages/, to find the page a copy shows. */
  routeFiles: Record<string, string>;
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

/** An error as it crosses a thread: SiteError's fields, rebuilt on the other side. */
export interface ErrorRecord {
  code: string;
  message: string;
  location?: SiteError['location'];
  field?: string;
  hint?: string;
  stack?: string;
}

/** A built page as the build cache records it. */
export interface BuiltPage {
  page: PageInfo & { islands: string[] };
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

type JobTemplates = Pick<Templates, 'layout' | 'pages' | 'setValidationContext' | 'renderPage'>;

export function runPageJob(job: PageJob, templates: JobTemplates): PageJobResult {
  const errors: SiteError[] = [];
  const scope = { routes: new Set(job.routes), publicFiles: new Set(job.publicFiles) };
  const docs: RawDoc[] = [];
  const models: PageModel[] = [];
  const sources = new Map<string, { stamp: string; hash: string; also?: string }>();
  for (const relative of job.files) {
    const file = `content/pages/${relative}`;
    try {
      const read = readPage(job, relative);
      docs.push(read.doc);
      // A copy depends on the page it copies too: both files count in its stamp and hash.
      const target = copyTargetOf(read.doc);
      const original = target === undefined || !job.routeFiles[target] ? undefined : readPage(job, job.routeFiles[target]);
      sources.set(file, {
        stamp: original ? `${read.stamp}+${original.stamp}` : read.stamp,
        hash: original ? contentHash(read.source + '\0' + original.source) : contentHash(read.source),
        ...(original ? { also: original.doc.file } : {}),
      });
      const doc = resolveCopy(read.doc, original?.doc, errors);
      const model = doc && validatePage(doc, templates as Templates, scope, errors);
      if (model) models.push(model);
    } catch (error) {
      errors.push(error instanceof SiteError ? error : new SiteError('unreadable', `cannot read this file: ${(error as Error).message}`, { location: { file }, cause: error }));
    }
  }
  // A build with any error writes nothing, so rendering would be wasted.
  if (errors.length > 0 || !job.render) return { pages: [], errors: errors.map(toRecord) };

  const html = new Map<string, string>();
  const pages: PageJobResult['pages'] = [];
  for (const model of models) {
    try {
      const rendered = templates.renderPage({
        layout: templates.layout, template: templates.pages[model.info.template], data: model.data,
        page: model.info, site: job.site, assets: job.assets,
      });
      html.set(outputPathOf(model.info.route), rendered.html);
      pages.push({ page: { ...model.info, islands: rendered.islands }, ...sources.get(model.info.file)! });
    } catch (error) {
      errors.push(new SiteError('render', `rendering ${model.info.route} failed: ${(error as Error).message}`, {
        location: { file: model.info.file }, hint: `the template is templates/pages/${model.info.template}.tsx`, cause: error,
      }));
    }
  }
  if (errors.length === 0) writeOutputs(job.outDir, html);
  return { pages, errors: errors.map(toRecord), kept: job.keep ? { docs, models, html } : undefined };
}

function readPage(job: PageJob, relative: string): { doc: RawDoc; source: string; stamp: string } {
  const file = `content/pages/${relative}`;
  const absolute = path.join(job.root, file);
  const stamp = stampOf(absolute);
  const source = readFileSync(absolute, 'utf8');
  const doc = parseContentFile(file, source);
  doc.route = routeOf(relative);
  return { doc, source, stamp };
}

function toRecord(error: SiteError): ErrorRecord {
  const internal = error.code === 'render' || error.code === 'unreadable';
  return {
    code: error.code, message: error.message, location: error.location, field: error.field, hint: error.hint,
    stack: internal ? (error.cause as Error | undefined)?.stack : undefined,
  };
}

export function fromRecord(record: ErrorRecord): SiteError {
  const error = new SiteError(record.code, record.message, { location: record.location, field: record.field, hint: record.hint });
  if (record.stack) error.stack = record.stack;
  return error;
}
