/**
 * Where the pages that integrations make from code are written
 * (src/pipeline/integrations.ts), one folder per integration; named from
 * content/pages/ like any page file (src/load/content-files.ts), so that
 * every stage reads, stamps and caches them as it does the editor's
 * (`../../.sitegen/generated/pages/NAME/about.md`).
 */
export const GENERATED_PAGES = '.sitegen/generated/pages';
export const GENERATED_PREFIX = `../../${GENERATED_PAGES}/`;
