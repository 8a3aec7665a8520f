/**
 * Remote images (Astro's `image.domains`, Hugo's `resources.GetRemote`): an
 * image on a host that site.yaml's `images.remote` lists is fetched at build,
 * kept in .sitegen/cache/remote/ with its validators (ETag,
 * Last-Modified), and served from the site in variants like a local one,
 * so the policy stays `img-src 'self'` and visitors never ask the other host.
 *
 * Which images: every address on a listed origin that the content writes
 * (site.yaml, content/data/, the pages), found in the files' text before
 * validation, so that the validate stage (synchronous, in worker threads)
 * only looks the cached copy up. Fetching follows the rules of
 * `check --external`: no address of the machine's own network (each
 * redirect judged again), one request at a time a host, 10 s a request, 60 s
 * for all of a build's, a host that did not answer asked no more in the
 * build, 5 redirects, 20 MB an image, and PNG, JPEG, WebP, AVIF or GIF only
 * (and, once fetched, the pixels every image of the build is held to). A copy checked within the last ten
 * minutes is used as it is (a dev session does not ask at each save); an
 * older one is asked for again with its validators, and a 304 keeps it. A
 * fetch that fails is an error naming the file and line, the address and
 * the status, unless a copy is cached: that copy is used, with a warning.
 */
import { createHash } from 'node:crypto';
import { imageFormatOf, isWholeCachedImage } from '../template-api/image-facts.ts';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import type { GuardedResponse } from '../guarded-request.ts';

export const REMOTE_DIR = '.sitegen/cache/remote';
const INDEX = 'index.json';
const FRESH_MS = 10 * 60 * 1000;
const TIMEOUT_MS = 10_000;
/** How long a build may spend fetching in all: what is not fetched by then is an error (or its cached copy, with a warning). */
const TOTAL_MS = 60_000;
const MAX_REDIRECTS = 5;
const MAX_BYTES = 20 * 1024 * 1024;
const TYPES: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/webp': '.webp', 'image/avif': '.avif', 'image/gif': '.gif' };

interface Cached {
  /** The copy's path from the site root. */
  file: string;
  etag?: string;
  lastModified?: string;
  /** When the host was last asked (ms since the epoch). */
  checked: number;
}

export interface RemoteImages {
  /** URL → the cached copy's path from the root. */
  images: Map<string, string>;
  errors: SiteError[];
  warnings: string[];
}

/** The origins an `images.remote` list allows, read before validation (which reports a malformed entry). */
export function remoteOriginsOf(siteData: unknown): string[] {
  const listed = (siteData as { images?: { remote?: unknown } } | null)?.images?.remote;
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry) => {
    try {
      return typeof entry === 'string' ? [new URL(entry).origin] : [];
    } catch {
      return [];
    }
  });
}

/** Every address on a listed origin in the given texts (file → text), with the first file and line that writes it. */
export function remoteImagesIn(texts: ReadonlyMap<string, string>, origins: readonly string[]): Map<string, { file: string; line: number }> {
  const found = new Map<string, { file: string; line: number }>();
  if (origins.length === 0) return found;
  const pattern = new RegExp(`(?:${origins.map((origin) => origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})/[^\\s"'<>()\\[\\]\`]*`, 'g');
  for (const [file, text] of texts) {
    for (const match of text.matchAll(pattern)) {
      const url = match[0].replace(/[.,;:!?]+$/, '');
      if (!found.has(url)) found.set(url, { file, line: text.slice(0, match.index).split('\n').length });
    }
  }
  return found;
}

