/**
 * The build cache: what the last build of a root into an output folder made,
 * and from which inputs, so that a rebuild redoes only what changed. It lives
 * in ROOT/.sitegen/cache/ (never committed), one file per output folder.
 * This file stores and reads back what the reuse ledger (./ledger.ts)
 * records; whether anything may be kept is the ledger's to answer.
 *
 * Two files: `build.json`, what every page depends on (a few kilobytes),
 * with a key of every page's stamp, and `build.pages.json`, an entry per page
 * (half a kilobyte each). A build that finds every stamp as that key says
 * never reads the second: at 5,000 pages it is 2.7 MB of JSON whose parse,
 * and the garbage it leaves, were a third of an unchanged build.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { PageSummary, SiteInfo } from '../model.ts';
import { stampOf, toPosix } from '../files.ts';

/** Raised whenever what a memo holds changes shape (7: the pages in a file of their own; 9: a checksum line), so an older cache is not trusted. */
const FORMAT = 9;

/**
 * A built page, as the render stage returns it and the cache records it:
 * one type for both, so that what a build learns of a page is what the next
 * one reuses.
 */
export interface PageEntry {
  /** Its file's stamp (modification time and size), joined with the stamp of `also` when it has one. */
  stamp: string;
  /** A hash of its source (and of `also`'s): a moved stamp with the same hash is the same page. */
  hash: string;
  page: PageSummary;
  /** For a page that copies another: that page's file, whose stamp joins this one's. */
  also?: string;
  /** Its template read local files (localFile()), which the cache does not watch: never reused. */
  volatile?: boolean;
  /** The PNG and JPEG images its image() fields use (paths from the root), whose variants a build that reuses it makes again. */
  images?: string[];
  /** The files of its bundle it links to (paths from the root), copied to their addresses by each build. */
  copies?: string[];
  /** The files integrations made from it (its Markdown twin), linked with it when it is reused. */
  derived?: string[];
  /**
   * A page whose template lists a collection: the key of the items it
   * lists (their summaries, in order) and each of its routes' summaries. It
   * is reused whole while none of its items changed, with the files it wrote
   * (its pages and its feeds); one whose feed read its entries' content
   * (`content`, the key of its items' sources) while none of them changed.
   * Otherwise its feeds are made again, and of its pages (`routes`, each
   * with the key of what its collection gave it and its files) only those
   * whose key moved are rendered: a post's new title renders the news page
   * that shows it, not every page of the news.
   */
  list?: { key: string; pages: PageSummary[]; files: string[]; content?: string; routes?: Record<string, { key: string; files: string[] }> };
  /** A list page linked from the last build rather than rendered (this build only; never read back). */
  reused?: boolean;
}

export interface BuildCache {
  format: number;
  /** The site root it was made for: a copied root (its .sitegen too) must not trust stamps of the original's files. */
  root: string;
  /** The output folder this cache describes. */
  outDir: string;
  /** Everything every page depends on besides its own file (site.yaml, templates, assets, routes, public files). */
  siteKey: string;
  /** The output folder as this build left it: a changed folder means nothing in it can be reused. */
  outStamp: string;
  /** The stamps of public/: when they moved, the output needs a fresh copy even if no page changed. */
  publicStamp: string;
  /** The entry of each page the cache may reuse, by its file (read from build.pages.json on first call). */
  pages(): Record<string, PageEntry>;
  /** Whether pages() costs nothing: the entries this dev session wrote, still in memory (then comparing each stamp beats the key). */
  pagesAtHand?: boolean;
  /** A key of every such page's file and stamp (pagesKeyOf): when today's stamps give the same, no page changed. */
  pagesKey: string;
  /** How many pages that is, and how many routes they built (a list page has one per list page). */
  pageCount: number;
  routeCount: number;
  /** The files pages copy (`copyOf`), by the page's file: their stamps are part of the page's. */
  also: Record<string, string>;
  templates?: Memo<TemplatesMemo>;
  bundle?: Memo<BundleMemo>;
  /** The validated site.yaml, under a key of everything its validation read, and the stamps of the local files it read. */
  site?: SiteMemo;
}

