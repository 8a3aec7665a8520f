import { createHash } from 'node:crypto';
import type { BundledAssets, PageAssets, SiteInfo } from '../model.ts';
import { byCodeUnit } from '../files.ts';

export interface SiteAssets {
  page: PageAssets;
  /** CSP hashes (`sha256-…`) of the inline scripts in every page's head. */
  inlineScriptHashes: string[];
}

/** What every page links to: the bundle's hashed files and the inline head scripts, hashed for the CSP. */
export function pageAssets(site: SiteInfo, bundle: BundledAssets, options: { dev?: boolean } = {}): SiteAssets {
  const inlineHead = [HTML_CLASS_SCRIPT];
  const importMap = integrityImportMap(bundle.integrity, site.basePath);
  return {
    page: { ...bundle.assets, inlineHead, importMap, devScripts: options.dev ? ['/__sitegen/reload.js'] : [] },
    // The import map is an inline script too: the CSP's script-src governs it like any other.
    inlineScriptHashes: [...inlineHead, importMap].map(cspHash),
  };
}

function cspHash(code: string): string {
  return 'sha256-' + createHash('sha256').update(code).digest('base64');
}

/**
 * An import map holding only integrity metadata (Chromium 127+) for every
 * script of the bundle. The island chunks arrive through import() and React
 * through static imports inside them, and neither can carry an integrity
 * attribute; the map gives each of those fetches its hash, so a chunk
 * changed on the server or on the way is refused. Browsers without import
 * map integrity load the chunks as before.
 */
export function integrityImportMap(integrity: ReadonlyMap<string, string>, basePath = ''): string {
  // Keyed by the URL the browser fetches, which carries the base path.
  const scripts = [...integrity].filter(([url]) => url.endsWith('.js')).map(([url, hash]) => [basePath + url, hash]).sort(([a], [b]) => byCodeUnit(a, b));
  return JSON.stringify({ integrity: Object.fromEntries(scripts) });
}

/**
 * The class on <html> set before the first paint, which module scripts are
 * too late for: `js` lets the stylesheet keep no-JS fallbacks (the mobile
 * menu shown open) away from visitors with scripts. Visitors without
 * JavaScript do not get it and see the page.
 */
const HTML_CLASS_SCRIPT = 'document.documentElement.classList.add("js")';
