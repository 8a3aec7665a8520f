/**
 * The build cache: what the last build of a root into an output folder made,
 * and from which inputs, so that a rebuild redoes only what changed. It lives
 * in ROOT/.sitegen/cache/ (never committed), one file per output folder.
 *
 * Inputs are recognised by a stamp (modification time and size), as make and
 * git's index do; a page whose stamp moved is read and compared by content
 * hash before it counts as changed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteInfo } from './model.ts';
import type { PageSummary } from './pages.ts';

/** Raised whenever what a memo holds changes shape (3: the bundle's assets list the font files), so an older cache is not trusted. */
const FORMAT = 3;

export interface PageEntry {
  stamp: string;
  hash: string;
  page: PageSummary;
  /** For a page that copies another: that page's file, whose stamp joins this one's. */
  also?: string;
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
  pages: Record<string, PageEntry>;
  templates?: Memo<TemplatesMemo>;
  bundle?: Memo<BundleMemo>;
  /** The validated site.yaml, under a key of everything its validation read. */
  site?: { key: string; value: SiteInfo };
}

/** A value computed from files, valid while every file keeps its stamp. */
export interface Memo<T> {
  inputs: Record<string, string>;
  value: T;
}

export interface TemplatesMemo {
  moduleFile: string;
  dependencies: Record<string, string[]>;
  layoutDependencies: string[];
}

export interface BundleMemo {
  /** URL path → base64 contents. */
  files: Record<string, string>;
  assets: unknown;
  integrity: Record<string, string>;
  imports: Record<string, string[]>;
}

/** One cache per root: a build into another output folder starts its pages afresh (templates and bundle still count). */
export function cacheFile(root: string): string {
  return path.join(root, '.sitegen', 'cache', 'build.json');
}

export function readCache(root: string): BuildCache | undefined {
  try {
    const cache = JSON.parse(readFileSync(cacheFile(root), 'utf8')) as BuildCache;
    return cache.format === FORMAT && cache.root === path.resolve(root) ? cache : undefined;
  } catch {
    return undefined;
  }
}

export function writeCache(root: string, cache: Omit<BuildCache, 'format' | 'root'>): void {
  const file = cacheFile(root);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ format: FORMAT, root: path.resolve(root), ...cache }));
  renameSync(temporary, file);
}

/** Modification time, size and inode; `missing` for a file that is not there. */
export function stampOf(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.size}:${info.ino}` : 'missing';
}

export function stampsOf(files: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...files].map((file) => [file, stampOf(file)]));
}

/** The memo's value when none of its inputs moved. */
export function recall<T>(memo: Memo<T> | undefined): T | undefined {
  if (!memo) return undefined;
  for (const [file, stamp] of Object.entries(memo.inputs)) if (stampOf(file) !== stamp) return undefined;
  return memo.value;
}

export function contentHash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
