import type { SiteError } from './errors.ts';
import type { RawDoc } from './model.ts';
import { fieldError } from './field-error.ts';

/** The route a page copies (`copyOf: /botshieldai`), if it is a copy. */
export function copyTargetOf(doc: RawDoc): string | undefined {
  const data = doc.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || !('copyOf' in data)) return undefined;
  return typeof data.copyOf === 'string' ? data.copyOf : '';
}

/**
 * A page that shows another page's content: its file says `copyOf: /route`
 * and may set its own title or description. It gets the other page's
 * template and data, a canonical link to it, and stays out of the sitemap.
 * Errors in the copied data point at the copy's `copyOf` line (the original
 * reports them at their own lines too).
 */
export function resolveCopy(doc: RawDoc, target: RawDoc | undefined, errors: SiteError[]): RawDoc | undefined {
  const route = copyTargetOf(doc);
  if (route === undefined) return doc;
  if (!route.startsWith('/')) {
    errors.push(fieldError(doc, ['copyOf'], 'expected the route of the page to show, such as /botshieldai'));
    return undefined;
  }
  if (!target) {
    errors.push(fieldError(doc, ['copyOf'], `${route} is not a route`, 'copyOf names the route of another content file'));
    return undefined;
  }
  if (copyTargetOf(target) !== undefined) {
    errors.push(fieldError(doc, ['copyOf'], `${route} is itself a copy`, `copy the page that ${route} copies instead`));
    return undefined;
  }
  const { copyOf: _copyOf, ...own } = doc.data as Record<string, unknown>;
  const targetData = target.data && typeof target.data === 'object' ? target.data as Record<string, unknown> : {};
  return {
    ...target,
    file: doc.file,
    route: doc.route,
    source: doc.source,
    data: { ...targetData, canonical: route, sitemap: false, ...own },
    locate: (fieldPath, key) => (typeof fieldPath[0] === 'string' && fieldPath[0] in own ? doc.locate(fieldPath, key) : doc.locate(['copyOf'])),
  };
}
