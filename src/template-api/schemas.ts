/**
 * The schema helpers templates use for content that points at something:
 * a route, a public file, a web address, an endpoint, a local file. They
 * check against the scope of the validation in progress (./scope.ts).
 */
import { readLocalText } from '../site-reader.ts';
import { bundleFileProblem } from '../bundle-files.ts';
import path from 'node:path';
import { z } from 'zod';
import { EDITOR_KEY } from './editor-key.ts';
import { activeScope, fileOf, type ValidationScope } from './scope.ts';
import { resolvedFrom } from '../base-path.ts';
import { didYouMean } from '../did-you-mean.ts';
import { imageFacts, imageKindOf, imageLimitProblem, publishedSrcOf, variantsOf, VARIANT_FORMATS } from './image-facts.ts';

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
    const { scope, notes } = activeScope();
    if (target !== undefined && scope.routes.has(target)) notes.links?.push(target);
    if (target === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${url}" is not a link: use /route, #anchor, https://…, mailto: or tel:` });
    } else if (!scope.routes.has(target) && !scope.publicFiles.has(target)) {
      const suggestion = didYouMean(target, [...scope.routes, ...scope.publicFiles], false);
      ctx.addIssue({ code: 'custom', message: `links to ${target}, which is neither a route nor a file in public/${suggestion ? `: ${suggestion}` : ''}` });
    }
  }).meta({ [EDITOR_KEY]: 'link' });
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

/**
 * Where the site sends a call or loads a script from: a path on this site or
 * an http(s) address (never `javascript:` or `data:`, which zod's url() allows).
 */
export function endpoint(example = '/api/example') {
  return z.string().min(1).refine(
    (value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^/]/i.test(value) && URL.canParse(value),
    { message: `expected a path on this site such as ${example}, or a full https:// address` },
  );
}

/** A file under public/, written as its URL path (`/img/logo.svg`). */
export function asset() {
  return z.string().superRefine((url, ctx) => {
    if (!url.startsWith('/')) {
      ctx.addIssue({ code: 'custom', message: `"${url}" should start with / (a file under public/)` });
    } else if (!activeScope().scope.publicFiles.has(url)) {
      const suggestion = didYouMean(url, activeScope().scope.publicFiles, false);
      ctx.addIssue({ code: 'custom', message: `public${url} does not exist${suggestion ? `: ${suggestion}` : ''}` });
    }
  });
}

/**
 * An image and its text alternative. `src` is a file in public/ (`/img/a.png`),
 * a file beside the page (`./photo.jpg`, its bundle), or an address on a
 * host that site.yaml's `images.remote` lists (fetched at build). Its
 * intrinsic size comes from the file, so an editor never types it; a typed
 * `width` or `height` must match the file's. A PNG or JPEG also gets its
 * AVIF and WebP variants (`sources`, made by the emit stage); an image from
 * outside public/ reaches the output only through them (./image-facts.ts
 * publishedSrcOf).
 */
export function image() {
  return z.strictObject({
    src: z.string().min(1, 'expected an image: /img/photo.png, ./photo.jpg beside the page, or an https:// address'),
    alt: z.string(),
    width: z.number().int().positive().optional().describe('read from the file: leave it out'),
    height: z.number().int().positive().optional().describe('read from the file: leave it out'),
  }).transform((value, ctx): ImageValue => {
    const { scope, notes } = activeScope();
    const found = imageFileOf(scope, value.src);
    if ('problem' in found) {
      ctx.addIssue({ code: 'custom', message: found.problem, path: ['src'], input: value.src });
      return z.NEVER;
    }
    const { file, url } = found;
    // The size and the variants' names come from the file's bytes: the build's keys hold the stamps of every
    // image (imagesStampOf), so changing one renders the pages again without making them unreusable.
    const facts = imageFacts(path.join(scope.root, file));
    if (!facts) {
      const fix = imageKindOf(file) === 'svg' ? 'give its <svg> a viewBox (or width and height)' : 'use a PNG, JPEG, WebP, AVIF, GIF or SVG file';
      ctx.addIssue({ code: 'custom', message: `${file} has no size that sitegen can read: ${fix}`, path: ['src'], input: value.src });
      return z.NEVER;
    }
    const limit = imageLimitProblem(file, facts);
    if (limit) {
      ctx.addIssue({ code: 'custom', message: limit, path: ['src'], input: value.src });
      return z.NEVER;
    }
    for (const key of ['width', 'height'] as const) {
      if (value[key] !== undefined && value[key] !== facts[key]) {
        ctx.addIssue({
          code: 'custom', path: [key], input: value[key],
          message: `${key} ${value[key]} differs from the file's: ${file} is ${facts.width}×${facts.height}; remove ${key} (it is read from the file)`,
        });
      }
    }
    const variants = variantsOf(file, facts);
    if (variants.length > 0 || !file.startsWith('public/')) notes.images.push(file);
    const sources = VARIANT_FORMATS.map((format) => ({
      type: `image/${format}`,
      srcSet: variants.filter((variant) => variant.format === format).map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    })).filter((source) => source.srcSet !== '');
    return { src: publishedSrcOf(file, url, facts), alt: value.alt, width: facts.width, height: facts.height, ...(sources.length ? { sources } : {}) };
  });
}

