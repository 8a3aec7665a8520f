import { createHash } from 'node:crypto';
import type { BundleResult } from './bundle.ts';
import type { PageAssets } from './document.tsx';
import type { SiteInfo } from './model.ts';

export interface SiteAssets {
  page: PageAssets;
  /** CSP hashes (`sha256-…`) of the inline scripts in every page's head. */
  inlineScriptHashes: string[];
}

/** What every page links to: the bundle's hashed files and the inline head scripts, hashed for the CSP. */
export function pageAssets(site: SiteInfo, bundle: BundleResult, options: { dev?: boolean } = {}): SiteAssets {
  const inlineHead: string[] = [];
  void site;
  return {
    page: { ...bundle.assets, inlineHead, devScripts: options.dev ? ['/__sitegen/reload.js'] : [] },
    inlineScriptHashes: inlineHead.map((code) => 'sha256-' + createHash('sha256').update(code).digest('base64')),
  };
}
