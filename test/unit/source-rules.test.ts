/**
 * Rules of sitegen's own source that keep one thing in one place: a path
 * made POSIX by one helper, a function exported by one module, and stages
 * that stand side by side.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listFiles } from '../../src/files.ts';
import { REPO_ROOT } from '../helpers/site.ts';

const SRC = path.join(REPO_ROOT, 'src');

async function sources(): Promise<{ file: string; text: string }[]> {
  const files = listFiles(SRC).filter((file) => /\.tsx?$/.test(file));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(path.join(SRC, file), 'utf8') })));
}

const rules = suite('source rules');

rules('a path gets forward slashes through toPosix, not split(path.sep).join(\'/\') written out', async () => {
  const offenders = (await sources()).filter(({ file, text }) => file !== 'files.ts' && text.includes(".split(path.sep).join('/')")).map(({ file }) => file);
  assert.equal(offenders, [], 'files that write it out again');
});

rules('outputPathOf is exported by one module, output-path.ts', async () => {
  const exporters = (await sources()).filter(({ text }) => /export (function outputPathOf|\{[^}]*\boutputPathOf\b[^}]*\})/.test(text)).map(({ file }) => file);
  assert.equal(exporters, ['output-path.ts']);
});

/** The stage folders of the pipeline (docs/how-it-works.md): each may use the shared modules, none another stage. */
const STAGES = ['load', 'validate', 'render', 'bundle', 'emit'];
const stageOf = (file: string) => (STAGES.includes(file.split('/')[0]) && file.includes('/') ? file.split('/')[0] : undefined);

/** Every relative import of a file (static, type-only or dynamic), as a path under src/. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((match) => match[1]);
  return specifiers.map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
}

rules('stages stand side by side: no stage imports another, nor does a shared module a stage imports', async () => {
  const graph = new Map((await sources()).map(({ file, text }) => [file, importsOf(file, text)]));
  const crossings: string[] = [];
  // The shared modules the stages reach, directly or through one another.
  const shared = new Set<string>();
  const reach = (file: string) => {
    for (const target of graph.get(file) ?? []) {
      if (stageOf(target) || shared.has(target)) continue;
      shared.add(target);
      reach(target);
    }
  };
  for (const [file, targets] of graph) {
    const stage = stageOf(file);
    if (!stage) continue;
    for (const target of targets) if (stageOf(target) && stageOf(target) !== stage) crossings.push(`${file} -> ${target}`);
    reach(file);
  }
  for (const file of shared) for (const target of graph.get(file) ?? []) if (stageOf(target)) crossings.push(`${file} (shared) -> ${target}`);
  assert.ok(shared.size > 5, `shared modules found: ${[...shared].join(', ')}`);
  assert.equal(crossings, [], 'imports across stages');
});

rules('the built-in integrations use the public API only, as another package\'s would', async () => {
  const offenders: string[] = [];
  for (const { file, text } of await sources()) {
    if (!file.startsWith('integrations/') || file === 'integrations/api.ts' || file === 'integrations/index.ts') continue;
    // An integration's own modules (integrations/cards.ts and integrations/cards/) are its package's.
    const own = `integrations/${file.split('/')[1].replace(/\.ts$/, '')}/`;
    for (const target of importsOf(file, text)) if (target !== 'integrations/api.ts' && !target.startsWith(own)) offenders.push(`${file} -> ${target}`);
  }
  assert.equal(offenders, [], 'imports of sitegen beyond src/integrations/api.ts');
  const all = await sources();
  const api = all.find(({ file }) => file === 'integrations/api.ts')!;
  assert.equal(importsOf(api.file, api.text), ['escape.ts'], 'the API itself stands on no module of the pipeline, only on the escapers it hands on');
  const escape = all.find(({ file }) => file === 'escape.ts')!;
  assert.equal(importsOf(escape.file, escape.text), [], 'the escapers import nothing');
});

rules('one escaper per format: only src/escape.ts writes an entity, a Markdown escape or a terminal escape', async () => {
  // An entity table (`&amp;`, `&lt;`, `&quot;`), a class of Markdown's characters (a backslash, a backtick, * and _)
  // to put a backslash before, a control character written as its escape for a terminal: each is the mark of an
  // escaper written again. (A format one file alone writes keeps its escaper there: nginx's strings, in
  // emit/security-headers.ts.)
  const marks = [/'&amp;'|"&amp;"|&lt;['"]|'&quot;'/, /\[\\\\`\*_/, /\\\\x\$\{/];
  const offenders = (await sources())
    .filter(({ file }) => file !== 'escape.ts')
    .flatMap(({ file, text }) => marks.filter((mark) => mark.test(text)).map((mark) => `${file}: ${mark.source}`));
  assert.equal(offenders, []);
});

/**
 * What the built-in integrations write, by name: robots.txt, the sitemaps, the feeds, the search's index, what agents
 * read, the host header files, the editors' schema files, the social cards; and what their browser code does: the
 * gate's hidden page and its check, the vitals' beacon. Outside src/integrations/ only these files may name one, each for its reason.
 */
