/**
 * The reuse ledger: the one place that knows what each output of a build
 * depended on, and answers "may this be kept?". Every key that decides reuse
 * is made here, and every comparison with the last build's is made here;
 * the rest of the build asks. (./build-cache.ts stores what the ledger
 * records; it decides nothing.)
 *
 * What it answers, from the widest to the narrowest:
 * - the whole output: nothing it depends on moved (`Ledger.outputStands`);
 * - each page: its file as the last build saw it, under the same site key
 *   (`Ledger.plan`); a list page, while the items it lists are
 *   (`listStands`, `listPagesKept`);
 * - the validated site.yaml (`siteMemoKeyOf`, `siteMemoHolds`);
 * - the compiled templates and the islands' bundle (`recall`);
 * - the editors' schemas, the shared modules' compiled copies and the site's
 *   server (`schemasKeyOf`, `vendorKeyOf`, `serverKeyOf`, `stampsHold`).
 *
 * Inputs are recognised by a stamp (modification time and size), as make and
 * git's index do; a page, or the site's own code, whose stamp moved is read
 * and compared by its content before it counts as changed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash, listFiles, recordOf, stampOf, stampsOf } from '../files.ts';
import { PAGES_DIR, SITEGEN_DIR, pageNamesOf } from '../paths.ts';
import { writeCache, type BuildCache, type BundleMemo, type CacheKind, type Memo, type PageEntry, type SiteMemo, type TemplatesMemo } from './build-cache.ts';
import type { CollectionItem, PageAssets, PageSummary, RawDoc, SiteInfo, SiteTemplates } from '../model.ts';

// ---------------------------------------------------------------------------
// The site: what every page depends on besides its own file

/** What the site key is made of: everything every page's HTML depends on besides its own file. */
export interface SiteKeyParts {
  siteDoc: RawDoc; site?: SiteInfo; templates: Pick<SiteTemplates, 'moduleFile'>; assets?: PageAssets; routes: string[];
  publicFiles: Set<string>; dev: boolean;
  /** What image() read from public/'s images (sizes, hashes): imagesStampOf. */
  imagesStamp: string;
}

