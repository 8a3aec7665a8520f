/**
 * What an editor may publish beside a page (a page's bundle, Hugo's page
 * bundles): files a browser shows or downloads and never runs on the site's
 * origin. A page may link to such a file, or show it as an image; anything
 * else (HTML, JavaScript, CSS, an SVG that holds script, an unknown type) is
 * an error at the Markdown line that names it, saying what to do instead.
 * The list is docs/collections-images-markdown.md's.
 */
import { readSiteText } from './site-reader.ts';
import path from 'node:path';

/** The extensions a bundle may publish, by kind: the kind names the file in an error and in the docs. */
export const PUBLISHABLE: Readonly<Record<string, readonly string[]>> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg'],
  audio: ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'flac'],
  video: ['mp4', 'm4v', 'webm', 'ogv', 'mov'],
  captions: ['vtt'],
  document: ['pdf', 'txt', 'csv', 'epub', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'],
  archive: ['zip'],
};

const KIND_OF = new Map(Object.entries(PUBLISHABLE).flatMap(([kind, extensions]) => extensions.map((extension) => [extension, kind] as const)));

/**
 * Why a bundle file (`file`, a path from the root) may not be published, with what to do instead; undefined when
 * it may. `asImage`: the page shows it as an image, which only an image may be.
 */
export function bundleFileProblem(root: string, file: string, asImage = false): { problem: string; instead: string } | undefined {
  const extension = path.posix.extname(file).slice(1).toLowerCase();
  const kind = KIND_OF.get(extension);
  const name = path.posix.basename(file);
  if (!kind) {
    return { problem: `${name} is ${typeName(extension)}, which a page may not publish`, instead: insteadOf(extension) };
  }
  if (asImage && kind !== 'image') {
    return { problem: `${name} is not an image`, instead: 'show an image (PNG, JPEG, GIF, WebP, AVIF or SVG) with ![…](…), and link to other files with […](…)' };
  }
  if (extension === 'svg') {
    const active = activeSvgContent(readSiteText(root, file));
    if (active) {
      return {
        problem: `${name} holds ${active}, which would run on the site's origin when the file is opened`,
        instead: 'export the drawing again without scripts, event handlers or embedded HTML (most editors have a "plain SVG" option), or save it as PNG',
      };
    }
  }
  return undefined;
}

/** What in an SVG could run or pull in content: script, event handlers, embedded HTML, javascript: links, entities, outside references. */
function activeSvgContent(svg: string): string | undefined {
  if (/<script\b/i.test(svg)) return 'a <script>';
  if (/<!ENTITY\b/i.test(svg)) return 'an entity declaration';
  if (/<foreignObject\b/i.test(svg)) return 'HTML in a <foreignObject>';
  if (/<(iframe|embed|object|handler|listener)\b/i.test(svg)) return 'an embedded document';
  if (/\son[a-z]+\s*=/i.test(svg)) return 'an event handler (an on… attribute)';
  if (/=\s*["']?\s*(?:javascript|vbscript|data:text\/html)/i.test(svg)) return 'a javascript: address';
  if (/(?:xlink:)?href\s*=\s*["']\s*(?:https?:)?\/\//i.test(svg)) return 'a reference to another site';
  if (/<set\b[^>]*attributeName\s*=\s*["']?(?:xlink:)?href/i.test(svg) || /<animate\b[^>]*attributeName\s*=\s*["']?(?:xlink:)?href/i.test(svg)) return 'an animation that changes a link';
  return undefined;
}

function typeName(extension: string): string {
  if (!extension) return 'a file without an extension';
  const known: Record<string, string> = {
    html: 'an HTML page', htm: 'an HTML page', xhtml: 'an HTML page', js: 'JavaScript', mjs: 'JavaScript', cjs: 'JavaScript',
    css: 'a stylesheet', wasm: 'WebAssembly', xml: 'an XML document', json: 'a JSON file', php: 'a PHP script',
  };
  return known[extension] ?? `a .${extension} file`;
}

function insteadOf(extension: string): string {
  if (['html', 'htm', 'xhtml'].includes(extension)) return 'write the page as Markdown beside it (a page of its own), or a template in templates/ for what Markdown cannot say';
  if (['js', 'mjs', 'cjs', 'wasm'].includes(extension)) return 'code belongs in templates/ (an island for what must run in the browser), where the developer reviews it';
  if (extension === 'css') return 'styles belong in templates/ (the site\'s stylesheet)';
  return `publish images, audio, video, PDF and the like (${Object.values(PUBLISHABLE).flat().join(', ')}); put other files in public/, where the developer reviews them`;
}