const FEATURE = /robots\.txt|sitemap[\w-]*\.xml|llms(-full)?\.txt|ard\.json|SKILL\.md|\.well-known\/skills|pagefind|feed\.(xml|atom|json)|_headers|\.schema\.json|assets\/cards|gate-pending|tenantId|web-vitals|sendBeacon/i;
const MAY_NAME_A_FEATURE: Record<string, string> = {
  // The editor's keys (site.yaml's `search`, a page's `sitemap`) are described where editors read them.
  'core-schemas.ts': 'the descriptions of the editor\'s keys',
  // `sitegen serve` is a static host: it follows _headers and keeps the host files from visitors, as Netlify does.
  'serve/serve.ts': 'the host files a static host keeps from visitors',
  'serve/static-headers.ts': 'the headers file a static host follows',
};

rules('the core names no feature: only the integrations\' own files (and the few listed) name what an integration writes, or import one', async () => {
  const offenders: string[] = [];
  for (const { file, text } of await sources()) {
    if (file.startsWith('integrations/') || MAY_NAME_A_FEATURE[file]) continue;
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    const named = FEATURE.exec(code);
    if (named) offenders.push(`${file}: ${named[0]}`);
    // The built-in integrations are listed in one place, by the resolver, as a site lists its own.
    if (file !== 'pipeline/integrations.ts') {
      for (const target of importsOf(file, text)) if (/^integrations\/(?!api\.ts|index\.ts)/.test(target)) offenders.push(`${file} imports ${target}`);
    }
  }
  assert.equal(offenders, []);
});

/**
 * The files that hash what they write, for a reason other than reuse: a file named by its content (a card, an image
 * variant, a fetched image, the template bundle), or a hash a browser checks (subresource integrity, a CSP hash).
 * None of them decides whether an output of an earlier build may be kept.
 */
const HASHES_FOR_ITS_OWN_SAKE: Record<string, string> = {
  'bundle/bundle-islands.ts': 'the integrity attribute of each island chunk',
  'render/page-assets.ts': 'the CSP hash of an inline script',
  'integrations/api.ts': 'the CSP hash of an integration\'s inline code',
  'integrations/cards/card-spec.ts': 'a card\'s file named by what it draws',
  'template-api/image-facts.ts': 'an image variant named by its bytes',
  'load/remote-images.ts': 'a fetched image named by its address',
  'render/compile-templates.ts': 'the template bundle named by its code',
  'validate/validate.ts': 'the cards\' font named by its bytes',
  'edit/edit-files.ts': 'the version of a file the browser editor opened, so that a save over a newer one is refused',
};
/** Files outside src/cache/ that may take a file's stamp, for a reason other than reuse. */
const STAMPS_FOR_ITS_OWN_SAKE: Record<string, string> = {
  'dev/dev.ts': 'the watcher\'s second look at a file saved twice within 50 ms',
  'integrations/cards.ts': 'a cached card found whole once is not read again while its stamp holds (as template-api/image-facts.ts does for variants)',
};

