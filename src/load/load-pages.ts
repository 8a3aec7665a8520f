/**
 * The load stage: content files read and parsed into raw documents, before
 * any template is known. `loadPages` loads one share of the pages (a build
 * gives shares to worker threads, and `check` and `dev` take the same road).
 */
import { SiteError } from '../errors.ts';
import { pageSourceOf, pageStampOf } from '../cache/ledger.ts';
import { copyTargetOf, resolveCopy } from '../copies.ts';
import { convertMarkdown, sourceFolderOf } from '../markdown/markdown.ts';
import { PAGES_DIR, asSiteError, readPageFile } from './content-files.ts';
import type { RawDoc } from '../model.ts';

export interface LoadJob {
  root: string;
  /** Paths under content/pages/ that this share owns. */
  files: string[];
  /** Route → its file under content/pages/, to find the page a copy shows. */
  routeFiles: Record<string, string>;
  /** Page file → stamp, when the caller has them already (a build that records its pages in the cache). */
  stamps?: Record<string, string>;
}

/** A share after loading: its documents (copies resolved, Markdown as HTML) and what the cache records of each file. */
export interface LoadedPages {
  docs: RawDoc[];
  /** The documents as read, before copies were resolved (what dev keeps). */
  read: RawDoc[];
  sources: Map<string, { stamp: string; hash: string; also?: string }>;
  errors: SiteError[];
}

/** Adds what `more` loaded to `share`, in place (a thread loads its share batch by batch). */
export function appendShare(share: LoadedPages, more: LoadedPages): LoadedPages {
  share.docs.push(...more.docs);
  share.read.push(...more.read);
  share.errors.push(...more.errors);
  for (const [file, source] of more.sources) share.sources.set(file, source);
  return share;
}

/** An empty share, to load into. */
export const emptyShare = (): LoadedPages => ({ docs: [], read: [], sources: new Map(), errors: [] });

/** Two loaded shares as one. */
export function joinShares(first: LoadedPages, second: LoadedPages): LoadedPages {
  return {
    docs: [...first.docs, ...second.docs],
    read: [...first.read, ...second.read],
    sources: new Map([...first.sources, ...second.sources]),
    errors: [...first.errors, ...second.errors],
  };
}

/** Loads a share of the pages: read, parse, resolve copies, Markdown to HTML. */
export function loadPages(job: LoadJob): LoadedPages {
  const share: LoadedPages = { docs: [], read: [], sources: new Map(), errors: [] };
  for (const relative of job.files) {
    const file = `${PAGES_DIR}/${relative}`;
    try {
      const read = readPage(job, relative);
      share.read.push(read.doc);
      // A copy depends on the page it copies too: both files count in its stamp and hash.
      const target = copyTargetOf(read.doc);
      const original = target === undefined || !job.routeFiles[target] ? undefined : readPage(job, job.routeFiles[target]);
      share.sources.set(file, pageSourceOf(read, original && { ...original, file: original.doc.file }));
      const doc = resolveCopy(read.doc, original?.doc, share.errors);
      if (!doc) continue;
      if (doc.kind === 'markdown') ({ html: doc.html, references: doc.references, components: doc.components, removed: doc.removed, outline: doc.outline, markdown: doc.markdown } = convertMarkdown(doc.body ?? '', sourceFolderOf(doc.file)));
      share.docs.push(doc);
    } catch (error) {
      share.errors.push(asSiteError(error, file));
    }
  }
  return share;
}

function readPage(job: LoadJob, relative: string): { doc: RawDoc; source: string; stamp: string } {
  const stamp = pageStampOf(job.root, relative, job.stamps);
  return { ...readPageFile(job.root, relative), stamp };
}