/**
 * The file behind an image's address, or what is wrong with it: a file in
 * public/ or a page's bundle (a relative address is read from the page's
 * folder), or a remote image the build fetched from a listed host.
 */
export function imageFileOf(scope: ValidationScope, src: string): { file: string; url: string } | { problem: string } {
  if (/^https?:\/\//i.test(src)) {
    let origin: string;
    try {
      origin = new URL(src).origin;
    } catch {
      return { problem: `"${src}" is not a web address` };
    }
    if (!(scope.remoteOrigins ?? []).includes(origin)) {
      return { problem: `${origin} is not a host this site takes images from: list it in site.yaml under images.remote, and the build fetches the image and serves it from the site` };
    }
    const file = scope.remoteImages?.get(src);
    return file ? { file, url: src } : { problem: `${src} was not fetched (the build reports why above)` };
  }
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) return { problem: `"${src}" is no image address: use /img/photo.png, ./photo.jpg or an https:// address` };
  const url = src.startsWith('/') ? src : resolvedFrom(scope.folder ?? '/', src);
  const file = fileOf(scope, url);
  const refused = file && scope.bundleFiles?.get(url) === file ? bundleFileProblem(scope.root, file, true) : undefined;
  if (refused) return { problem: `${refused.problem}: ${refused.instead}` };
  if (file) return { file, url };
  const known = [...scope.publicFiles, ...scope.bundleFiles?.keys() ?? []];
  const suggestion = didYouMean(url, known, false);
  const where = src.startsWith('/') ? `public${url} does not exist` : `${src} is not beside the page (content/pages${url} does not exist)`;
  return { problem: `${where}${suggestion ? `: ${suggestion}` : ''}` };
}

/** An image as templates receive it: its size from the file, and for PNG and JPEG the variants to offer in a <picture>. */
export interface ImageValue {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** One per modern format (AVIF, then WebP), each with every width: for <source type srcSet sizes>. */
  sources?: { type: string; srcSet: string }[];
}

export interface LocalFileOptions {
  /** A missing file is a warning, not an error: the value is then undefined and the build goes on. */
  optional?: boolean;
  /** What the warning for a missing file says will not work, and how to fix it. */
  missing?: string;
}

/**
 * A file on the build machine, named by its path relative to the site root
 * (a key made by a command, data kept out of public/), whose value is the
 * file's text, read at build time. It never reaches dist/ unless a template
 * puts it there. The build cache watches the file: changing it rebuilds.
 */
export function localFile(options: { optional: true; missing?: string }): z.ZodType<string | undefined, string>;
export function localFile(options?: LocalFileOptions): z.ZodType<string, string>;
export function localFile(options: LocalFileOptions = {}): z.ZodType<string | undefined, string> {
  return z.string().min(1).transform((file, ctx) => {
    const { scope, notes } = activeScope();
    // Read by the one reader: inside the site (a link that leads out would read what it points at), and bounded.
    const read = readLocalText(scope.root, file);
    if (read && 'problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem, input: file });
      return z.NEVER;
    }
    notes.localFiles.push(path.resolve(scope.root, file));
    if (read) return read.text;
    const consequence = options.missing ? `: ${options.missing}` : '';
    if (options.optional) {
      notes.warnings.push(`${file} does not exist${consequence}`);
      return undefined;
    }
    ctx.addIssue({ code: 'custom', message: `${file} does not exist${consequence}`, input: file });
    return z.NEVER;
  });
}
