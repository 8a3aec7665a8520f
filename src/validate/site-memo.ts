/**
 * content/site.yaml and content/data/ validated once per change: a warm
 * build whose site.yaml, data files, templates, routes, public files and local files are as the last build saw
 * them takes the validated site from the build cache, without importing the
 * templates or zod.
 */
import { SiteError } from '../errors.ts';
import { siteMemoHolds, siteMemoKeyOf, stampsNow } from '../cache/ledger.ts';
import type { SiteMemo } from '../cache/build-cache.ts';
import type { RawDoc } from '../model.ts';
import type { SiteInfo } from '../model.ts';
import type { ValidationScope, ValidationTemplates } from './validate.ts';

export interface ValidatedSite {
  site?: SiteInfo;
  errors: SiteError[];
  warnings: string[];
  images: string[];
  memo?: SiteMemo;
}

export async function validateSiteOnce(input: {
  siteDoc: RawDoc;
  /** content/data/'s files, and the errors of those that could not be read. */
  data: { docs: RawDoc[]; errors: SiteError[] };
  moduleFile: string; scope: ValidationScope; now: Date; templates: () => Promise<ValidationTemplates>; memo?: SiteMemo;
  /** The stamp of public/'s images, whose sizes image() reads (imagesStampOf). */
  imagesStamp: string;
}): Promise<ValidatedSite> {
  const { siteDoc, scope, now, memo } = input;
  const key = siteMemoKeyOf({
    siteDoc, dataDocs: input.data.docs, moduleFile: input.moduleFile, routes: scope.routes, publicFiles: scope.publicFiles, imagesStamp: input.imagesStamp, now,
  });
  if (input.data.errors.length === 0 && siteMemoHolds(memo, key)) {
    return { site: memo.value, errors: [], warnings: memo.warnings, images: memo.images, memo };
  }
  // Imported here, not at the top: a build that finds site.yaml in its cache never needs zod or marked.
  const { validateSite, validateFor } = await import('./validate.ts');
  validateFor(scope.routes.size);
  const errors: SiteError[] = [...input.data.errors];
  const { site, notes } = validateSite(siteDoc, await input.templates(), scope, errors, now, input.data.docs);
  const fresh = site && { key, value: site, warnings: notes.warnings, images: notes.images, localFiles: stampsNow(notes.localFiles) };
  return { site, errors, warnings: notes.warnings, images: notes.images, memo: fresh };
}
