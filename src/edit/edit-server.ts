/**
 * The browser editor, served by `sitegen dev` at /__sitegen/edit for the
 * person at the machine (docs/editing.md). Never part of a build's output.
 *
 * Safety, on top of dev's own (loopback by default, other Hosts refused):
 * - a request another site's page makes (Sec-Fetch-Site: cross-site or
 *   same-site, or an Origin that is not this server's) is refused;
 * - the API answers only requests carrying the session's random token,
 *   which only the editor's own page holds (another origin cannot read it);
 * - it opens and writes only the files it lists: content/'s, through the
 *   site's reader, each save checked by the build first.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { imageSize } from 'image-size';
import { PUBLISHABLE, bundleFileProblem } from '../bundle-files.ts';
import type http from 'node:http';
import path from 'node:path';
import { readBodyUpTo } from '../serve/read-body.ts';
import { resolveStaticFile } from '../serve/request-path.ts';
import { sendFile } from '../serve/send-file.ts';
import { SiteError, SiteErrors } from '../errors.ts';
import { staticHeaders } from '../serve/static-headers.ts';
import { HOST_FILE_NAMES } from '../serve/serve.ts';
import { SITEGEN_DIR } from '../paths.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, checkSiteFile, listSiteFolder, readLocalBytes, readSiteText, withDrafts } from '../site-reader.ts';
import { lookup } from 'mrmime';
import { toPosix } from '../files.ts';
import type { RequestHandler } from '../serve/serve.ts';
import { composeFile, entryOf, listContentFiles, listEditable, newPageOf, openFile, problemsOf, versionOf, writeWhole, type Change, type EditEntry, type EditProblem } from './edit-files.ts';
import { componentsOf, schemaOf } from './edit-schemas.ts';

import { EDIT_PATH } from './edit-path.ts';

export { EDIT_PATH };

/** The most a save or a check may send: a content file's largest text, and some. */
const MAX_BODY = 4 * 1024 * 1024;

const PAGE_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' data: blob:",
  "frame-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join('; ');

const ANSWER_POLICY = {
  'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin', 'cross-origin-opener-policy': 'same-origin',
};

export interface EditOptions {
  root: string;
  /** The folder dev serves: a preview of a saved file is its page there. */
  outDir: string;
  /** Runs work after dev's build in progress, and holds the next one until it ends: one build of the site at a time. */
  queue<T>(work: () => Promise<T>): Promise<T>;
}