/** The site key: a build whose key differs from the last build's keeps no page. */
export function siteKeyOf(parts: SiteKeyParts): string {
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

/** sitegen's own sources, as one key: what a memo made by sitegen's code (the built-in integrations' browser code) depends on. */
export function sitegenKey(): string {
  return sitegenStamp;
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/**
 * One stamp for every image under public/, beside the pages and fetched
 * (`others`, paths from the root): image() reads their sizes and
 * hashes into the pages, so the keys that decide what a build may reuse
 * (the validated site.yaml, the pages) include it.
 */
export function imagesStampOf(root: string, publicFiles: Iterable<string>, others: Iterable<string> = []): string {
  const images = [...[...publicFiles].map((url) => `public${url}`), ...others].filter((file) => IMAGE.test(file)).sort();
  return contentHash(JSON.stringify(stampsOf(images.map((file) => path.join(root, file)))));
}

/** The stamps of public/'s files: when they moved, the output needs a fresh copy even if no page changed. */
export function publicStampOf(root: string, publicFiles: Set<string>): string {
  return contentHash(JSON.stringify(stampsOf([...publicFiles].map((url) => path.join(root, 'public', url)))));
}

/** The output folder's identity: a rebuild swaps in a new folder, and editing its top level moves its time. */
export function outStampOf(outDir: string): string {
  return stampOf(outDir);
}

/** What the validated site.yaml was made from: the memo of it holds while this key, and its local files, do. */
export function siteMemoKeyOf(parts: {
  siteDoc: RawDoc; dataDocs: readonly RawDoc[]; moduleFile: string; routes: Iterable<string>; publicFiles: Iterable<string>;
  imagesStamp: string; now: Date;
}): string {
  return contentHash(JSON.stringify([
    parts.siteDoc.source, parts.dataDocs.map((doc) => [doc.file, doc.source]), parts.moduleFile, [...parts.routes],
    [...parts.publicFiles].sort(), parts.imagesStamp, parts.now.getFullYear(),
  ]));
}

/** Whether the last build's validated site may be taken as it is: the same key, and every local file its schema read unmoved. */
export function siteMemoHolds(memo: SiteMemo | undefined, key: string): memo is SiteMemo {
  return memo?.key === key && stampsHold(memo.localFiles);
}

/** The stamps of files a validation or a compile read, for stampsHold to check later. */
export function stampsNow(files: readonly string[]): Record<string, string> {
  return stampsOf(files);
}

/** Whether every file (absolute, or from `root`) still has the stamp recorded. */
export function stampsHold(recorded: Record<string, string>, root = ''): boolean {
  return Object.entries(recorded).every(([file, stamp]) => stampOf(path.resolve(root, file)) === stamp);
}

// ---------------------------------------------------------------------------
// What a build records, for the next one to ask about

/** What a build records besides its pages. */
export interface CacheParts {
  root: string;
  kind: CacheKind;
  outDir: string;
  siteKey: string;
  publicFiles: Set<string>;
  site?: SiteMemo;
  templates: { memo?: Memo<TemplatesMemo> };
  bundle: { memo?: Memo<BundleMemo> };
}

/** Records what this build made and from which inputs (pages: those a later build may reuse), in the build cache. */
export function saveBuildCache(parts: CacheParts, pages: readonly PageEntry[]): void {
  // A page whose template read local files is not reused: the ledger does not watch them.
  // One entry per file: a list page's several pages share theirs (its last), as the key of the files' stamps does.
  const lasting = pages.filter((entry) => !entry.volatile);
  const kept = recordOf(lasting.map((entry) => entry.page.file), (index) => lasting[index]);
  writeCache(parts.root, {
    outDir: path.resolve(parts.outDir),
    outStamp: outStampOf(parts.outDir),
    siteKey: parts.siteKey,
    publicStamp: publicStampOf(parts.root, parts.publicFiles),
    // Made when the cache is written: dev writes its own once its edits pause, and asks its entries in memory instead.
    pagesKey: () => pagesKeyOf(Object.values(kept).map((entry) => [entry.page.file, entry.stamp])),
    site: parts.site,
    templates: parts.templates.memo,
    bundle: parts.bundle.memo,
  }, kept, parts.kind);
}

// ---------------------------------------------------------------------------
// Memos of compiled code: the templates and the islands' bundle

/** How a memo's input judged by its content is told from one judged by its stamp. */
const CONTENT_STAMP = 'content:';

/** The memo's value when none of its inputs moved: a stamp as stampOf takes it, or a content key (siteCodeBefore) compared by content. */
export function recall<T>(memo: Memo<T> | undefined): T | undefined {
  if (!memo) return undefined;
  for (const [file, stamp] of Object.entries(memo.inputs)) {
    if (stamp.startsWith(CONTENT_STAMP)) {
      // The stamp the file had before its content was read first: unmoved, nothing can have changed since.
      const at = stamp.indexOf('@');
      const now = stampOf(file);
      if (now === 'missing') return undefined;
      if (now === stamp.slice(at + 1)) continue;
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        return undefined;
      }
      // Moved, but perhaps only touched (a checkout, a save of the same text): the content decides.
      if (contentStampOf(bytes) !== stamp.slice(0, at)) return undefined;
    } else if (stampOf(file) !== stamp) {
      return undefined;
    }
  }
  return memo.value;
}

/**
 * The content keys of the site's own code as it is now, before a compile reads it: every file under templates/,
 * and `also` (its configuration files). A file saved again while it compiles (twice within 100 ms, the same size)
 * then counts as changed at the next build, since what is recorded is what was there before esbuild read it.
 */
export function siteCodeBefore(root: string, also: readonly string[] = []): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of [...listFiles(path.join(root, 'templates')).map((name) => path.join(root, 'templates', name)), ...also]) {
    try {
      // The stamp first, then the content: a save between the two shows as a stamp that moved.
      const stamp = stampOf(file);
      keys.set(file, `${contentStampOf(readFileSync(file))}@${stamp}`);
    } catch {
      // Not there: its absence is in its folder's stamp.
    }
  }
  return keys;
}

