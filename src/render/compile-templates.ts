import { existsSync, readFileSync } from 'node:fs';
import { Module } from 'node:module';
import { readdir, writeFile, mkdir, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { NODE_REQUIRE_BANNER, SITE_CODE, loadEsbuild } from '../esbuild.ts';
import { SiteError } from '../errors.ts';
import { SITEGEN_DIR } from '../paths.ts';
import type { MarkdownComponent, SiteTemplates } from '../model.ts';
import { HYDRATE_STRATEGIES } from '../client/hydration-moment.ts';
import type { Memo, TemplatesMemo } from '../cache/build-cache.ts';
import { memoInputs, recall, siteCodeBefore } from '../cache/ledger.ts';
import { listFiles, toPosix } from '../files.ts';
import { VENDOR_SPECIFIERS, vendorModules } from './vendor.ts';
import { compiledFile } from '../compiled.ts';

const VENDOR_FILTER = new RegExp(`^(${[...VENDOR_SPECIFIERS, 'sitegen/config'].map((specifier) => specifier.replace(/[/.]/g, '\\$&')).join('|')})$`);

/** The compiled templates of a site root, loaded and ready to render. */
export interface Templates extends SiteTemplates {
  /** Template name → the source files (relative to the root) its page module imports, directly or not. */
  dependencies: Readonly<Record<string, string[]>>;
  /** The files the layout imports: a change to one of them changes every page. */
  layoutDependencies: readonly string[];
  /** What the build cache keeps to skip compiling next time. */
  memo?: Memo<TemplatesMemo>;
}

/** The compiled template bundle on disk, not yet imported. */
export type CompiledTemplates = Pick<Templates, 'moduleFile' | 'dependencies' | 'layoutDependencies' | 'memo'>;

/**
 * Bundles templates/layout.tsx, templates/pages/*.tsx, templates/data.ts (the data files' schemas) and
 * templates/markdown.ts (the components Markdown may name) for Node with
 * esbuild, together with sitegen's document shell and react-dom/server, so
 * that they share one React. A build whose pages are all unchanged never
 * imports the bundle, so this stops at the file.
 */
export async function prepareTemplates(root: string, memo?: Memo<TemplatesMemo>): Promise<CompiledTemplates> {
  // `sitegen/config` is sitegen's compiled module, as zod is: esbuild compiled the integrations' sources (120 of
  // this site's bundle's 180 kB of code) into every bundle again, and each thread evaluated a second copy.
  const vendor: Record<string, string> = { ...await vendorModules(), 'sitegen/config': (await compiledFile('config.js')).href };
  const recalled = recall(memo);
  // The bundle names the shared modules by path: another sitegen (an upgrade, an edit of its sources) has others.
  // The compiled module must still be there (a cleaned cache folder): else it is compiled again.
  if (recalled && JSON.stringify(recalled.vendor) === JSON.stringify(vendor) && existsSync(recalled.moduleFile)) return { ...recalled, memo };
  const templatesDir = path.join(root, 'templates');
  const names = pageTemplateNames(templatesDir);
  const entry = [
    `export * as layout from ${JSON.stringify(path.join(templatesDir, 'layout.tsx'))};`,
    ...names.map((name, index) => `import * as page${index} from ${JSON.stringify(path.join(templatesDir, 'pages', `${name}.tsx`))};`),
    `export const pages = { ${names.map((name, index) => `${JSON.stringify(name)}: page${index}`).join(', ')} };`,
    existsSync(path.join(templatesDir, 'data.ts')) ? `export { data } from ${JSON.stringify(path.join(templatesDir, 'data.ts'))};` : 'export const data = {};',
    existsSync(path.join(templatesDir, 'markdown.ts'))
      ? `export { markdown } from ${JSON.stringify(path.join(templatesDir, 'markdown.ts'))};` : 'export const markdown = {};',
    // The site's code configuration, with the integrations it adds: every thread that loads the templates has them.
    configFileOf(root) ? `export { default as config } from ${JSON.stringify(configFileOf(root))};` : 'export const config = undefined;',
    `export { withValidationScope } from 'sitegen';`,
    `export { renderPage } from ${JSON.stringify(path.join(SITEGEN_DIR, 'src', 'render', 'document.tsx'))};`,
  ].join('\n');

  // The site's own code judged by its content as it was before esbuild read it: a file saved again while it
  // compiles (twice within 100 ms, the same size) must count as changed at the next build, so what is recorded is
  // what was there before, never what is there after.
  const before = siteCodeBefore(root, CONFIG_FILES.map((name) => path.join(root, name)));
  const esbuild = await loadEsbuild();
  const bundle = (format: 'cjs' | 'esm') => esbuild.build({
    stdin: { contents: entry, resolveDir: root, sourcefile: 'sitegen-templates.js', loader: 'js' },
    plugins: [{
      name: 'sitegen-vendor',
      setup(build: esbuild.PluginBuild) {
        // React, react-dom/server and zod come from the shared vendor modules (src/vendor.ts), so all templates
        // and the document shell use one React.
        // What sitegen.config.ts and the integrations it installs import of sitegen too: the integration API and the built-in integrations.
        build.onResolve({ filter: VENDOR_FILTER }, (args) => ({ path: format === 'cjs' ? fileURLToPath(vendor[args.path]) : vendor[args.path], external: true }));
      },
    }],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format,
    target: 'node20',
    ...SITE_CODE,
    ...(format === 'cjs' ? {
      // import.meta as an ES module bundle has it: the bundle's own file.
      define: { ...SITE_CODE.define, 'import.meta.url': '__sitegen_url', 'import.meta.filename': '__filename', 'import.meta.dirname': '__dirname' },
      banner: { js: 'var __sitegen_url = require("node:url").pathToFileURL(__filename).href;' },
    } : { banner: NODE_REQUIRE_BANNER }),
    // A template that throws while rendering is reported at its own .tsx line (src/render/template-error.ts).
    sourcemap: 'inline',
    sourcesContent: false,
    outfile: path.join(root, '.sitegen', 'cache', 'templates', `templates.${format === 'cjs' ? 'cjs' : 'mjs'}`),
  });
  // A script that any thread can drop again (loadTemplates), unless the site's code awaits at its top level, which
  // only an ES module can.
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await bundle('cjs').catch((error: esbuild.BuildFailure) => {
      if (!error.errors?.length || !error.errors.every((item) => /top-level await/i.test(item.text))) throw error;
      return bundle('esm');
    });
  } catch (error) {
    throw templateBuildError(root, error);
  }
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const cacheDir = path.join(root, '.sitegen', 'cache', 'templates');
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `${hash}${path.extname(result.outputFiles[0].path)}`);
  await writeFile(file, code);
  await pruneOldModules(cacheDir, file);
  const dependencies = dependenciesOf(root, names, result.metafile);
  // A new template file changes its folder's stamp; the module file itself may be cleaned out of the temporary folder.
  const inputs = memoInputs([
    ...Object.keys(result.metafile.inputs).map((input) => path.resolve(process.cwd(), input)),
    templatesDir, path.join(templatesDir, 'pages'), file,
    // A configuration file added (or taken away) is a new bundle.
    ...CONFIG_FILES.map((name) => path.join(root, name)),
  ], before);
  return { moduleFile: file, ...dependencies, memo: { inputs, value: { moduleFile: file, vendor, ...dependencies } } };
}