export function editHandler(options: EditOptions): RequestHandler {
  const { root } = options;
  const token = randomBytes(24).toString('base64url');
  const previewDir = path.join(root, '.sitegen', 'edit-preview');
  /** The file whose unsaved text the preview folder shows, and the route it shows it at. */
  let previewing: { file: string; route: string } | undefined;
  let client: Promise<{ js: string; css: string }> | undefined;

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/assets/')) return previewAsset(req, res, url.pathname);
    if (url.pathname !== EDIT_PATH && !url.pathname.startsWith(`${EDIT_PATH}/`)) return false;
    const refusal = crossSite(req);
    if (refusal) return json(res, 403, { error: refusal }), true;
    const inner = url.pathname.slice(EDIT_PATH.length) || '/';

    if (inner === '/' && isRead(req)) return page(res, token), true;
    if (inner === '/editor.js' || inner === '/editor.css') {
      client ??= bundleClient();
      const bundle = await client;
      const type = inner.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
      res.writeHead(200, { ...ANSWER_POLICY, 'content-type': type });
      res.end(req.method === 'HEAD' ? undefined : inner.endsWith('.js') ? bundle.js : bundle.css);
      return true;
    }
    if (inner === '/image' && isRead(req)) return image(res, url), true;
    if (inner.startsWith('/preview/') || inner === '/preview') {
      return preview(req, res, decodeURIComponent(inner.slice('/preview'.length)) || '/').then(() => true);
    }
    if (!inner.startsWith('/api/')) return json(res, 404, { error: 'no such part of the editor' }), true;
    if (!hasToken(req, token)) return json(res, 403, { error: 'this request does not carry the editor\'s token: open the editor from its own page' }), true;

    const call = inner.slice('/api/'.length);
    if (call === 'files' && req.method === 'GET') return json(res, 200, { files: listEditable(root) }), true;
    if (call === 'file' && req.method === 'GET') {
      const entry = entryOf(root, url.searchParams.get('path'));
      if (!entry) return json(res, 404, { error: `${url.searchParams.get('path')} is not a content file the editor lists` }), true;
      const opened = openFile(root, entry);
      const problems = await options.queue(() => problemsOf(root, entry.path, opened.text));
      const schema = await schemaOf(root, entry, opened.values);
      const components = entry.format === 'markdown' ? await componentsOf(root) : undefined;
      return json(res, 200, { ...opened, schema, problems, ...(components ? { components } : {}) }), true;
    }
    if (call === 'images' && req.method === 'GET') return json(res, 200, { images: imagesFor(root, entryOf(root, url.searchParams.get('path'))) }), true;
    if (req.method !== 'POST') return json(res, 405, { error: 'the editor\'s API takes GET for reading and POST for changes' }), true;
    if (call === 'upload') return upload(req, res, url), true;
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return json(res, 415, { error: 'send JSON' }), true;
    const raw = await readBodyUpTo(req, MAX_BODY);
    if (raw === undefined) return json(res, 413, { error: `a change may send at most ${MAX_BODY / 1024 / 1024} MB` }), true;
    let input: { path?: unknown; version?: unknown; values?: unknown; body?: unknown; text?: unknown };
    try {
      input = JSON.parse(raw.toString('utf8'));
    } catch {
      return json(res, 400, { error: 'the request is not JSON' }), true;
    }
    if (call === 'new') return options.queue(() => createPage(res, input as { folder?: unknown; title?: unknown; description?: unknown })).then(() => true);
    const entry = entryOf(root, input?.path);
    if (!entry) return json(res, 404, { error: `${String(input?.path)} is not a content file the editor lists` }), true;
    const change = changeOf(input);
    if (!change) return json(res, 400, { error: 'send `values` (and a Markdown `body`), or the whole `text`' }), true;

    return options.queue(async () => {
      const current = readSiteText(root, entry.path);
      let text: string;
      try {
        text = composeFile(entry, current, change);
      } catch (error) {
        return json(res, 422, { problems: [{ file: entry.path, message: (error as Error).message }] }), true;
      }
      if (call === 'check') return json(res, 200, { problems: await problemsOf(root, entry.path, text) }), true;
      if (call === 'preview') {
        // One build, the preview's, in the common case; only a text that does not build is checked again, for the
        // problems that are this change's. Problems are what this answers, not a refusal: the preview waits for a
        // text that builds.
        try {
          await buildPreview(entry, text);
        } catch (error) {
          if (!(error instanceof SiteErrors) && !(error instanceof SiteError)) throw error;
          const problems = await problemsOf(root, entry.path, text);
          return json(res, 200, { problems: problems.length > 0 ? problems : [{ message: (error as Error).message }] }), true;
        }
        return json(res, 200, { url: `${EDIT_PATH}/preview${entry.route ?? '/'}`, problems: [] }), true;
      }
      if (call !== 'save') return json(res, 404, { error: `no call ${call}` }), true;
      if (input.version !== versionOf(current)) {
        return json(res, 409, {
          error: `${entry.path} changed since it was opened (in another tab, or another editor): reload it to see that change, then make yours again`,
          version: versionOf(current),
        }), true;
      }
      if (text === current) return json(res, 200, { version: versionOf(current), changed: false }), true;
      const problems = await problemsOf(root, entry.path, text);
      if (problems.length > 0) return json(res, 422, { problems }), true;
      const rule = checkSiteFile(root, entry.path);
      if (rule) return json(res, 422, { problems: [{ file: entry.path, message: rule.message }] }), true;
      writeWhole(root, entry.path, text);
      if (previewing?.file === entry.path) previewing = undefined;
      return json(res, 200, { version: versionOf(text), changed: true }), true;
    });
  };

  /** A new page beside the pages of a folder (edit-files.ts newPageOf), written only when the build takes it. */
  async function createPage(res: http.ServerResponse, input: { folder?: unknown; title?: unknown; description?: unknown }): Promise<void> {
    const title = typeof input.title === 'string' ? input.title.trim() : '';
    const description = typeof input.description === 'string' ? input.description.trim() : '';
    if (typeof input.folder !== 'string' || !title) return json(res, 400, { error: 'a new page needs a folder and a title' });
    const made = newPageOf(root, input.folder, title, description);
    if ('error' in made) return json(res, 400, { error: made.error });
    const problems = await problemsOf(root, made.path, made.text);
    if (problems.length > 0) return json(res, 422, { problems });
    writeWhole(root, made.path, made.text);
    json(res, 201, { path: made.path });
  }

  /**
   * An image saved into public/ (a folder of it) or beside a page (the folder of an `index` page), under the build's
   * rules for an image: a type a page may show whose bytes are that type, at most MAX_IMAGE_BYTES and
   * MAX_IMAGE_PIXELS, an SVG with nothing in it that runs; never over a file that is there.
   */
  async function upload(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const to = url.searchParams.get('to') ?? '';
    const name = url.searchParams.get('name') ?? '';
    const bytes = await readBodyUpTo(req, MAX_IMAGE_BYTES);
    if (bytes === undefined) return json(res, 413, { error: `an image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB: save it smaller` });
    const place = uploadPlaceOf(root, to);
    if (!place) return json(res, 400, { error: `${to} is neither a folder of public/ nor the folder of a page` });
    const problem = await imageProblem(root, `${to}/${name}`, name, bytes);
    if (problem) return json(res, 422, { error: problem });
    const file = `${to}/${name}`;
    if (existsSync(path.join(root, file))) return json(res, 409, { error: `${file} is there already: rename the image, or pick the one that is there` });
    mkdirSync(path.join(root, to), { recursive: true });
    // A folder that is a link out of its site folder (public/img → /somewhere) is no place to write, as the reader
    // would not follow it either.
    const folder = place === 'public' ? 'public' : 'content';
    if (!isInside(realpathSync(path.join(root, to)), realpathSync(path.join(root, folder)))) {
      return json(res, 400, { error: `${to} leads out of ${folder}/: the editor writes only inside it` });
    }
    writeWhole(root, file, bytes);
    json(res, 201, { src: place === 'public' ? `/${file.slice('public/'.length)}` : `./${name}` });
  }

  /**
   * An image a field names, for its thumbnail, read where the build reads it (public/, or beside the page `page`
   * names) and under the same rules: dev serves public/ only once it has copied it, and a page's own images never.
   */
  function image(res: http.ServerResponse, url: URL): void {
    const src = url.searchParams.get('src') ?? '';
    const page = entryOf(root, url.searchParams.get('page'));
    const file = src.startsWith('/') ? `public${src}` : src.startsWith('./') && page ? `${path.posix.dirname(page.path)}/${src.slice(2)}` : undefined;
    const read = file && IMAGE.test(file) && !file.split('/').includes('..') ? readLocalBytes(root, file) : undefined;
    if (!read || 'problem' in read) return json(res, 404, { error: `no image ${src}` });
    res.writeHead(200, { ...ANSWER_POLICY, 'content-type': lookup(file!) ?? 'application/octet-stream', 'content-security-policy': "default-src 'none'" });
    res.end(read.bytes);
  }

  /**
   * An asset only the unsaved preview has (the variants of an image just picked): served from the preview's folder
   * while dev's has no such file. Anything else is dev's to answer.
   */
  async function previewAsset(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<boolean> {
    if (!previewing || !isRead(req) || resolveStaticFile(options.outDir, pathname, HOST_FILE_NAMES)) return false;
    const file = resolveStaticFile(previewDir, pathname, HOST_FILE_NAMES);
    if (!file) return false;
    res.setHeader('cache-control', 'no-store');
    await sendFile(req, res, path.join(previewDir, file), () => void json(res, 404, { error: `no file ${pathname}` }));
    return true;
  }

  /** The site built with one unsaved file into a folder of its own; its page is what the preview shows until the file is saved. */
  async function buildPreview(entry: EditEntry, text: string): Promise<void> {
    const { buildSite } = await import('../pipeline.ts');
    await withDrafts(new Map([[entry.path, text]]), () => buildSite({ root, outDir: previewDir, dev: true, cache: false, parallel: false }));
    previewing = { file: entry.path, route: entry.route ?? '/' };
  }

  /** A page for the editor's frame: the unsaved preview's when it is that page, else dev's; framed by this origin only. */
  async function preview(req: http.IncomingMessage, res: http.ServerResponse, route: string): Promise<void> {
    const folder = previewing?.route === route ? previewDir : options.outDir;
    let file = resolveStaticFile(folder, route, HOST_FILE_NAMES);
    // A page just made or saved: dev's rebuild is a moment away.
    for (let waited = 0; !file && waited < 3000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      file = resolveStaticFile(folder, route, HOST_FILE_NAMES);
    }
    if (!file || !file.endsWith('.html')) return json(res, 404, { error: `no page ${route}` });
    const headers: Record<string, string> = { ...staticHeaders(folder, route) };
    for (const name of Object.keys(headers)) if (/^x-frame-options$/i.test(name)) delete headers[name];
    for (const [name, value] of Object.entries(headers)) {
      if (/^content-security-policy$/i.test(name)) headers[name] = value.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'");
    }
    res.writeHead(200, { ...headers, 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(path.join(folder, file)));
  }
}

/** Where an upload may go: 'public' for public/ and its folders, 'beside' for a page bundle's folder; undefined elsewhere. */
function uploadPlaceOf(root: string, to: string): 'public' | 'beside' | undefined {
  if (to.split('/').some((part) => part === '' || part === '..' || part.startsWith('.'))) return undefined;
  if (to === 'public' || to.startsWith('public/')) return 'public';
  const page = listContentFiles(root).find((entry) => entry.kind === 'page' && /\/index\.(md|markdown|ya?ml)$/i.test(entry.path) && path.posix.dirname(entry.path) === to);
  return page && to !== 'content/pages' ? 'beside' : undefined;
}

/** Why these bytes may not be saved as the image `name`, in the build's words; undefined when they may. */
async function imageProblem(root: string, file: string, name: string, bytes: Buffer): Promise<string | undefined> {
  if (!/^[\w][\w.-]*\.[a-z0-9]+$/i.test(name) || name.length > 100) return `${JSON.stringify(name)} is no name for an image: use letters, digits, - and _, and its extension`;
  const extension = path.posix.extname(name).slice(1).toLowerCase();
  if (!PUBLISHABLE.image.includes(extension)) return `${name} is not an image a page may show (PNG, JPEG, GIF, WebP, AVIF or SVG)`;
  if (extension === 'svg') {
    // The build's own check of an SVG, on these bytes as if they were the file.
    const found = await withDrafts(new Map([[file, bytes.toString('utf8')]]), async () => bundleFileProblem(root, file, true));
    if (found) return `${found.problem}: ${found.instead}`;
  }
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return `${name} is not a ${extension.toUpperCase()} image that can be read`;
  }
  const type = size.type === 'jpg' ? 'jpeg' : size.type;
  if (type !== (extension === 'jpg' ? 'jpeg' : extension)) return `${name} holds a ${String(size.type).toUpperCase()} image, not ${extension.toUpperCase()}: give it its own extension`;
  if (extension !== 'svg' && (size.width ?? 0) * (size.height ?? 0) > MAX_IMAGE_PIXELS) {
    return `${name} is ${size.width} × ${size.height} pixels, over the ${MAX_IMAGE_PIXELS / 1_000_000} million an image may have: scale it down`;
  }
  return undefined;
}

