/**
 * What a build knows about an image in public/ without decoding it: its
 * intrinsic size (read from the header by image-size: a PNG's IHDR, a JPEG's
 * SOF, an SVG's width/height or viewBox) and, for PNG and JPEG, the responsive
 * variants it gets. The names of the variants come from the source's content
 * hash, so the validate stage can write the srcset and the emit stage can make
 * the files (src/emit/image-variants.ts) without either waiting for the other.
 */
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, readImageBytes } from '../site-reader.ts';

export type ImageKind = 'raster' | 'svg' | 'other';

export interface ImageFacts {
  width: number;
  height: number;
  kind: ImageKind;
  /** Hash of the file's bytes (and of the variant settings), which names the variants. */
  hash: string;
  /** The file's size in bytes. */
  bytes: number;
}

/** One responsive variant of a raster image. */
export interface ImageVariant {
  url: string;
  width: number;
  format: VariantFormat;
}

export type VariantFormat = 'avif' | 'webp';

/** Formats in the order a <picture> offers them: the smallest first. */
export const VARIANT_FORMATS: readonly VariantFormat[] = ['avif', 'webp'];
/** Widths of the variants, up to the image's own width (never upscaled), which is always one of them. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920];
/** Bump when the encoding settings change, so that cached variants and their names change too. */
export const VARIANT_SETTINGS = 'q1:avif50e4:webp75';

const RASTER = /\.(png|jpe?g)$/i;

export function imageKindOf(file: string): ImageKind {
  if (RASTER.test(file)) return 'raster';
  return /\.svg$/i.test(file) ? 'svg' : 'other';
}

/**
 * The most an image the build decodes may hold (public/, a page's bundle, a remote image): 100 million pixels
 * (10,000 × 10,000; a 50-megapixel camera's photo is half that) and 50 MB. A small file can declare a huge size
 * (a 31 KB PNG of 16,000 × 16,000 took 5 GB and minutes to decode), so the size in its header is checked before
 * anything decodes it, and the encoder is held to the same pixels and to a time (src/emit/image-variants.ts).
 */

/** Why an image is too big to publish (its file named as the caller names it), or undefined. */
export function imageLimitProblem(name: string, facts: ImageFacts): string | undefined {
  if (facts.bytes > MAX_IMAGE_BYTES) return `${name} is ${(facts.bytes / 1024 / 1024).toFixed(0)} MB, over the ${MAX_IMAGE_BYTES / 1024 / 1024} MB an image may be: save it smaller`;
  if (facts.kind === 'raster' && facts.width * facts.height > MAX_IMAGE_PIXELS) {
    return `${name} is ${facts.width} × ${facts.height} pixels, over the ${MAX_IMAGE_PIXELS / 1_000_000} million an image may have: scale it down (a page shows it at most ${VARIANT_WIDTHS.at(-1)} pixels wide)`;
  }
  return undefined;
}

const memo = new Map<string, { stamp: string; facts: ImageFacts | undefined }>();

/** The size and hash of an image file, or undefined when its header holds no size (an SVG with no width, height or viewBox). */
export function imageFacts(file: string): ImageFacts | undefined {
  const stats = statSync(file);
  const stamp = `${stats.mtimeMs}:${stats.size}`;
  const known = memo.get(file);
  if (known?.stamp === stamp) return known.facts;
  // A file over the limit is not read whole: its header gives its size, and imageLimitProblem refuses it.
  const bytes = readImageBytes(file, stats.size);
  let facts: ImageFacts | undefined;
  try {
    const { width, height } = imageSize(bytes);
    const hash = createHash('sha256').update(VARIANT_SETTINGS).update(bytes).digest('hex').slice(0, 10);
    facts = width && height ? { width, height, kind: imageKindOf(file), hash, bytes: stats.size } : undefined;
  } catch {
    facts = undefined; // not an image format image-size knows, or a header it cannot read
  }
  memo.set(file, { stamp, facts });
  return facts;
}