/** Keeps the newest few compiled bundles (a running dev server or a worker may still import a recent one). */
async function pruneOldModules(dir: string, keep: string): Promise<void> {
  const files = await readdir(dir);
  const dated = await Promise.all(files.map(async (name) => ({ name, mtime: (await stat(path.join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
  const old = dated.filter((item) => path.join(dir, item.name) !== keep).sort((a, b) => b.mtime - a.mtime).slice(4);
  await Promise.all(old.map((item) => rm(path.join(dir, item.name), { force: true })));
}

/**
 * Loads a compiled template bundle (in a worker thread, the one the main
 * thread compiled). It is run as a script of its own, kept in no module
 * cache, so that a bundle no longer used is collected with everything it
 * made: an ES module, once imported, stays in the engine until the process
 * ends, and dev, which loads a new bundle at every template save, grew by
 * 5.6 MB a save on this site (270 MB after 40 saves; flat now,
 * test/unit/dev-saves.test.ts). The shared modules (React, zod) are ES
 * modules required once and shared by every bundle. A site whose code
 * awaits at its top level has an ES module bundle, kept as before.
 */
export async function loadTemplates(moduleFile: string): Promise<SiteTemplates> {
  // The bundle last loaded, again: its name is its content's hash, so each of dev's rebuilds after a content edit
  // takes it as it is (running 400 kB of bundle again cost every such rebuild 5 to 10 ms, and made its integrations
  // anew). Only the last is held, so an older one is still collected.
  if (lastLoaded?.moduleFile === moduleFile) return lastLoaded.templates;
  const templates = await loadTemplatesAnew(moduleFile);
  lastLoaded = { moduleFile, templates };
  return templates;
}

let lastLoaded: { moduleFile: string; templates: SiteTemplates } | undefined;

async function loadTemplatesAnew(moduleFile: string): Promise<SiteTemplates> {
  // Only modules loaded from now on have their maps read: the template bundle, not sitegen's own compiled code.
  process.setSourceMapsEnabled(true);
  const script = moduleFile.endsWith('.cjs') ? runScript(moduleFile) : undefined;
  const loaded = (script ? script.exports : await import(pathToFileURL(moduleFile).href)) as Record<string, any>;
  checkModuleShape('templates/layout.tsx', loaded.layout);
  for (const [name, module] of Object.entries(loaded.pages as Record<string, unknown>)) checkModuleShape(`templates/pages/${name}.tsx`, module);
  checkDataSchemas(loaded.data);
  checkMarkdownComponents(loaded.markdown);
  const templates: SiteTemplates = {
    layout: loaded.layout,
    pages: loaded.pages,
    data: loaded.data,
    markdown: loaded.markdown,
    withValidationScope: loaded.withValidationScope,
    renderPage: loaded.renderPage,
    moduleFile,
    config: loaded.config,
  };
  // Node holds a script's source map only while the script's Module lives (a weak entry): held as long as the
  // templates are, so that a template's error names its .tsx and line after any collection, not the bundle's.
  if (script) Object.defineProperty(templates, 'script', { value: script, enumerable: false });
  return templates;
}

/**
 * Runs a CommonJS file as Node runs one (its source map read, `require`
 * from its folder) but outside require.cache. Module#_compile is what every
 * require-hook package (ts-node, pirates) uses; it is the one way to give
 * the file Node's own `require` and source maps.
 */
function runScript(file: string): Module {
  const script = new Module(file);
  script.filename = file;
  script.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  (script as unknown as { _compile(code: string, file: string): void })._compile(readFileSync(file, 'utf8'), file);
  return script;
}

/** The names sitegen.config may have; the first that exists is the site's. */
export const CONFIG_FILES = ['sitegen.config.ts', 'sitegen.config.mts', 'sitegen.config.js', 'sitegen.config.mjs'];

/** The site's code configuration file, if it has one. */
export function configFileOf(root: string): string | undefined {
  return CONFIG_FILES.map((name) => path.join(root, name)).find((file) => existsSync(file));
}

/** templates/data.ts exports `data`: a zod schema for each data file, by its name. */
function checkDataSchemas(data: unknown): void {
  const wrong = (what: string) => new SiteError('template-build', `templates/data.ts ${what}`, {
    location: { file: 'templates/data.ts' }, origin: 'template',
    hint: 'export const data = { team: z.array(z.strictObject({ name: z.string() })) }: one schema per file of content/data/, by its name',
  });
  if (!data || typeof data !== 'object') throw wrong('exports no `data` object of schemas');
  for (const [name, schema] of Object.entries(data)) {
    if (typeof (schema as { safeParse?: unknown })?.safeParse !== 'function') throw wrong(`exports a data.${name} that is not a zod schema`);
  }
}

/** templates/markdown.ts exports `markdown`: by the name a Markdown body uses, a component and the zod schema of its props. */
function checkMarkdownComponents(markdown: unknown): void {
  const wrong = (what: string) => new SiteError('template-build', `templates/markdown.ts ${what}`, {
    location: { file: 'templates/markdown.ts' }, origin: 'template',
    hint: 'export const markdown = { Callout: { component: Callout, schema: z.strictObject({ … }) } }; an island adds island: \'name\' (its file in templates/islands/)',
  });
  if (!markdown || typeof markdown !== 'object') throw wrong('exports no `markdown` object of components');
  for (const [name, entry] of Object.entries(markdown as Record<string, Partial<MarkdownComponent>>)) {
    if (!/^[A-Za-z][\w-]*$/.test(name)) throw wrong(`names a component "${name}", which a Markdown block cannot name (a letter, then letters, digits, - or _)`);
    if (typeof entry?.component !== 'function') throw wrong(`gives markdown.${name} no component`);
    if (typeof (entry.schema as { safeParse?: unknown } | undefined)?.safeParse !== 'function') throw wrong(`gives markdown.${name} no zod schema of its props`);
    if (entry.island !== undefined && typeof entry.island !== 'string') throw wrong(`gives markdown.${name} an island that is not the name of a file in templates/islands/`);
    if (entry.hydrate !== undefined && !(HYDRATE_STRATEGIES as readonly string[]).includes(entry.hydrate)) {
      throw wrong(`gives markdown.${name} hydrate "${entry.hydrate}", which is not one of ${HYDRATE_STRATEGIES.join(', ')}`);
    }
    const frames = entry.frames as unknown;
    if (frames !== undefined && (!Array.isArray(frames) || frames.some((origin) => typeof origin !== 'string' || !isHttpsOrigin(origin)))) {
      throw wrong(`gives markdown.${name} frames that are not a list of https origins (such as 'https://player.vimeo.com', no path)`);
    }
  }
}

function isHttpsOrigin(text: string): boolean {
  const url = URL.parse(text);
  return url !== null && url.protocol === 'https:' && url.origin === text;
}

/**
 * A layout or page template exports the zod `schema` of its content and its
 * component as default: without them validation and rendering have nothing
 * to go by, so say which file lacks which, rather than fail deep inside.
 */
function checkModuleShape(file: string, module: unknown): void {
  const { schema, default: component } = (module ?? {}) as { schema?: { safeParse?: unknown }; default?: unknown };
  const missing = typeof schema?.safeParse !== 'function' ? 'a zod `schema` of its content'
    : typeof component !== 'function' ? 'its component as the default export' : undefined;
  if (!missing) return;
  const message = `${file} exports no ${missing.replace(/^a |^its /, '')}`;
  throw new SiteError('template-build', message, {
    location: { file }, origin: 'template',
    // The template's fault, and sitegen's own stack would only hide where: the file is the place to look.
    stack: `SiteError: ${message}\n    at ${file}`,
    hint: file.endsWith('layout.tsx')
      ? 'export const schema = z.strictObject({ … }) for the keys of content/site.yaml it reads (z.strictObject({}) for none), and export default the layout component'
      : 'export const schema = z.strictObject({ … }) for the keys its pages carry, and export default the page component',
  });
}

function pageTemplateNames(templatesDir: string): string[] {
  const names = listFiles(path.join(templatesDir, 'pages'), { recursive: false }).filter((file) => /\.tsx$/.test(file)).map((file) => file.replace(/\.tsx$/, ''));
  if (names.length === 0) {
    throw new SiteError('no-templates', 'no page templates found', {
      location: { file: 'templates/pages' }, hint: 'add templates/pages/NAME.tsx for each template a page names',
    });
  }
  return names;
}

/** For each page template and for the layout, the files under the root it imports, directly or not. */
function dependenciesOf(root: string, names: string[], metafile: esbuild.Metafile) {
  const normalise = (input: string) => toPosix(path.relative(root, path.resolve(process.cwd(), input)));
  const graph = new Map<string, string[]>();
  for (const [input, info] of Object.entries(metafile.inputs)) {
    graph.set(normalise(input), info.imports.map((item) => normalise(item.path)));
  }
  const reach = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next) || next.startsWith('..') || next.includes('node_modules')) continue;
      seen.add(next);
      stack.push(...(graph.get(next) ?? []));
    }
    return seen;
  };
  return {
    dependencies: Object.fromEntries(names.map((name) => [name, [...reach(`templates/pages/${name}.tsx`)].sort()])),
    layoutDependencies: [...reach('templates/layout.tsx')].sort(),
  };
}

function templateBuildError(root: string, error: unknown): SiteError {
  const failure = error as esbuild.BuildFailure;
  const first = failure.errors?.[0];
  if (!first) return new SiteError('template-build', String(error), { cause: error });
  const file = first.location ? toPosix(path.relative(root, path.resolve(first.location.file))) : undefined;
  const more = failure.errors.length > 1 ? `; and ${failure.errors.length - 1} more error(s) in the templates` : '';
  return new SiteError('template-build', first.text, {
    location: file ? { file, line: first.location!.line, column: first.location!.column + 1 } : undefined,
    hint: `${buildHint(first.text)}${more}`,
    cause: error,
  });
}

/** What esbuild's words usually mean in a site's templates, and where to look. */
function buildHint(message: string): string {
  if (/Unterminated regular expression/.test(message)) {
    return 'a `/` that esbuild read as the start of a regular expression: a tag not closed just above (`</p` without `>`), or a `/` in JSX text, which is written {\'/\'}';
  }
  if (/^Expected ".+" but found/.test(message)) return 'something opened above this line and not closed: a tag, a `{`, a `(` or a `[`; the line shown is where esbuild noticed';
  if (/Unterminated (string|template)/.test(message)) return 'a quote or a backtick left open on this line';
  if (/to terminate multi-line comment/.test(message)) return 'a `/*` comment (in JSX, `{/* … */}`) that is never closed';
  if (/^Could not resolve/.test(message)) return 'the file or package is not there: a path is relative to the file that imports it; a package is installed with npm install';
  if (/Multiple exports with the same name|has already been declared/.test(message)) return 'two declarations of one name in a file: rename or remove one';
  return 'the site\'s code does not compile: sitegen bundles templates/ and sitegen.config.ts with esbuild, as TypeScript and JSX';
}
