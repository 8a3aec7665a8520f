/**
 * What a warm build may reuse: the pages whose file is unchanged (same stamp,
 * or the same content hash when the stamp moved) while nothing they all
 * depend on changed (the site key), in an output folder the last build left
 * as it was.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash, listFiles, stampOf, stampsOf } from '../files.ts';
import { outStampOf, type BuildCache, type PageEntry } from '../build-cache.ts';
import { SITEGEN_DIR } from '../paths.ts';
import type { RawDoc } from '../model.ts';
import type { PageAssets, SiteInfo, SiteTemplates } from '../model.ts';

export interface Reuse {
  /** Pages whose stamp moved or that are new: the ones that may need rendering. */
  suspects: string[];
  /** Each page file's own stamp (by its path under content/pages/), for the page jobs to record. */
  stamps: Record<string, string>;
  /**
   * With the site key known, which pages are clean (reused as built) and
   * which must be rendered; and the list pages' last entries, when the
   * cache holds for this site key (a list page that must be validated again
   * may still be reused once its items are known).
   */
  confirm(siteKey: string): { clean: PageEntry[]; dirty: string[]; lists: Map<string, PageEntry> };
  /** Whether confirm() found pages whose stamp moved but whose content did not (their new stamps need saving). */
  restamped: boolean;
}

export function changedPages(root: string, outDir: string, cache: BuildCache | undefined, pageFiles: string[]): Reuse {
  const usable = cache && cache.outDir === path.resolve(outDir) && cache.outStamp === outStampOf(outDir);
  const entries = usable ? cache.pages : {};
  // Concatenated rather than path.join()ed: this runs for every page of every warm build.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const stampAt = (file: string) => stampOf(prefix + file);
  const own = pageFiles.map((file) => stampAt(`content/pages/${file}`));
  const stamps = pageFiles.map((file, index) => {
    const also = entries[`content/pages/${file}`]?.also;
    return also ? `${own[index]}+${stampAt(also)}` : own[index];
  });
  const suspects = pageFiles.filter((file, index) => entries[`content/pages/${file}`]?.stamp !== stamps[index]);
  return {
    suspects,
    stamps: Object.fromEntries(pageFiles.map((file, index) => [file, own[index]])),
    restamped: false,
    confirm(siteKey) {
      if (!usable || cache.siteKey !== siteKey) return { clean: [], dirty: pageFiles, lists: new Map() };
      const suspect = new Set(suspects);
      const clean: PageEntry[] = [];
      const dirty: string[] = [];
      const lists = new Map<string, PageEntry>();
      const unchangedLists: [string, PageEntry][] = [];
      pageFiles.forEach((file, index) => {
        const entry = entries[`content/pages/${file}`];
        if (entry?.list) {
          lists.set(entry.page.file, entry);
          if (!suspect.has(file)) return void unchangedLists.push([file, entry]);
          return void dirty.push(file);
        }
        if (!suspect.has(file)) return void clean.push(entry);
        // The stamp moved (a touch, a checkout): the page is dirty only if its content did too.
        const source = entry && readFileSync(path.join(root, 'content', 'pages', file), 'utf8');
        const hashed = entry?.also ? `${source}\0${readFileSync(path.join(root, entry.also), 'utf8')}` : source;
        if (entry && contentHash(hashed!) === entry.hash) {
          clean.push({ ...entry, stamp: stamps[index] });
          this.restamped = true;
        } else {
          dirty.push(file);
        }
      });
      // A list page lists every page's summary: with no page to render again, none changed, and neither did it.
      const listsClean = dirty.length === 0;
      for (const [file, entry] of unchangedLists) {
        if (listsClean) clean.push(...entry.list!.pages.map((page) => ({ ...entry, page })));
        else dirty.push(file);
      }
      return { clean, dirty, lists };
    },
  };
}

/** A hash of everything every page's HTML depends on besides its own file. */
export function siteKeyOf(parts: {
  siteDoc: RawDoc; site?: SiteInfo; templates: Pick<SiteTemplates, 'moduleFile'>; assets?: PageAssets; routes: string[];
  publicFiles: Set<string>; dev: boolean;
  /** What image() read from public/'s images (sizes, hashes): imagesStampOf. */
  imagesStamp: string;
}): string {
  return contentHash(JSON.stringify({
    sitegen: sitegenStamp,
    site: parts.siteDoc.source,
    // The validated site, with what its schema read from local files (localFile()).
    siteValue: parts.site && contentHash(JSON.stringify(parts.site)),
    templates: parts.templates.moduleFile,
    // What every page links to or inlines: hashed files, the inline head scripts and the import map.
    assets: parts.assets,
    routes: parts.routes,
    publicFiles: [...parts.publicFiles].sort(),
    images: parts.imagesStamp,
    dev: parts.dev,
  }));
}

// sitegen's own sources shape every page too (the shell, the head, validation, the inline scripts): any change to
// them renders every page again.
const sourceDir = path.join(SITEGEN_DIR, 'src');
const sitegenStamp = contentHash(JSON.stringify(stampsOf(listFiles(sourceDir).map((file) => path.join(sourceDir, file)))));