function isInside(file: string, folder: string): boolean {
  return file === folder || file.startsWith(folder + path.sep);
}

const IMAGE = /\.(avif|gif|jpe?g|png|svg|webp)$/i;

/** The images a field of this file may name: public/'s by their address, then those beside a page in its folder (./photo.jpg). */
function imagesFor(root: string, entry: EditEntry | undefined): string[] {
  const published = listSiteFolder(root, 'public').files.map(toPosix).filter((file) => IMAGE.test(file)).map((file) => `/${file}`);
  if (entry?.kind !== 'page' || !/\/index\.(md|markdown|ya?ml)$/i.test(entry.path)) return published;
  const folder = path.posix.dirname(entry.path).slice('content/'.length);
  const beside = listSiteFolder(root, 'content', folder, { recursive: false }).files.map(toPosix).filter((file) => IMAGE.test(file)).map((file) => `./${file}`);
  return [...beside, ...published];
}

function changeOf(input: { values?: unknown; body?: unknown; text?: unknown }): Change | undefined {
  if (typeof input.text === 'string') return { text: input.text };
  if (input.values === undefined || (input.body !== undefined && typeof input.body !== 'string')) return undefined;
  return { values: input.values, ...(typeof input.body === 'string' ? { body: input.body } : {}) };
}

