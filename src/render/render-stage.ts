/**
 * The render stage as the pipeline calls it. Its options are how it goes
 * about the same work: worker threads for large sites (./worker-pool.ts),
 * and reuse of the unchanged pages of the last build (./page-reuse.ts,
 * from the build cache). Page files start loading as soon as it starts,
 * while the templates compile and the islands bundle.
 */
import { fromRecord, type SiteError } from '../errors.ts';
import type { BuildCache } from '../emit/build-cache.ts';
import type { SiteTemplates } from '../model.ts';
import type { BuiltPage, PageJobResult, RenderJob } from './page-jobs.ts';
import { changedPages, type Reuse } from './page-reuse.ts';
import { startPagePool } from './worker-pool.ts';
import { routeOf } from '../load/content-files.ts';

export interface RenderOptions {
  root: string;
  outDir: string;
  pageFiles: string[];
  /** Reuse the unchanged pages of the last build recorded in this cache. */
  reuseFrom?: BuildCache;
  /** At most this many threads (1: the main thread only). */
  threads?: number;
}

export interface RenderStage {
  /** With the site key known: the pages reused as built (clean) and those to render (dirty). */
  plan(siteKey: string): { clean: BuiltPage[]; dirty: string[]; restamped: boolean };
  /** Validates, renders and writes the dirty pages into the job's staging folder. */
  render(job: RenderJob, templates: SiteTemplates, dirty: string[]): Promise<RenderedShares>;
  close(): void;
}

export interface RenderedShares {
  built: BuiltPage[];
  errors: SiteError[];
  warnings: string[];
  results: PageJobResult[];
}

export async function startRender(options: RenderOptions): Promise<RenderStage> {
  const { root, outDir, pageFiles, reuseFrom, threads } = options;
  const reusable: Reuse | undefined = reuseFrom && changedPages(root, outDir, reuseFrom, pageFiles);
  const routeFiles = Object.fromEntries(pageFiles.map((file) => [routeOf(file), file]));
  const pool = await startPagePool({ root, routeFiles, stamps: reusable?.stamps }, reusable?.suspects ?? pageFiles, threads);
  return {
    plan(siteKey) {
      const { clean, dirty } = reusable ? reusable.confirm(siteKey) : { clean: [], dirty: pageFiles };
      return { clean, dirty, restamped: reusable?.restamped ?? false };
    },
    async render(job, templates, dirty) {
      const results = await pool.render(job, templates, dirty);
      return {
        built: results.flatMap((item) => item.pages),
        errors: results.flatMap((item) => item.errors.map(fromRecord)),
        warnings: results.flatMap((item) => item.warnings),
        results,
      };
    },
    close: () => pool.close(),
  };
}
