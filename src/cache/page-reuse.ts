/**
 * What a warm build may reuse: the pages whose file is unchanged (same stamp,
 * or the same content hash when the stamp moved) while nothing they all
 * depend on changed (the site key, ./site-key.ts), in an output folder the
 * last build left as it was. Two steps: the stamps, read as the build
 * starts (the suspects start loading at once), then, once the site key is
 * known, the plan: a value, which the render stage and the pipeline read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash, stampOf } from '../files.ts';
import { PAGES_DIR } from '../paths.ts';
import { outStampOf, pagesKeyOf, type BuildCache, type PageEntry } from './build-cache.ts';

/** What the last build left of each page, read before the site key is known. */
export interface Reuse {
  /** Pages whose stamp moved or that are new: the ones that may need rendering. */
  suspects: string[];
  /** Each page file's own stamp (by its path under content/pages/), for the page jobs to record. */
  stamps: Record<string, string>;
  /**
   * Whether nothing changed for this site key: every page's stamp as the cache's key of them says, the
   * same pages, the same output folder. Known without reading the pages' entries.
   */
  unchanged(siteKey: string): boolean;
  /**
   * The plan for this site key. `loaded`: what the load stage already read of the suspects (by path from the
   * root), whose hashes it takes rather than read a moved file a second time.
   */
  plan(siteKey: string, loaded?: ReadonlyMap<string, { stamp: string; hash: string }>): ReusePlan;
}

/** Which pages a build reuses as built and which it renders. */
export interface ReusePlan {
  /** Reused as built: their files are linked from the last build's output. */
  clean: PageEntry[];
  /** To validate and render (paths under content/pages/). */
  dirty: string[];
  /**
   * The list pages' last entries, when the cache holds for this site key: a list page that must be
   * validated again may still be reused once its items are known (render-stage.ts).
   */
  lists: Map<string, PageEntry>;
  /** Pages whose stamp moved but whose content did not: their new stamps are worth saving. */
  restamped: boolean;
}

/** The plan of a build that reuses nothing: every page dirty. */
export function renderAll(pageFiles: string[]): ReusePlan {
  return { clean: [], dirty: pageFiles, lists: new Map(), restamped: false };
}

export function reuseOf(root: string, outDir: string, cache: BuildCache | undefined, pageFiles: string[]): Reuse {
  const usable = cache && cache.outDir === path.resolve(outDir) && cache.outStamp === outStampOf(outDir);
  // Concatenated rather than path.join()ed: this runs for every page of every warm build.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const pagesPrefix = `${prefix}${PAGES_DIR}/`;
  const own = pageFiles.map((file) => stampOf(pagesPrefix + file));
  const stamps = pageFiles.map((file, index) => {
    const also = usable ? cache.also[`${PAGES_DIR}/${file}`] : undefined;
    return also ? `${own[index]}+${stampOf(prefix + also)}` : own[index];
  });
  const allAsCached = !!usable && cache.pageCount === pageFiles.length
    && cache.pagesKey === pagesKeyOf(pageFiles.map((file, index) => [`${PAGES_DIR}/${file}`, stamps[index]] as const));
  // The entries are read only when some stamp moved, or when a plan needs them.
  const entryOf = (file: string): PageEntry | undefined => (usable ? cache.pages()[`${PAGES_DIR}/${file}`] : undefined);
  const suspects = allAsCached ? [] : pageFiles.filter((file, index) => entryOf(file)?.stamp !== stamps[index]);
  return {
    suspects,
    stamps: Object.fromEntries(pageFiles.map((file, index) => [file, own[index]])),
    unchanged: (siteKey) => allAsCached && cache!.siteKey === siteKey,
    plan(siteKey, loaded) {
      if (!usable || cache.siteKey !== siteKey) return renderAll(pageFiles);
      const suspect = new Set(suspects);
      const plan: ReusePlan = { clean: [], dirty: [], lists: new Map(), restamped: false };
      const unchangedLists: [string, PageEntry][] = [];
      pageFiles.forEach((file, index) => {
        const entry = entryOf(file);
        if (entry?.list) {
          plan.lists.set(entry.page.file, entry);
          if (!suspect.has(file)) return void unchangedLists.push([file, entry]);
          return void plan.dirty.push(file);
        }
        if (entry && !suspect.has(file)) return void plan.clean.push(entry);
        // The stamp moved (a touch, a checkout): the page is dirty only if its content did too.
        const read = loaded?.get(`${PAGES_DIR}/${file}`);
        const hash = read?.stamp === stamps[index] ? read.hash : entry && contentHash(sourceOf(root, file, entry.also));
        if (entry && hash === entry.hash) {
          plan.clean.push({ ...entry, stamp: stamps[index] });
          plan.restamped = true;
        } else {
          plan.dirty.push(file);
        }
      });
      // A list page lists every page's summary: with no page to render again, none changed, and neither did it.
      const listsClean = plan.dirty.length === 0;
      for (const [file, entry] of unchangedLists) {
        if (listsClean) plan.clean.push(...entry.list!.pages.map((page) => ({ ...entry, page })));
        else plan.dirty.push(file);
      }
      return plan;
    },
  };
}

/** A page's source as its hash was taken: its file, and the file it copies when it copies one. */
function sourceOf(root: string, file: string, also: string | undefined): string {
  const source = readFileSync(path.join(root, PAGES_DIR, file), 'utf8');
  return also ? `${source}\0${readFileSync(path.join(root, also), 'utf8')}` : source;
}