/**
 * Where an image from outside public/ (a page's bundle, a remote image) is
 * in the output: a PNG or JPEG only as its variants, its <img> falling back
 * to the widest WebP; any other image copied once under /assets/img/, named
 * by its content. An image in public/ stays at its own address.
 */
export function publishedSrcOf(file: string, url: string, facts: ImageFacts): string {
  if (file.startsWith('public/')) return url;
  if (facts.kind === 'raster') return variantsOf(file, facts).filter((variant) => variant.format === 'webp').at(-1)!.url;
  return copiedUrlOf(file, facts);
}

/** The address under /assets/img/ of an image from outside public/ that has no variants (SVG, GIF, WebP, AVIF). */
export function copiedUrlOf(file: string, facts: ImageFacts): string {
  const name = path.posix.basename(file);
  const extension = /\.[^.]+$/.exec(name)?.[0].toLowerCase() ?? '';
  return `/assets/img/${stemOf(file)}-${facts.hash}${extension}`;
}

function stemOf(file: string): string {
  return path.posix.basename(file).replace(/\.[^.]+$/, '').replace(/[^\w-]+/g, '-');
}

/** The variants of a raster image at `src` (a public URL or a path from the root: only its name counts), smallest first, for every format. */
export function variantsOf(src: string, facts: ImageFacts): ImageVariant[] {
  if (facts.kind !== 'raster') return [];
  const widths = [...VARIANT_WIDTHS.filter((width) => width < facts.width), facts.width];
  const stem = stemOf(src);
  return VARIANT_FORMATS.flatMap((format) => widths.map((width) => ({
    url: `/assets/img/${stem}-${facts.hash}-${width}.${format}`, width, format,
  })));
}

/**
 * Whether a file the build made and cached (a variant, a social card) is whole: it reads as an image of this format,
 * at most this wide (a photo turned by its EXIF orientation may come out narrower). A variant cut short by a full
 * disk, or overwritten, is made again rather than published.
 */
export function isWholeImage(bytes: Uint8Array, format: string, width = Number.MAX_SAFE_INTEGER): boolean {
  try {
    const found = imageSize(bytes);
    return found.type === format && (found.width ?? 0) > 0 && found.width! <= width && isComplete(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), format);
  } catch {
    return false;
  }
}

/** The format image-size names a file's by its extension (`photo.JPEG` → `jpg`): what isWholeImage expects it to be. */
export function imageFormatOf(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  return extension === 'jpeg' ? 'jpg' : extension;
}

/** Whether a file holds all its container says it does: a cut file passes a header check, not this. */
function isComplete(bytes: Buffer, format: string): boolean {
  if (format === 'webp') return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
  if (format === 'png') return bytes.length >= 12 && bytes.toString('latin1', bytes.length - 8, bytes.length - 4) === 'IEND';
  if (format === 'avif') {
    // ISO base media boxes, one after another to the end: each one's size, as written, must reach it exactly.
    let offset = 0;
    while (offset < bytes.length) {
      if (offset + 8 > bytes.length) return false;
      let size = bytes.readUInt32BE(offset);
      if (size === 1) size = offset + 16 <= bytes.length ? Number(bytes.readBigUInt64BE(offset + 8)) : 0;
      else if (size === 0) size = bytes.length - offset;
      if (size < 8) return false;
      offset += size;
    }
    return offset === bytes.length;
  }
  return true;
}

/** Cached files found whole, by path, with the stamp they had then: a long dev session reads each once, not at each rebuild. */
const foundWhole = new Map<string, string>();

/**
 * Whether an image the build cached (a variant, a card) is whole, as isWholeImage judges it: undefined when there is
 * none. One found whole is not read again while its stamp holds.
 */
export async function isWholeCachedImage(file: string, format: string, width?: number): Promise<boolean | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const stamp = `${info.mtimeMs}:${info.size}:${info.ino}`;
  if (foundWhole.get(file) === stamp) return true;
  const bytes = await readFile(file).catch(() => undefined);
  if (bytes === undefined) return undefined;
  const whole = isWholeImage(bytes, format, width);
  if (whole) foundWhole.set(file, stamp);
  else foundWhole.delete(file);
  return whole;
}