export interface SiteMemo {
  key: string;
  value: SiteInfo;
  warnings: string[];
  /** The raster images its image() fields use. */
  images: string[];
  /** The local files the layout's schema read (localFile()), stamped. */
  localFiles: Record<string, string>;
}

/** A value computed from files, valid while every file keeps its stamp. */
export interface Memo<T> {
  inputs: Record<string, string>;
  value: T;
}

export interface TemplatesMemo {
  moduleFile: string;
  /** The shared modules (React, zod) the bundle imports, by specifier: a bundle is reused only while they are the same. */
  vendor: Record<string, string>;
  dependencies: Record<string, string[]>;
  layoutDependencies: string[];
}

export interface BundleMemo {
  /** URL path → base64 contents. */
  files: Record<string, string>;
  assets: unknown;
  integrity: Record<string, string>;
  imports: Record<string, string[]>;
  /** The code theme site.yaml named (src/markdown/themes/), which the stylesheet holds. */
  codeTheme?: string;
  /** What decided which integrations' browser code the runtime carries (bundle/bundle-islands.ts clientsKeyOf). */
  clients?: string;
}

/**
 * Whose cache: `build`'s, or `dev`'s. Each keeps its own, so that a dev
 * session (its own output folder, drafts shown, every page kept in memory)
 * never replaces what the next build would reuse.
 */
export type CacheKind = 'build' | 'dev';

/** One cache per root and kind: a build into another output folder starts its pages afresh (templates and bundle still count). */
export function cacheFile(root: string, kind: CacheKind = 'build'): string {
  return path.join(root, '.sitegen', 'cache', `${kind}.json`);
}

/** Where the entries of the cache's pages are kept, beside it. */
function pagesFile(root: string, kind: CacheKind): string {
  return path.join(root, '.sitegen', 'cache', `${kind}.pages.json`);
}

/** The two files name one build: a pages file left by another (a build stopped between the two writes) is not trusted. */
type CacheHeader = Omit<BuildCache, 'pages'> & { generation: string };

/**
 * What a dev session wrote last, by its header file: the header and the entries, with the stamp the header file
 * had then. Its next rebuild takes them as they are while the file keeps that stamp (each write renames a new file
 * in, a new inode), rather than read and parse them again: the header holds the islands' bundle (470 KB for this
 * repository's site), the entries 2.7 MB of JSON at 5,000 pages. A cache another process wrote since has another
 * stamp and is read from its file. `unsaved`: what is not on disk yet (saveDevCaches). (A build runs once a
 * process: it has none.)
 */
const written = new Map<string, {
  stamp: string; header: CacheHeader; pages: Record<string, PageEntry>; unsaved?: { root: string; pagesKey: () => string };
}>();

/**
 * The cache of the last build, or undefined to build cold. Each file is read through its checksum (the first
 * line: a hash of the rest, so a file cut short, edited or overwritten is known) and its format, and the header
 * through the shape it must have; a file that fails is dropped with one warning (`warn`), never trusted and
 * never a crash: the build is then as cold as that file's part.
 */
