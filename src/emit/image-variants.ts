/**
 * The AVIF and WebP variants of the PNG and JPEG images that image() fields
 * and Markdown use, written under /assets/img/ with the names image() gave
 * them in the srcset (src/template-api/image-facts.ts). Each variant is made once per
 * image per build, whatever the number of pages showing it, and kept in
 * ROOT/.sitegen/cache/images/ under its name (source hash, width, format),
 * so a rebuild copies it instead of encoding it again.
 */
import { copyFile, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';
import { copiedUrlOf, imageFacts, isWholeCachedImage, variantsOf, type ImageVariant } from '../template-api/image-facts.ts';
import { MAX_IMAGE_PIXELS } from '../site-reader.ts';
import { PAGES_DIR } from '../paths.ts';
import { SiteError, throwIfAny } from '../errors.ts';
import type { OutputClaims } from '../output-claims.ts';

// Loaded only when a variant is missing from the cache: it takes about 100 ms, and most builds never need it.
let loaded: typeof Sharp | undefined;
const sharp = () => (loaded ??= createRequire(import.meta.url)('sharp') as typeof Sharp);

/**
 * Writes the variants of `images` (paths from the root: public/…, a page's
 * bundle, a fetched remote image) into `targetDir`, and copies each other
 * image from outside public/ to its place under /assets/img/; returns how
 * many variants had to be encoded (not found in the cache), and the files
 * written (paths in the output), for the build to claim.
 */
export async function emitImageVariants(
  root: string, targetDir: string, images: Iterable<string>, warn: (message: string) => void = () => undefined, published?: string,
): Promise<{ encoded: number; files: string[] }> {
  const cacheDir = path.join(root, '.sitegen', 'cache', 'images');
  const unique = [...new Set(images)];
  const files = new Set<string>();
  if (unique.length === 0) return { encoded: 0, files: [] };
  await mkdir(cacheDir, { recursive: true });
  await mkdir(path.join(targetDir, 'assets', 'img'), { recursive: true });
  let encoded = 0;
  // Two files of the same bytes and name (a bundle's copy of a public image) share their variants: each is made once.
  const making = new Map<string, Promise<void>>();
  const isPublished = published === undefined ? undefined : publishedIn(published);
  await Promise.all(unique.map(async (image) => {
    const file = path.join(root, image);
    const facts = imageFacts(file);
    if (!facts) return; // image() has reported it
    if (facts.kind !== 'raster') {
      if (image.startsWith('public/')) return;
      const url = copiedUrlOf(image, facts);
      files.add(url.replace(/^\/+/, ''));
      await copyFile(file, path.join(targetDir, url));
      return;
    }
    await Promise.all(variantsOf(image, facts).map((variant) => {
      files.add(variant.url.replace(/^\/+/, ''));
      if (!making.has(variant.url)) {
        making.set(variant.url, (async () => {
          // Updating an output in place (dev), a variant already there is this one: its name is a hash of its source.
          if (isPublished && await isPublished(variant.url)) return;
          const cached = path.join(cacheDir, path.posix.basename(variant.url));
          const whole = await isWholeCachedImage(cached, variant.format, variant.width);
          if (whole !== true) {
            if (whole === false) warn(`.sitegen/cache/images/${path.basename(cached)} is damaged: made again`);
            await encode(file, variant, cached, image);
            encoded++;
          }
          await copyFile(cached, path.join(targetDir, variant.url));
        })());
      }
      return making.get(variant.url);
    }));
  }));
  return { encoded, files: [...files] };
}

/**
 * Copies the files of pages' bundles that pages link to (content/pages/news/post/report.pdf) to their addresses
 * (/news/post/report.pdf), each claimed first (`claims`, every other output of the build); /assets/ is sitegen's. A
 * bundle file at a path another writer has would replace its file, and is an error naming both.
 */
export async function emitBundleCopies(root: string, targetDir: string, files: Iterable<string>, claims: OutputClaims): Promise<void> {
  const unique = [...new Set(files)];
  const errors: SiteError[] = [];
  for (const file of unique) {
    const output = file.slice(`${PAGES_DIR}/`.length);
    const owner = output.split('/')[0] === 'assets' ? claims.ownerOf(output) ?? 'sitegen (/assets/ holds the bundle and the image variants)' : claims.claim(output, file);
    if (owner) {
      errors.push(new SiteError('bundle-file', `${file} would be published at /${output}, which ${owner} writes`, {
        location: { file }, hint: 'rename the file beside the page (and the link to it), or link to the other file instead',
      }));
    }
  }
  throwIfAny(errors);
  await Promise.all(unique.map(async (file) => {
    const target = path.join(targetDir, file.slice(`${PAGES_DIR}/`.length));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(root, file), target);
  }));
}

/** How long one variant may take to encode: a 20-megapixel photo takes about 2 s here, at 1920 px as AVIF. */
const ENCODE_SECONDS = 120;

async function encode(source: string, variant: ImageVariant, target: string, image: string): Promise<void> {
  // rotate() applies a JPEG's EXIF orientation, which the variants would otherwise lose with the metadata.
  // The pixels are bounded as validation bounds them, whatever the header said, and so is the time.
  const resized = sharp()(source, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: variant.width, withoutEnlargement: true }).timeout({ seconds: ENCODE_SECONDS });
  let bytes: Buffer;
  try {
    bytes = variant.format === 'avif'
      ? await resized.avif({ quality: 50, effort: 4 }).toBuffer()
      : await resized.webp({ quality: 75 }).toBuffer();
  } catch (error) {
    throw new SiteError('content', `${image} cannot be made into its ${variant.width} px ${variant.format.toUpperCase()}: ${(error as Error).message}`, {
      location: { file: image }, cause: error, hint: 'open the image in an editor and save it again as PNG or JPEG: the file is damaged, or not what its name says',
    });
  }
  // Written aside and renamed, so that a build stopped half-way never leaves a truncated variant in the cache.
  const partial = `${target}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, target);
}

/**
 * Whether the output being updated already holds a file at a URL (a name made from its content, so the same file):
 * one listing of each folder asked about, where a stat of each variant took 190 on this repository's site.
 */
function publishedIn(outDir: string): (url: string) => Promise<boolean> {
  const folders = new Map<string, Promise<Set<string>>>();
  return async (url) => {
    const folder = path.posix.dirname(url);
    let names = folders.get(folder);
    if (!names) {
      names = readdir(path.join(outDir, folder), { withFileTypes: true })
        .then((entries) => new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name)), () => new Set<string>());
      folders.set(folder, names);
    }
    return (await names).has(path.posix.basename(url));
  };
}