/** A memo's inputs: each file's stamp, but the site's own code by the content it had before the compile (siteCodeBefore). */
export function memoInputs(files: readonly string[], before: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(files.map((file) => [file, before.get(file) ?? stampOf(file)]));
}

/** A memo input judged by its content, not its stamp (siteCodeBefore adds the stamp it had, `@STAMP`, as a quick check). */
function contentStampOf(bytes: Uint8Array): string {
  return CONTENT_STAMP + contentHash(bytes);
}

// ---------------------------------------------------------------------------
// Other compiled things: the editors' schemas, the shared modules, the site's server

/** What the editors' schemas were made from: the template bundle, and the sources that write them (`generator`, files of sitegen). */
export function schemasKeyOf(moduleFile: string, generator: readonly string[]): string {
  return `${path.basename(moduleFile)} ${contentHash(JSON.stringify(generator.map((file) => stampOf(path.join(SITEGEN_DIR, file)))))}`;
}

/** The folder name of the shared modules' compiled copies: their packages' versions and the source that compiles them. */
export function vendorKeyOf(versions: readonly string[], compiler: string | Uint8Array): string {
  return contentHash(versions.join(',') + compiler);
}

/** The folder name of a site's compiled server: the server API, the shared modules it takes, and its own files (name, bytes). */
export function serverKeyOf(api: string, vendor: unknown, sources: readonly (readonly [string, Uint8Array])[]): string {
  const hash = contentHashOf([api, JSON.stringify(vendor), ...sources.flatMap(([file, bytes]) => [file, bytes])]);
  return hash.slice(0, 16);
}

/** One hash of several parts, each ended by a NUL. */
function contentHashOf(parts: readonly (string | Uint8Array)[]): string {
  return contentHash(Buffer.concat(parts.flatMap((part) => [typeof part === 'string' ? Buffer.from(part) : part, Buffer.from([0])])));
}

// ---------------------------------------------------------------------------
// Pages

/** A page file's stamp: its own, or the one the build took of it already (`known`). */
export function pageStampOf(root: string, relative: string, known?: Record<string, string>): string {
  return known?.[relative] ?? stampOf(`${root}/${PAGES_DIR}/${relative}`);
}

/** The stamp each page file had when the build read it (paths under content/pages/), from the entries it records. */
export function ownStampsOf(pages: readonly PageEntry[]): Record<string, string> {
  const prefix = `${PAGES_DIR}/`;
  // A page that copies another's (`also`) records both stamps, its own first.
  return recordOf(pages.map((entry) => entry.page.file.slice(prefix.length)), (index) => pages[index].stamp.split('+')[0]);
}

/** What the ledger records of a page read from its file: its stamp and hash, joined with those of the page it copies. */
export function pageSourceOf(
  read: { stamp: string; source: string }, original?: { stamp: string; source: string; file: string },
): { stamp: string; hash: string; also?: string } {
  return original
    ? { stamp: `${read.stamp}+${original.stamp}`, hash: contentHash(read.source + '\0' + original.source), also: original.file }
    : { stamp: read.stamp, hash: contentHash(read.source) };
}

/** A key of pages' files and stamps, in any order: equal keys, the same files with the same stamps. */
export function pagesKeyOf(stamps: Iterable<readonly [string, string]>): string {
  return contentHash([...stamps].map(([file, stamp]) => `${file}\0${stamp}`).sort().join('\n'));
}

