/**
 * The site key: a hash of everything every page's HTML depends on besides
 * its own file. A build whose key differs from the cache's reuses no page.
 */
import path from 'node:path';
import { contentHash, listFiles, stampsOf } from '../files.ts';
import { SITEGEN_DIR } from '../paths.ts';
import type { PageAssets, RawDoc, SiteInfo, SiteTemplates } from '../model.ts';

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
