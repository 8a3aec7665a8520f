/**
 * The outputs of a build claimed in order, before the integrations add
 * theirs: public/'s files (the editor's own), each page with the files made
 * from it, sitegen's own files (the bundle, the redirects, the not-found
 * page), then the image variants. A path two of them
 * claim is an error naming both, at the file an editor can rename: before,
 * a page or sitegen's file silently replaced the one in public/.
 */
import type { PageEntry } from '../cache/build-cache.ts';
import { SiteError } from '../errors.ts';
import type { SiteInfo } from '../model.ts';
import { outputClaims, type OutputClaims, type Writer } from '../output-claims.ts';
import { NOT_FOUND_ROUTE, outputPathOf } from '../output-path.ts';

/** What sitegen writes besides the pages, by path, described for an error. */
const SITEGEN_FILES: Record<string, string> = {
  '404.html': 'the page for unknown addresses',
  _redirects: 'the redirects for static hosts',
};

export function claimOutputs(
  site: SiteInfo, built: readonly PageEntry[], siteFiles: Map<string, unknown>, publicFiles: ReadonlySet<string>,
  made: { images: readonly string[] },
): { claims: OutputClaims; errors: SiteError[] } {
  const claims = outputClaims();
  const errors: SiteError[] = [];
  const clash = (file: string, writer: Writer, other: string) => {
    // Named at what an editor can rename: the file in public/, else the page.
    const publicFile = other.startsWith('public/') ? other : undefined;
    const at = publicFile ?? (typeof writer === 'object' ? writer.page.file : undefined);
    const mine = typeof writer === 'object' ? `the page ${writer.page.route} (${writer.page.file})` : writer;
    errors.push(new SiteError('output-clash', `/${file} would be written by ${publicFile ? mine : other} and by ${publicFile ?? mine}: one would silently replace the other`, {
      ...(at ? { location: { file: at } } : {}),
      hint: publicFile ? 'rename or remove the file in public/ (or the page, or the setting that makes the other file)' : 'rename one of the two pages',
    }));
  };
  const take = (file: string, writer: Writer) => {
    const other = claims.claim(file, writer);
    if (other !== undefined) clash(file, writer, other);
  };
  for (const url of publicFiles) claims.claim(url.slice(1), `public${url}`);
  for (const entry of built) {
    // A page, and the files made from it (its twin, a list's pages and feeds): one writer, its content file.
    const writer = { page: entry.page };
    take(outputPathOf(entry.page.route, site.trailingSlash), writer);
    for (const file of entry.derived ?? []) take(file, writer);
    for (const file of entry.list?.files ?? []) take(file, writer);
  }
  for (const file of [...siteFiles.keys()]) {
    const writer = `sitegen (${SITEGEN_FILES[file] ?? (file.startsWith('assets/') ? 'the bundle' : 'a redirect or the nginx configuration')})`;
    if (file === '404.html') {
      // A site that shows a page of its own for unknown addresses: one in public/ is it, as /404 in content/pages/ is.
      if (site.fallback === 'not-found' && publicFiles.has('/404.html')) {
        siteFiles.delete(file);
        continue;
      }
      // A site whose unknown addresses go home: its 404.html is the redirect, in place of the /404 page's file (kept
      // for `fallback: not-found`), as site.yaml's fallback asks.
      if (site.fallback === 'redirect' && built.some((entry) => entry.page.route === NOT_FOUND_ROUTE && claims.isOwnedBy(file, { page: entry.page }))) {
        claims.replace(file, writer);
        continue;
      }
    }
    take(file, writer);
  }
  for (const file of made.images) take(file, 'sitegen (an image variant)');
  return { claims, errors };
}
