/**
 * The build, top to bottom: load → validate → render → bundle → emit.
 * Each stage is a function of its own module; this file only orders them.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadContent, type RawDoc } from './load.ts';
import { compileTemplates, type Templates } from './templates.ts';
import { validateContent, type SiteModel } from './validate.ts';
import { bundleIslands, type BundleResult } from './bundle.ts';
import { renderPages, renderSiteFiles, type OutputFiles } from './render.ts';
import { emitSite, listPublicFiles } from './emit.ts';
import { throwIfAny } from './errors.ts';
import { pageAssets, type SiteAssets } from './assets.ts';
import { withLoginKey } from './login-key.ts';

export interface BuildOptions {
  root: string;
  outDir?: string;
  now?: Date;
  /** Adds the live-reload client to every page. */
  dev?: boolean;
}

export interface BuildResult {
  model: SiteModel;
  templates: Templates;
  bundle: BundleResult;
  publicFiles: Set<string>;
  /** Every content file as last read (for incremental rebuilds), and the ones that failed to parse. */
  rawDocs: Map<string, RawDoc>;
  /** Route → islands its page uses. */
  islands: Map<string, string[]>;
  files: OutputFiles;
  outDir: string;
  assets: SiteAssets;
  warnings: string[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

export async function buildSite({ root, outDir = path.join(root, 'dist'), now = new Date(), dev = false }: BuildOptions): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  const timed = async <T>(stage: string, work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
    }
  };

  // Reading content, compiling templates and bundling islands do not depend on each other.
  const [raw, publicFiles, templates, bundle] = await Promise.all([
    timed('load', () => loadContent(root)),
    timed('load', () => listPublicFiles(root)),
    timed('templates', () => compileTemplates(root)),
    timed('bundle', () => bundleIslands(root)),
  ]);
  const { model: validated, errors } = await timed('validate', () => validateContent(raw, templates, publicFiles, now));
  throwIfAny(errors);
  // The login page embeds the public key that content/site.yaml names; reading it is I/O, so it happens here.
  const model: SiteModel = { ...validated!, site: await timed('load', () => withLoginKey(root, validated!.site, raw.site)) };
  const warnings = siteWarnings(model!);
  const assets = pageAssets(model!.site, bundle, { dev });
  const { files, islands } = await timed('render', () => renderPages(model!, templates, assets.page));
  for (const [name, contents] of renderSiteFiles(model!, assets.inlineScriptHashes)) files.set(name, contents);
  for (const [url, contents] of bundle.files) files.set(url.slice(1), contents);
  await timed('emit', () => emitSite(root, outDir, files));
  const rawDocs = new Map([...(raw.site ? [raw.site] : []), ...raw.pages].map((doc) => [doc.file, doc]));
  return { model: model!, templates, bundle, publicFiles, rawDocs, islands, files, outDir, assets, warnings, timings };
}

function siteWarnings(model: SiteModel): string[] {
  const warnings: string[] = [];
  if (!model.site.gate) {
    warnings.push('content/site.yaml: no gate configured, so the bot-detection check is skipped and every page renders at once');
  }
  return warnings;
}
