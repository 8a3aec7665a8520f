import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the pages that integrations make from code are written
 * (src/pipeline/integrations.ts), one folder per integration; named from
 * content/pages/ like any page file (src/load/content-files.ts), so that
 * every stage reads, stamps and caches them as it does the editor's
 * (`../../.sitegen/generated/pages/NAME/about.md`).
 */
export const GENERATED_PAGES = '.sitegen/generated/pages';
export const GENERATED_PREFIX = `../../${GENERATED_PAGES}/`;

/**
 * A page an integration made, by its name from content/pages/ (with
 * `content/pages/` before it or not): the integration, and its path inside
 * that integration's folder (`glossary.md`, `people/ada.md`).
 */
export function generatedPageOf(file: string): { integration: string; inside: string } | undefined {
  const match = /^(?:content\/pages\/)?\.\.\/\.\.\/\.sitegen\/generated\/pages\/([^/]+)\/(.+)$/.exec(file.replace(/\\/g, '/'));
  return match ? { integration: match[1], inside: match[2] } : undefined;
}

/** A site without code configuration makes no pages from code: what an earlier one made goes. */
export async function removeGeneratedPages(root: string): Promise<void> {
  const folder = path.join(root, GENERATED_PAGES);
  if (existsSync(folder)) await rm(folder, { recursive: true, force: true });
}