/** Fetches (or revalidates) each image, a few at a time; what could not be had is an error, or a warning when a copy is cached. */
export async function fetchRemoteImages(
  root: string, wanted: ReadonlyMap<string, { file: string; line: number }>,
  options: { allowed?: ReadonlySet<string>; now?: number; timeoutMs?: number; totalMs?: number } = {},
): Promise<RemoteImages> {
  const result: RemoteImages = { images: new Map(), errors: [], warnings: [] };
  if (wanted.size === 0) return result;
  const dir = path.join(root, REMOTE_DIR);
  await mkdir(dir, { recursive: true });
  const index = await readIndex(dir);
  const now = options.now ?? Date.now();
  const queue = [...wanted];
  // As check --external: a host that did not answer in time is not asked again in this build, and the build's
  // fetching has a time of its own, so twelve images on a silent host cost one time-out, not twelve.
  const silent = new Set<string>();
  const deadline = Date.now() + (options.totalMs ?? TOTAL_MS);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  // One request at a time to a host, as check --external asks: four hosts at once, never four requests to one.
  const turns = new Map<string, Promise<unknown>>();
  const inTurn = <T>(host: string, work: () => Promise<T>): Promise<T> => {
    const mine = (turns.get(host) ?? Promise.resolve()).then(work);
    turns.set(host, mine.catch(() => undefined));
    return mine;
  };
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, where] = next;
      // A copy that is not whole (cut short, overwritten) is no copy: fetched again, without its validators.
      const cached = index[url] && await isWholeCachedImage(path.join(root, index[url].file), imageFormatOf(index[url].file)) ? index[url] : undefined;
      if (cached && now - cached.checked < FRESH_MS) {
        result.images.set(url, cached.file);
        continue;
      }
      try {
        const host = new URL(url).host;
        const fetched = await inTurn(host, () => {
          if (silent.has(host)) throw new Error(`not asked: ${host} did not answer an earlier request of this build`);
          const left = deadline - Date.now();
          if (left <= 0) throw new Error(`not asked: the build's ${(options.totalMs ?? TOTAL_MS) / 1000} s for fetching images were up`);
          return fetchImage(url, cached, options.allowed ?? new Set(), Math.min(timeoutMs, left)).catch((error: Error) => {
            if (error.name !== 'TimeoutError') throw error;
            // Cut short by the build's time, the host may be well: only a request given its full time marks it silent.
            if (left < timeoutMs) throw new Error(`not fetched: the build's ${(options.totalMs ?? TOTAL_MS) / 1000} s for fetching images were up`);
            silent.add(host);
            throw error;
          });
        });
        if (fetched === 'unchanged') {
          index[url] = { ...cached!, checked: now };
        } else {
          const file = `${REMOTE_DIR}/${createHash('sha256').update(url).digest('hex').slice(0, 16)}/${nameOf(url, fetched.type)}`;
          await mkdir(path.dirname(path.join(root, file)), { recursive: true });
          // Written aside and renamed, so that a build stopped half-way never leaves a truncated copy.
          const partial = path.join(root, `${file}.${process.pid}.partial`);
          await writeFile(partial, fetched.body);
          await rename(partial, path.join(root, file));
          index[url] = { file, checked: now, ...(fetched.etag ? { etag: fetched.etag } : {}), ...(fetched.lastModified ? { lastModified: fetched.lastModified } : {}) };
        }
        result.images.set(url, index[url].file);
      } catch (error) {
        const reason = (error as Error).message;
        if (cached) {
          result.images.set(url, cached.file);
          result.warnings.push(`${where.file}:${where.line}: ${url} could not be fetched (${reason}): the copy cached on ${new Date(cached.checked).toISOString().slice(0, 10)} is used`);
        } else {
          result.errors.push(new SiteError('content', `the image ${url} could not be fetched: ${reason}`, {
            location: { file: where.file, line: where.line },
            hint: 'check the address in a browser; the build uses a cached copy when it has one, and has none of this image yet',
          }));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, wanted.size) }, worker));
  await writeIndex(dir, index);
  return result;
}

/** The image's bytes, or 'unchanged' when the host says the cached copy is still its image. */
async function fetchImage(start: string, cached: Cached | undefined, allowed: ReadonlySet<string>, timeoutMs: number) {
  const conditions: Record<string, string> = {};
  if (cached?.etag) conditions['if-none-match'] = cached.etag;
  if (cached?.lastModified) conditions['if-modified-since'] = cached.lastModified;
  // node:http and node:https (and TLS with them) load only for a site that has remote images.
  const { guardedRequest, Refused, TooLarge } = await import('../guarded-request.ts');
  let url = new URL(start);
  for (let hop = 0; ; hop++) {
    let response: GuardedResponse;
    try {
      response = await guardedRequest(url, {
        method: 'GET', timeoutMs, allowed, maxBytes: MAX_BYTES,
        headers: { 'user-agent': 'sitegen (build, remote images)', accept: Object.keys(TYPES).join(', '), ...conditions },
      });
    } catch (error) {
      if (error instanceof Refused || error instanceof TooLarge || (error as Error).name === 'TimeoutError') throw error;
      throw new Error(`unreachable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const { status, headers, body } = response;
    if ([301, 302, 303, 307, 308].includes(status) && headers.location) {
      if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      url = new URL(headers.location, url);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`a redirect to ${url.protocol} (not http or https)`);
      continue;
    }
    if (status === 304 && cached) return 'unchanged' as const;
    if (status !== 200) throw new Error(`status ${status}`);
    const type = String(headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!Object.hasOwn(TYPES, type)) throw new Error(`it is ${type || 'of no stated type'}, not a PNG, JPEG, WebP, AVIF or GIF image`);
    return { body: body!, type, etag: headers.etag, lastModified: headers['last-modified'] };
  }
}

/** The copy's file name: the address's own (so the variants keep it), with the extension its type says. */
function nameOf(url: string, type: string): string {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the name as written.
  }
  const base = name.replace(/\.[^.]*$/, '').replace(/[^\w-]+/g, '-').slice(0, 60);
  return `${base || 'image'}${TYPES[type]}`;
}

/** The index of fetched copies; an entry of the wrong shape (a damaged file) is left out, and its image fetched again. */
async function readIndex(dir: string): Promise<Record<string, Cached>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(dir, INDEX), 'utf8'));
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const index: Record<string, Cached> = {};
  for (const [url, entry] of Object.entries(parsed)) {
    const { file, checked, etag, lastModified } = (entry ?? {}) as Partial<Record<keyof Cached, unknown>>;
    // Only a copy inside the remote folder: the index never names another file of the machine.
    if (typeof file !== 'string' || !file.startsWith(`${REMOTE_DIR}/`) || file.split('/').includes('..') || typeof checked !== 'number') continue;
    index[url] = { file, checked, ...(typeof etag === 'string' ? { etag } : {}), ...(typeof lastModified === 'string' ? { lastModified } : {}) };
  }
  return index;
}

async function writeIndex(dir: string, index: Record<string, Cached>): Promise<void> {
  const temporary = path.join(dir, `${INDEX}.${process.pid}.tmp`);
  await writeFile(temporary, JSON.stringify(index));
  await rename(temporary, path.join(dir, INDEX));
}