/** Which pages a build reuses as built and which it renders. */
export interface ReusePlan {
  /** Reused as built: their files are linked from the last build's output. */
  clean: PageEntry[];
  /** To validate and render (paths under content/pages/). */
  dirty: string[];
  /**
   * The list pages' last entries, when the cache holds for this site key: a list page that must be
   * validated again may still be reused once its items are known (listStands).
   */
  lists: Map<string, PageEntry>;
  /** Pages whose stamp moved but whose content did not: their new stamps are worth saving. */
  restamped: boolean;
}

/** The plan of a build that reuses nothing: every page dirty. */
export function renderAll(pageFiles: string[]): ReusePlan {
  return { clean: [], dirty: pageFiles, lists: new Map(), restamped: false };
}

/** One build's questions to the ledger about its output and its pages. */
export interface Ledger {
  /** Pages whose stamp moved or that are new: the ones that may need rendering (they start loading at once). */
  suspects: string[];
  /** Each page file's own stamp (by its path under content/pages/), for the page jobs to record; none without a cache. */
  stamps?: Record<string, string>;
  /**
   * Whether the output may stay exactly as it is: public/ as the last build copied it, every page's stamp as its key
   * of them says, the same site key and the same validated site. Known without reading the pages' entries.
   */
  outputStands(siteKey: string, publicFiles: Set<string>, siteMemo: SiteMemo | undefined): boolean;
  /** Whether public/ is as the last build copied it (then a build with no page to render leaves the output as it is). */
  publicStands(publicFiles: Set<string>): boolean;
  /**
   * The plan for this site key. `loaded`: what the load stage already read of the suspects (by path from the
   * root), whose hashes it takes rather than read a moved file a second time.
   */
  plan(siteKey: string, loaded?: ReadonlyMap<string, { stamp: string; hash: string }>): ReusePlan;
  /** Whether a build that rendered nothing learnt what is worth recording: new stamps of unchanged files, or a site validated afresh. */
  learnt(plan: ReusePlan, siteMemo: SiteMemo | undefined): boolean;
}