rules('one ledger of reuse: outside src/cache/ no file takes a stamp or a hash to decide what a build may keep', async () => {
  const offenders: string[] = [];
  for (const { file, text } of await sources()) {
    if (file.startsWith('cache/') || file === 'files.ts') continue;
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    if (/\bcontentHash\b/.test(code)) offenders.push(`${file}: contentHash`);
    if (/\bstamps?Of\b/.test(code) && !STAMPS_FOR_ITS_OWN_SAKE[file]) offenders.push(`${file}: stampOf`);
    if (/\bcreateHash\b/.test(code) && !HASHES_FOR_ITS_OWN_SAKE[file]) offenders.push(`${file}: createHash`);
  }
  assert.equal(offenders, [], 'files that make a key of their own: ask src/cache/ledger.ts');
  // The listed files still hash (else the list keeps an excuse no one needs).
  const all = new Map((await sources()).map(({ file, text }) => [file, text]));
  for (const file of Object.keys(HASHES_FOR_ITS_OWN_SAKE)) assert.ok(/\bcreateHash\b/.test(all.get(file) ?? ''), `${file} no longer hashes: take it off the list`);
  for (const file of Object.keys(STAMPS_FOR_ITS_OWN_SAKE)) assert.ok(/\bstampOf\b/.test(all.get(file) ?? ''), `${file} no longer stamps: take it off the list`);
});

/**
 * The files that open a file for another reason than to take in what the site gives the build: its output (the
 * staging folder, dist/, a page built), its own state under .sitegen/ (the cache, the lock, the compiled code), or
 * sitegen's own files. Everything an editor or a developer puts in the site (content/, public/, a local file, a
 * font, a file beside a page, an image) is read by src/site-reader.ts.
 */
const READS_FOR_ITS_OWN_SAKE: Record<string, string> = {
  'build-lock.ts': 'the lock file under .sitegen/',
  'cache/build-cache.ts': 'the build cache under .sitegen/cache/',
  'cache/ledger.ts': 'a page\'s or the site code\'s bytes, listed by the reader, hashed (never parsed) to tell a touch from a change',
  'integrations/cards/glyphs.ts': 'the card font, read and checked through the reader by validation, opened again by the drawing library',
  'integrations/cards.ts': 'the cards it drew and cached under .sitegen/cache/integrations/cards/, to know each whole',
  'check/browser-check.ts': 'the built pages',
  'check/check-output.ts': 'the built output',
  'check/external-links.ts': 'its answers cached under .sitegen/cache/',
  'cli.ts': 'sitegen\'s own package.json',
  'emit/editor-schemas.ts': 'the schemas it wrote under .sitegen/',
  'edit/edit-server.ts': 'a page a build wrote (dev\'s, or the unsaved preview\'s), for the browser editor\'s frame',
  'emit/staging.ts': 'the output, to leave a file with the same bytes alone',
  'load/remote-images.ts': 'its index of fetched images under .sitegen/cache/',
  'output-recovery.ts': 'the journal of an interrupted swap of the output',
  'pipeline.ts': 'the built pages, for a buildDone hook',
  'pipeline/integrations.ts': 'the pages integrations made, to leave one that did not change alone',
  'pipeline/render-stage.ts': 'a built page, for a list whose feed carries its entries',
  'render/compile-templates.ts': 'the compiled template bundle under .sitegen/cache/',
  'render/policy-check.ts': 'an integration\'s source, for the line an error names',
  'render/vendor.ts': 'sitegen\'s own source and its dependencies\' manifests',
  'report.ts': 'the line an error names, once the reader\'s rule allows the file (checkSiteFile)',
  'serve/fallback.ts': 'the built output it serves',
  'serve/redirect-rules.ts': 'the built output it serves',
  'serve/send-file.ts': 'the built output it serves',
  'serve/static-headers.ts': 'the built output it serves',
  'site-server/load-server.ts': 'the site\'s server code, compiled as the templates are, and its record under .sitegen/cache/',
  'template-api/image-facts.ts': 'an image variant cached under .sitegen/cache/, to know it whole',
};

rules('one reader: only src/site-reader.ts opens what the site gives the build; the others read output, state or sitegen\'s own', async () => {
  const opens = /\b(readFileSync|readFile|createReadStream|openSync)\(/;
  const offenders: string[] = [];
  const all = await sources();
  for (const { file, text } of all) {
    if (file === 'site-reader.ts' || READS_FOR_ITS_OWN_SAKE[file]) continue;
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    if (opens.test(code)) offenders.push(file);
  }
  assert.equal(offenders, [], 'files that read on their own: read a site\'s file through src/site-reader.ts');
  const texts = new Map(all.map(({ file, text }) => [file, text]));
  for (const file of Object.keys(READS_FOR_ITS_OWN_SAKE)) assert.ok(opens.test(texts.get(file) ?? ''), `${file} no longer reads: take it off the list`);
});

rules.run();
