/**
 * What templates import as `sitegen`: the schema helpers for their content
 * type, the Island wrapper, and the shapes of the data they receive. The
 * build bundles this module into the template bundle, so its state (the
 * validation context) lives in that bundle, set by the generated entry.
 */
import { z } from 'zod';

export { z };
export { Island } from './island.tsx';
export type { PageInfo, SiteInfo, PageProps, LayoutProps, TemplateModule, LayoutModule } from './model.ts';

interface ValidationContext {
  routes: ReadonlySet<string>;
  publicFiles: ReadonlySet<string>;
}

let context: ValidationContext = { routes: new Set(), publicFiles: new Set() };

/** Called by the build before it validates, so link() and asset() know what exists. */
export function setValidationContext(next: ValidationContext): void {
  context = next;
}

const EXTERNAL = /^(https?:|mailto:|tel:)/i;

/** The route or public file part of an internal URL: `/about#team` → `/about`. */
function internalTarget(url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const target = url.replace(/[?#].*$/, '');
  return target.length > 1 ? target.replace(/\/$/, '') : '/';
}

/** A link: an external URL, an in-page anchor, or a route or public file of this site. */
export function link() {
  return z.string().min(1, 'expected a link, got an empty text').superRefine((url, ctx) => {
    if (EXTERNAL.test(url) || url.startsWith('#')) return;
    const target = internalTarget(url);
    if (target === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${url}" is not a link: use /route, #anchor, https://…, mailto: or tel:` });
    } else if (!context.routes.has(target) && !context.publicFiles.has(target)) {
      ctx.addIssue({ code: 'custom', message: `links to ${target}, which is neither a route nor a file in public/` });
    }
  });
}

/**
 * An address on another site that content links to (a profile, a partner):
 * https:// with a domain name only, so that content cannot carry a
 * `javascript:` or `data:` URL into an href (zod's plain url() allows both).
 */
export function webAddress() {
  return z.url({
    protocol: /^https$/,
    hostname: z.regexes.domain,
    message: 'expected the full https:// address of a page on the web, such as https://www.linkedin.com/in/name',
  });
}

/** A file under public/, written as its URL path (`/img/logo.svg`). */
export function asset() {
  return z.string().superRefine((url, ctx) => {
    if (!url.startsWith('/')) {
      ctx.addIssue({ code: 'custom', message: `"${url}" should start with / (a file under public/)` });
    } else if (!context.publicFiles.has(url)) {
      ctx.addIssue({ code: 'custom', message: `public${url} does not exist` });
    }
  });
}

/** An image: a public file with its intrinsic size and a text alternative. */
export function image() {
  return z.strictObject({
    src: asset(),
    alt: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  });
}