export function readCache(root: string, kind: CacheKind = 'build', warn: (message: string) => void = () => undefined): BuildCache | undefined {
  const file = cacheFile(root, kind);
  const kept = written.get(file);
  if (kept && kept.stamp === stampOf(file)) return { ...kept.header, pages: () => kept.pages, pagesAtHand: true };
  const text = readChecked(file, warn);
  if (text === undefined) return undefined;
  let header: CacheHeader;
  try {
    header = JSON.parse(text) as CacheHeader;
  } catch {
    warn(`${relativeTo(root, file)} is not JSON: built without it`);
    return undefined;
  }
  // An older sitegen's cache, or another root's copied here: not this build's to trust, and nothing to warn of.
  if (header?.format !== FORMAT || header.root !== path.resolve(root)) return undefined;
  const problem = headerProblem(header);
  if (problem) {
    warn(`${relativeTo(root, file)} ${problem}: built without it`);
    return undefined;
  }
  let pages: Record<string, PageEntry> | undefined;
  const readPages = (): Record<string, PageEntry> => {
    const pagesText = readChecked(pagesFile(root, kind), warn);
    if (pagesText === undefined) return {};
    try {
      const stored = JSON.parse(pagesText) as { generation: string; pages: Record<string, PageEntry> };
      if (stored?.generation !== header.generation) return {};
      const wrong = Object.entries(stored.pages ?? {}).find(([, entry]) => !isPageEntry(entry));
      if (!isRecord(stored.pages) || wrong) {
        warn(`${relativeTo(root, pagesFile(root, kind))} holds ${wrong ? `a wrong entry for ${wrong[0]}` : 'no entries'}: every page is rendered again`);
        return {};
      }
      return stored.pages;
    } catch {
      return {};
    }
  };
  return { ...header, pages: () => (pages ??= readPages()) };
}

/** A cache file's JSON when its checksum holds; undefined when there is none (quietly) or it does not (with a warning). */
function readChecked(file: string, warn: (message: string) => void): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') warn(`${file} cannot be read (${code ?? (error as Error).message}): built without it`);
    return undefined;
  }
  // An older sitegen's file (JSON from the first byte): not this format's, and nothing to warn of.
  if (text.startsWith('{')) return undefined;
  const newline = text.indexOf('\n');
  const json = text.slice(newline + 1);
  if (newline < 0 || text.slice(0, newline) !== checksumOf(json)) {
    warn(`${path.basename(path.dirname(path.dirname(file)))}/${path.basename(path.dirname(file))}/${path.basename(file)} is damaged (its checksum does not hold): built without it`);
    return undefined;
  }
  return json;
}

/**
 * A cache file's checksum: CRC-32, which finds a file cut short, overwritten or edited (what a crash, a full disk or a
 * hand does), and reads the 2.7 MB of a 5,000-page cache in about a millisecond, where SHA-256 took five on each dev
 * rebuild. It is no defence against someone who writes the cache on purpose, who could as well write the templates.
 */
export function checksumOf(json: string): string {
  return checksumBytes(Buffer.from(json));
}

function checksumBytes(json: Uint8Array): string {
  return `crc32:${crc32(json).toString(16).padStart(8, '0')}`;
}

/** What is wrong with a header's shape, if anything: each field a build reads, and each memo's inputs and value. */
function headerProblem(header: CacheHeader): string | undefined {
  for (const key of ['outDir', 'siteKey', 'outStamp', 'publicStamp', 'pagesKey', 'generation'] as const) {
    if (typeof header[key] !== 'string') return `has no ${key}`;
  }
  if (typeof header.pageCount !== 'number' || typeof header.routeCount !== 'number' || !isStringRecord(header.also)) return 'has wrong counts';
  for (const key of ['templates', 'bundle'] as const) {
    const memo = header[key];
    if (memo !== undefined && (!isRecord(memo) || !isStringRecord(memo.inputs) || !isRecord(memo.value))) return `has a wrong ${key} memo`;
  }
  const bundle = header.bundle?.value;
  if (bundle && (!isStringRecord(bundle.files) || Object.keys(bundle.files).length === 0 || !isStringRecord(bundle.integrity))) return 'has a bundle without its files';
  if (header.templates && typeof header.templates.value.moduleFile !== 'string') return 'has templates without their module';
  const site = header.site;
  if (site !== undefined && (!isRecord(site) || typeof site.key !== 'string' || !isRecord(site.value) || typeof (site.value as { url?: unknown }).url !== 'string'
    || !Array.isArray(site.warnings) || !Array.isArray(site.images) || !isStringRecord(site.localFiles))) return 'has a wrong site memo';
  return undefined;
}

