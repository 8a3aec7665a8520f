/**
 * What `buildSite` takes and gives back; kept apart so the orchestrator
 * (src/pipeline.ts) reads as the order of the stages.
 */
import type { BundleResult } from './bundle/bundle-islands.ts';
import type { OutputFiles } from './emit/site-files.ts';
import type { RawDoc } from './load/parse.ts';
import type { PagesFolder } from './load/content-files.ts';
import type { PageSummary, SiteInfo, SiteModel } from './model.ts';
import type { Templates } from './render/compile-templates.ts';
import type { SiteAssets } from './render/page-assets.ts';
import type { PageEntry } from './cache/build-cache.ts';
import type { RenderedShares } from './pipeline/render-stage.ts';
import type { HookRunner } from './pipeline/hook-runner.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  now?: Date;
  /** Adds the live-reload client to every page (`sitegen dev`'s own folder, never dist/). */
  dev?: boolean;
  /** Use worker threads when the site is large enough (default true). */
  parallel?: boolean;
  /** This many threads for the pages (default: one per core for sites of 4,000 pages or more); 1 keeps the build on the main thread. */
  threads?: number;
  /** Reuse what the last build made from unchanged inputs (default true). */
  cache?: boolean;
  /** Told when each stage starts and ends (the CLI's progress line); stages overlap. */
  onStage?: StageListener;
  /**
   * How the output folder receives the build. 'auto' (the default): a build that reuses pages of the last one (a warm
   * build) updates the folder in place, each changed page whole with its assets (src/emit/staging.ts updateSite);
   * any other is staged and swapped in whole. 'swap' (`--atomic`): always staged and swapped in whole, so the folder
   * holds either the last build or this one. 'update': always in place (dev's rebuilds: its server keeps serving
   * the folder). 'none': the pages are validated, nothing is rendered or written (`sitegen check`).
   */
  output?: 'auto' | 'swap' | 'update' | 'none';
  /**
   * dev's rebuilds: the page files (paths under content/pages/) its watcher has seen no event for since the last
   * build, with the stamps that build took (BuildResult.stamps). The ledger takes these instead of a stat of each: at
   * 5,000 pages the stats were 15 ms of every rebuild before the edited page could be served. A file not given is
   * looked at as always.
   */
  unchanged?: Pick<ReadonlyMap<string, string>, 'get'>;
  /**
   * dev's rebuilds: told when the rendered pages are in the output, before the site-wide files (the sitemap,
   * llms.txt) are made, so that open tabs reload at once. Not called when none changed, nor when the pages could not
   * go first (new assets, a page bundle's files to copy): then the build's end is the moment.
   */
  onPagesServed?: () => void;
  /**
   * dev's rebuilds: content/pages/ as the last good build listed it (BuildResult.listed), when the watcher saw no
   * file or folder added or removed under content/ since. Taken instead of a walk of the folder (7 ms at 5,000 pages).
   */
  listed?: PagesFolder;
}

export type StageListener = (stage: string, phase: 'start' | 'end') => void;

export interface BuildResult {
  /** Every page of the site: its route and file, whether the sitemap lists it, the islands it uses. */
  pages: PageSummary[];
  /** How many pages were built (routes): pages.length, known without reading a reused build's entries. */
  pageCount: number;
  /** How many pages this build rendered (the others were unchanged and reused). */
  rendered: number;
  /** The site as site.yaml gives it, validated. */
  model: Pick<SiteModel, 'site'>;
  /** The imported templates; absent when every page was unchanged and none had to be rendered. */
  templates?: Templates;
  bundle: BundleResult;
  publicFiles: Set<string>;
  /** Route → islands its page uses. */
  islands: Map<string, string[]>;
  /** The files written beside the pages and public/'s: the site files, and what integrations' files hooks made. */
  files: OutputFiles;
  outDir: string;
  assets: SiteAssets;
  warnings: string[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** Pages rendered by each thread, the main thread first (one entry when the build stayed on it). */
  pagesByThread: number[];
  /** With output 'update': how many files of the output folder changed (0: nothing to reload). */
  changed?: number;
  /** The site's integrations, through their one runner: `sitegen check` asks them what to check in what they wrote. Set by a check. */
  hooks?: HookRunner;
  /** Files beyond content/, templates/ and public/ that the site's integrations read (their `watch`), relative to the root: dev rebuilds on them. */
  watch?: string[];
  /** The stamp this build took of each page file (paths under content/pages/), when it used the cache: dev's next `unchanged`. */
  stamps?: Readonly<Record<string, string>>;
  /** dev's builds: content/pages/ as this build listed it, for the next rebuild's `listed`. */
  listed?: PagesFolder;
}

/**
 * `clean` may be a function: a build that changed nothing reads the cache's
 * page entries only if its caller asks for `pages` or `islands` (the CLI
 * needs only `pageCount`), and then once.
 */
export function buildResult(parts: {
  outDir: string; site: SiteInfo; bundle: BundleResult; publicFiles: Set<string>; assets: SiteAssets; clean: PageEntry[] | (() => PageEntry[]);
  rendered?: RenderedShares; files?: OutputFiles; siteDoc?: RawDoc; templates?: Templates; warnings: string[]; timings: Record<string, number>;
  pageCount?: number;
}): BuildResult {
  const { rendered } = parts;
  let sorted: PageSummary[] | undefined;
  // Code-unit order, as the file list is sorted.
  const pages = () => (sorted ??= [...typeof parts.clean === 'function' ? parts.clean() : parts.clean, ...rendered?.built ?? []].map((entry) => entry.page)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)));
  let islands: Map<string, string[]> | undefined;
  const result: Omit<BuildResult, 'pages' | 'islands'> = {
    pageCount: parts.pageCount ?? pages().length,
    rendered: rendered?.built.filter((entry) => !entry.reused).length ?? 0,
    model: { site: parts.site },
    templates: parts.templates,
    bundle: parts.bundle,
    publicFiles: parts.publicFiles,
    files: new Map(parts.files ?? []),
    outDir: parts.outDir,
    assets: parts.assets,
    warnings: parts.warnings,
    timings: parts.timings,
    pagesByThread: rendered?.byThread ?? [],
  };
  return Object.defineProperties(result, {
    pages: { get: pages, enumerable: true },
    islands: { get: () => (islands ??= new Map(pages().map((page) => [page.route, page.islands]))), enumerable: true },
  }) as BuildResult;
}