/** The ledger of a build into `outDir`, from the last build's cache (none: it keeps nothing). */
export function openLedger(root: string, outDir: string, cache: BuildCache | undefined, pageFiles: string[], unchanged?: Pick<ReadonlyMap<string, string>, 'get'>): Ledger {
  if (!cache) {
    return {
      suspects: pageFiles, outputStands: () => false, publicStands: () => false,
      plan: () => renderAll(pageFiles), learnt: () => true,
    };
  }
  const usable = cache.outDir === path.resolve(outDir) && cache.outStamp === outStampOf(outDir);
  // Concatenated rather than path.join()ed: this runs for every page of every warm build.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const pagesPrefix = `${prefix}${PAGES_DIR}/`;
  // A file dev's watcher vouches for keeps the stamp the last build took (BuildOptions.unchanged); any other is looked at.
  const own = pageFiles.map((file) => unchanged?.get(file) ?? stampOf(pagesPrefix + file));
  const names = pageNamesOf(pageFiles);
  // A page that copies another's (`copyOf`) has that file's stamp too; most sites have none.
  const copies = usable && Object.keys(cache.also).length > 0;
  const stamps = !copies ? own : pageFiles.map((file, index) => {
    const also = cache.also[names[index]];
    return also ? `${own[index]}+${stampOf(prefix + also)}` : own[index];
  });
  // The entries are read only when some stamp moved, or when a plan needs them.
  const entryAt = (index: number): PageEntry | undefined => (usable ? cache.pages()[names[index]] : undefined);
  const suspectsOf = () => pageFiles.filter((file, index) => entryAt(index)?.stamp !== stamps[index]);
  let suspects: string[];
  let allAsCached: boolean;
  if (usable && cache.pagesAtHand) {
    // Entries in memory (dev): each stamp against its entry's, the same answer as the key's without making it.
    suspects = suspectsOf();
    allAsCached = suspects.length === 0 && cache.pageCount === pageFiles.length;
  } else {
    allAsCached = usable && cache.pageCount === pageFiles.length
      && cache.pagesKey === pagesKeyOf(names.map((name, index) => [name, stamps[index]] as const));
    suspects = allAsCached ? [] : suspectsOf();
  }
  const publicStands = (publicFiles: Set<string>) => cache.publicStamp === publicStampOf(root, publicFiles);
  let stampsByFile: Record<string, string> | undefined;
  return {
    suspects,
    // Made when asked (the pages loaded, dev's next rebuild): a build with no page to load never needs the 5,000 keys.
    get stamps() {
      return (stampsByFile ??= recordOf(pageFiles, (index) => own[index]));
    },
    publicStands,
    outputStands: (siteKey, publicFiles, siteMemo) => allAsCached && cache.siteKey === siteKey && cache.site?.key === siteMemo?.key && publicStands(publicFiles),
    learnt: (plan, siteMemo) => plan.restamped || cache.site?.key !== siteMemo?.key,
    plan(siteKey, loaded) {
      if (!usable || cache.siteKey !== siteKey) return renderAll(pageFiles);
      const suspect = new Set(suspects);
      const plan: ReusePlan = { clean: [], dirty: [], lists: new Map(), restamped: false };
      const unchangedLists: [string, PageEntry][] = [];
      pageFiles.forEach((file, index) => {
        const entry = entryAt(index);
        if (entry?.list) {
          plan.lists.set(entry.page.file, entry);
          if (!suspect.has(file)) return void unchangedLists.push([file, entry]);
          return void plan.dirty.push(file);
        }
        if (entry && !suspect.has(file)) return void plan.clean.push(entry);
        // The stamp moved (a touch, a checkout): the page is dirty only if its content did too.
        const read = loaded?.get(names[index]);
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

// ---------------------------------------------------------------------------
// List pages: kept while what they list is

/** What a list page lists, keyed: its items' summaries (`key`), and their sources' hashes (`content`, for a feed that reads them). */
export interface ListKeys {
  key: string;
  content: string;
}

/** The keys of the items a list page lists, in order; `sources`: each page's hash, by route. */
export function listKeysOf(listed: readonly CollectionItem[], sources: ReadonlyMap<string, string>): ListKeys {
  return {
    key: contentHash(JSON.stringify(listed)),
    content: contentHash(listed.map((item) => `${item.route} ${sources.get(item.route) ?? ''}`).join('\n')),
  };
}

/**
 * Whether a list page's last build may be kept whole: its own file as it was (`hash`), the items it lists as they
 * were, and, when its feed read their content, their sources too.
 */
export function listStands(last: PageEntry | undefined, keys: ListKeys, hash: string): last is PageEntry & { list: NonNullable<PageEntry['list']> } {
  return !!last?.list && last.list.key === keys.key && last.hash === hash && (last.list.content === undefined || last.list.content === keys.content);
}

/** The key of what a list's collection gave one of its pages (its slice of items, its head). */
export function listPageKeyOf(list: { page?: unknown; head?: unknown }): string {
  return contentHash(JSON.stringify([list.page ?? null, list.head ?? null]));
}

/**
 * Which of a list page's pages may be kept from its last build: with its own file as that build saw it (`hash`),
 * each page whose collection gave it the same (listPageKeyOf). None when the file changed. `routes`: the last
 * build's record of each page kept (its files), by route.
 */
export function listPagesKept(last: PageEntry | undefined, hash: string): {
  keep: (route: string, key: string) => boolean; routes: Record<string, { key: string; files: string[] }>; pages: Map<string, PageSummary>;
} {
  const routes = (last?.hash === hash ? last.list?.routes : undefined) ?? {};
  const pages = new Map(last?.hash === hash && last.list?.routes ? last.list.pages.map((page) => [page.route, page]) : []);
  return { keep: (route, key) => routes[route]?.key === key && pages.has(route), routes, pages };
}
