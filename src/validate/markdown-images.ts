/**
 * Images written in Markdown bodies (`![the team](/img/team.png)`) get what
 * `image()` fields get: their size from the file, so nothing shifts while
 * they load, `loading="lazy"` and `decoding="async"`, and for PNG and JPEG
 * the AVIF and WebP variants in a <picture>. The emit stage makes the
 * variants (the image goes into `notes.images`). A missing file is already
 * an error at its line (./markdown-links.ts); an image whose size cannot be
 * read (an SVG with no viewBox) is left as written.
 */
import path from 'node:path';
import { escapeHtml, unescapeHtml } from '../escape.ts';
import type { MarkdownReference } from '../markdown/markdown.ts';
import { fileOf, type ValidationNotes, type ValidationScope } from '../template-api/scope.ts';
import { imageFacts, publishedSrcOf, variantsOf, VARIANT_FORMATS } from '../template-api/image-facts.ts';
import { targetOf } from './markdown-links.ts';

/**
 * The body's HTML with each local image sized, lazy, and offered in smaller formats where it has them.
 * `published` is given each image's address as written (resolved) and the one the page serves it at.
 */
export function sizeMarkdownImages(
  html: string, references: readonly MarkdownReference[], route: string, scope: ValidationScope, notes?: ValidationNotes,
  published?: Map<string, string>,
): string {
  // The image's address as the HTML has it → its file and its address on the site.
  const local = new Map<string, { file: string; url: string }>();
  for (const reference of references) {
    if (reference.kind !== 'image') continue;
    const target = targetOf(reference.href, route);
    const file = fileOf(scope, target);
    if (file) local.set(reference.href, { file, url: target });
  }
  // A remote image on a host the site lists was fetched by the build: it is served from the site like a local one.
  const remote = scope.remoteImages;
  if (local.size === 0 && !remote?.size) return html;
  const lookUp = (src: string) => local.get(src) ?? (remote?.has(src) ? { file: remote.get(src)!, url: src } : undefined);
  return html.replace(/<img ([^>]*?)\/?>/g, (tag, attributes: string) => {
    const src = attributeOf(attributes, 'src');
    const found = src === undefined ? undefined : lookUp(src);
    if (found === undefined) return tag;
    const facts = imageFacts(path.join(scope.root, found.file));
    if (!facts) return tag;
    const alt = attributeOf(attributes, 'alt') ?? '';
    const title = attributeOf(attributes, 'title');
    const served = publishedSrcOf(found.file, found.url, facts);
    published?.set(src!, served);
    const img = `<img src="${escapeHtml(served)}" alt="${escapeHtml(alt)}"${title === undefined ? '' : ` title="${escapeHtml(title)}"`}`
      + ` width="${facts.width}" height="${facts.height}" loading="lazy" decoding="async">`;
    const variants = variantsOf(found.file, facts);
    if (variants.length > 0 || !found.file.startsWith('public/')) notes?.images.push(found.file);
    if (variants.length === 0) return img;
    const sizes = `(max-width: ${facts.width}px) 100vw, ${facts.width}px`;
    const sources = VARIANT_FORMATS.map((format) => {
      const srcset = variants.filter((variant) => variant.format === format).map((variant) => `${variant.url} ${variant.width}w`).join(', ');
      return `<source type="image/${format}" srcset="${escapeHtml(srcset)}" sizes="${sizes}">`;
    });
    return `<picture>${sources.join('')}${img}</picture>`;
  });
}

/** An attribute of a tag that marked or the sanitiser wrote (double-quoted, entities escaped), unescaped. */
function attributeOf(attributes: string, name: string): string | undefined {
  const value = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
  return value === undefined ? undefined : unescapeHtml(value);
}