function isRead(req: http.IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** Why a request that another site's page made is refused; undefined for the editor's own and for one typed in the address bar. */
function crossSite(req: http.IncomingMessage): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `the editor answers its own pages only, not a request from another site (${site})`;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) return `the editor answers its own pages only, not ${origin}`;
  return undefined;
}

function hasToken(req: http.IncomingMessage, token: string): boolean {
  const given = Buffer.from(String(req.headers['x-sitegen-edit-token'] ?? ''));
  const own = Buffer.from(token);
  return given.length === own.length && timingSafeEqual(given, own);
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { ...ANSWER_POLICY, 'content-type': 'application/json; charset=utf-8', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
  res.end(JSON.stringify(value));
}

function page(res: http.ServerResponse, token: string): void {
  res.writeHead(200, { ...ANSWER_POLICY, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_POLICY, 'x-frame-options': 'DENY' });
  res.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="sitegen-edit-token" content="${token}">
<title>Edit the site · sitegen</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${EDIT_PATH}/editor.css">
<script type="module" src="${EDIT_PATH}/editor.js"></script>
</head>
<body>
<div id="editor"><p>Loading the editor…</p></div>
</body>
</html>
`);
}

/** The editor's own code and style, bundled once per dev session on the first visit. */
async function bundleClient(): Promise<{ js: string; css: string }> {
  const esbuild = await import('esbuild');
  const built = await esbuild.build({
    entryPoints: [path.join(SITEGEN_DIR, 'src', 'edit', 'client', 'editor.tsx')],
    bundle: true, format: 'esm', minify: true, write: false, outdir: '/', jsx: 'automatic', logLevel: 'silent',
    target: ['chrome111', 'firefox111', 'safari16.4'], define: { 'process.env.NODE_ENV': '"production"' },
  });
  const js = built.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const css = built.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
  return { js, css };
}

export type { EditProblem };