function isPageEntry(entry: unknown): entry is PageEntry {
  if (!isRecord(entry) || typeof entry.stamp !== 'string' || typeof entry.hash !== 'string' || !isRecord(entry.page)) return false;
  const page = entry.page as Record<string, unknown>;
  return typeof page.file === 'string' && typeof page.route === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((item) => typeof item === 'string');
}

function relativeTo(root: string, file: string): string {
  return toPosix(path.relative(root, file));
}

/** Writes what the ledger records (src/cache/ledger.ts saveBuildCache): the header, with its key of the pages' stamps, and the pages. */
export function writeCache(
  root: string, cache: Omit<BuildCache, 'format' | 'root' | 'pages' | 'pageCount' | 'routeCount' | 'also' | 'pagesKey'> & { pagesKey: () => string },
  pages: Record<string, PageEntry>, kind: CacheKind = 'build',
): void {
  const file = cacheFile(root, kind);
  const generation = randomUUID();
  const entries = Object.values(pages);
  const also = Object.fromEntries(entries.flatMap((entry) => (entry.also ? [[entry.page.file, entry.also]] : [])));
  const header = {
    format: FORMAT, root: path.resolve(root), ...cache, generation,
    pageCount: entries.length, also,
    routeCount: entries.reduce((sum, entry) => sum + (entry.list ? entry.list.pages.length : 1), 0),
  };
  if (kind === 'build') return writeCacheFiles(root, kind, { ...header, pagesKey: cache.pagesKey() }, pages);
  // dev: the session's next rebuild takes this from memory, and the files are written once its edits pause (a
  // second without one, or the session's end): 30 ms of every rebuild at 5,000 pages. A session killed before
  // leaves the files of an earlier rebuild, whose entries name older stamps: the next session renders those pages again.
  written.set(file, { stamp: stampOf(file), header: { ...header, pagesKey: '' }, pages, unsaved: { root, pagesKey: cache.pagesKey } });
  scheduleSave();
}

/** Writes the two files: the pages first (a header names only a pages file that is already in place), each whole by a rename. */
function writeCacheFiles(root: string, kind: CacheKind, header: CacheHeader, pages: Record<string, PageEntry>): void {
  const file = cacheFile(root, kind);
  mkdirSync(path.dirname(file), { recursive: true });
  for (const [target, contents] of [[pagesFile(root, kind), { generation: header.generation, pages }], [file, header]] as const) {
    const temporary = `${target}.${process.pid}.tmp`;
    // Its checksum on the first line: a reader knows a file cut short or changed (readChecked). The JSON is made
    // into bytes once, for the sum and the file (2.7 MB at 5,000 pages).
    const json = Buffer.from(JSON.stringify(contents));
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${checksumBytes(json)}\n`), json]));
    renameSync(temporary, target);
  }
}

const SAVE_AFTER_MS = 1000;
let saveTimer: NodeJS.Timeout | undefined;
let savesOnExit = false;

function scheduleSave(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveDevCaches, SAVE_AFTER_MS);
  // Never what keeps a process alive; one that ends writes what is left (synchronously, as 'exit' requires).
  saveTimer.unref();
  if (!savesOnExit) {
    savesOnExit = true;
    process.once('exit', saveDevCaches);
  }
}

/**
 * Writes every dev cache still held only in memory (dev's close calls it; so do a pause in the edits and the
 * process's exit). A file another process wrote since is left to it.
 */
export function saveDevCaches(): void {
  clearTimeout(saveTimer);
  for (const [file, kept] of written) {
    if (!kept.unsaved) continue;
    const { root, pagesKey } = kept.unsaved;
    kept.unsaved = undefined;
    // Gone (the site's folder removed under the session), or written by another process since: nothing to write.
    if (!existsSync(root) || stampOf(file) !== kept.stamp) continue;
    kept.header.pagesKey = pagesKey();
    try {
      writeCacheFiles(root, 'dev', kept.header, kept.pages);
      kept.stamp = stampOf(file);
    } catch {
      // A folder removed under the session, a full disk: the next session builds without it, as with any cache it cannot read.
    }
  }
}
