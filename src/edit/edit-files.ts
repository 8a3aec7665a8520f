/**
 * What the browser editor (`sitegen dev`'s /__sitegen/edit) lists, opens,
 * checks and saves: the content files, read and written only through the
 * site's reader and its rules (src/site-reader.ts). A save is checked by
 * the build itself, with the file as it would be, before a byte is written
 * (withDrafts), and is written whole by a rename, so dev's watcher and a
 * build never read half a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDataFile } from '../data-files.ts';
import { SiteError, SiteErrors } from '../errors.ts';
import { routeOf } from '../load/content-files.ts';
import { FRONT_MATTER, parseContentFile } from '../load/parse.ts';
import { listSiteFolder, readSiteText, withDrafts } from '../site-reader.ts';
import { toPosix } from '../files.ts';
import { editYaml } from './yaml-edit.ts';

export type EditKind = 'site' | 'page' | 'data' | 'other';

/** One content file in the editor's list. */
export interface EditEntry {
  /** From the site root: content/pages/about.yaml. */
  path: string;
  kind: EditKind;
  format: 'yaml' | 'markdown';
  /** The list's heading it is under: "Site", "Pages", "Pages: news", "Data", "Other files". */
  group: string;
  /** Its title (a page's `title`, else its file name). */
  label: string;
  /** The page it becomes. */
  route?: string;
  /** Its template, for a page that names one. */
  template?: string;
}

const CONTENT_FILE = /\.(ya?ml|md|markdown)$/i;

/** Every content file an editor may change, grouped as the site is, pages by folder, each page with its title and template; the files that cannot be read are listed all the same. */
export function listEditable(root: string): EditEntry[] {
  return listContentFiles(root).map((entry) => withFacts(root, entry));
}

/** A page's title (its label) and template, read from its file; any other entry as it is. */
function withFacts(root: string, entry: EditEntry): EditEntry {
  if (entry.kind !== 'page') return entry;
  const facts = pageFacts(root, entry.path);
  return { ...entry, label: facts.title ?? entry.label, ...(facts.template ? { template: facts.template } : {}) };
}

/** The content files and where each stands, from their paths alone: no file is read (a page's label is its file's name). */
export function listContentFiles(root: string): EditEntry[] {
  const { files } = listSiteFolder(root, 'content');
  const entries: EditEntry[] = [];
  for (const relative of files.map(toPosix).filter((file) => CONTENT_FILE.test(file))) {
    const file = `content/${relative}`;
    const format = /\.(md|markdown)$/i.test(file) ? 'markdown' : 'yaml';
    const name = path.posix.basename(relative);
    if (relative === 'site.yaml') {
      entries.push({ path: file, kind: 'site', format, group: 'Site', label: 'Site settings (site.yaml)' });
    } else if (relative.startsWith('pages/')) {
      const inPages = relative.slice('pages/'.length);
      const folder = path.posix.dirname(inPages);
      entries.push({ path: file, kind: 'page', format, group: folder === '.' ? 'Pages' : `Pages: ${folder.replace(/\/index$/, '')}`, label: name, route: routeOf(inPages) });
    } else if (relative.startsWith('data/') && isDataFile(relative.slice('data/'.length))) {
      entries.push({ path: file, kind: 'data', format, group: 'Data', label: name });
    } else {
      entries.push({ path: file, kind: 'other', format, group: 'Other files', label: relative });
    }
  }
  const order: Record<EditKind, number> = { site: 0, page: 1, data: 2, other: 3 };
  return entries.sort((a, b) => order[a.kind] - order[b.kind] || (a.group === b.group ? 0 : a.group === 'Pages' ? -1 : b.group === 'Pages' ? 1 : a.group.localeCompare(b.group))
    || (a.route ?? a.path).localeCompare(b.route ?? b.path));
}

/** A page's title and template, read without failing: a broken file is listed by its name. */
function pageFacts(root: string, file: string): { title?: string; template?: string } {
  try {
    const data = parseContentFile(file, readSiteText(root, file)).data as Record<string, unknown>;
    return {
      ...(typeof data.title === 'string' ? { title: data.title } : {}),
      ...(typeof data.template === 'string' ? { template: data.template } : /\.(md|markdown)$/i.test(file) ? { template: 'markdown' } : {}),
    };
  } catch {
    return {};
  }
}

/** A content file as the editor opens it: its text and version, and its values when its YAML can be read. */
export interface OpenedFile {
  entry: EditEntry;
  text: string;
  version: string;
  /** Its YAML's values (a Markdown file's front matter's); absent when the YAML cannot be read (`problem` says why). */
  values?: unknown;
  /** A Markdown file's body, after the front matter. */
  body?: string;
  problem?: string;
}

/** The listed file at `file` (a path from the root), or undefined: nothing outside the list is opened or written. */
export function entryOf(root: string, file: unknown): EditEntry | undefined {
  if (typeof file !== 'string') return undefined;
  // Listed by path alone (every request asks this): only the one file found is read for its title.
  const entry = listContentFiles(root).find((listed) => listed.path === file);
  return entry && withFacts(root, entry);
}

export function versionOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

export function openFile(root: string, entry: EditEntry): OpenedFile {
  const text = readSiteText(root, entry.path);
  const opened: OpenedFile = { entry, text, version: versionOf(text) };
  try {
    const doc = parseContentFile(entry.path, text);
    opened.values = doc.data;
    if (entry.format === 'markdown') opened.body = doc.body;
  } catch (error) {
    opened.problem = error instanceof SiteError ? describe(error) : (error as Error).message;
  }
  return opened;
}

/** What the editor sends to change a file: its new values (and a Markdown body), or its whole new text. */
export type Change = { values: unknown; body?: string } | { text: string };

/** The file's text after the change: only the values that changed are written again (./yaml-edit.ts); a body is taken as it is. */
export function composeFile(entry: EditEntry, current: string, change: Change): string {
  if ('text' in change) return change.text;
  if (entry.format === 'yaml') return editYaml(current, change.values ?? {});
  const match = FRONT_MATTER.exec(current);
  const body = change.body ?? (match ? current.slice(match[0].length) : current);
  if (!match) {
    const values = change.values as Record<string, unknown> | undefined;
    return values && Object.keys(values).length > 0 ? `---\n${editYaml('', values)}---\n${body}` : body;
  }
  const frontMatter = match[1] ?? '';
  const open = match[0].slice(0, match[0].indexOf('\n') + 1);
  const close = match[0].slice(open.length + frontMatter.length);
  const edited = editYaml(frontMatter === '' ? '' : `${frontMatter}\n`, change.values ?? {});
  return `${open}${edited.replace(/\n$/, '')}${close}${body}`;
}

/** One error as the editor shows it: at its field when it has one, its line, what to do. */
export interface EditProblem {
  file?: string;
  field?: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}

function describe(error: SiteError): string {
  return `${error.message}${error.hint ? ` (${error.hint})` : ''}`;
}

function problemOf(error: SiteError): EditProblem {
  const { location } = error;
  return {
    ...(location?.file ? { file: location.file } : {}), ...(error.field ? { field: error.field } : {}),
    ...(location?.line ? { line: location.line } : {}), ...(location?.column ? { column: location.column } : {}),
    message: error.message, ...(error.hint ? { hint: error.hint } : {}),
  };
}

/**
 * What the build says of the site with these texts in place of the files (paths from the root): its errors, as the
 * editor shows them, none when it would build. The build's own road with nothing written: `sitegen check`'s.
 */
export async function checkSite(root: string, texts: ReadonlyMap<string, string>): Promise<EditProblem[]> {
  const { buildSite } = await import('../pipeline.ts');
  try {
    await withDrafts(texts, () => buildSite({ root, dev: true, output: 'none', parallel: false }));
    return [];
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors.map(problemOf);
    if (error instanceof SiteError) return [problemOf(error)];
    throw error;
  }
}

/** Two problems are the same one when they say the same thing at the same place. */
const keyOf = (problem: EditProblem) => `${problem.file}:${problem.line}:${problem.field}:${problem.message}`;

/**
 * The errors a change brings: those in the file itself, and any elsewhere that the site does not have as it is on
 * disk (a data entry removed that a page names). An error the site had before, in another file, is not this
 * change's: it does not stop the save.
 */
export async function problemsOf(root: string, file: string, text: string): Promise<EditProblem[]> {
  const after = await checkSite(root, new Map([[file, text]]));
  const own = after.filter((problem) => problem.file === file || problem.file === undefined);
  const elsewhere = after.filter((problem) => problem.file !== undefined && problem.file !== file);
  if (elsewhere.length === 0) return own;
  const before = new Set((await checkSite(root, new Map())).map(keyOf));
  return [...own, ...elsewhere.filter((problem) => !before.has(keyOf(problem)))];
}

/** Writes a file whole: a dotted temporary file beside it (dev's watcher passes dotfiles by), then a rename. */
export function writeWhole(root: string, file: string, text: string | Uint8Array): void {
  const target = path.join(root, file);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** A file name from a title: `Hello, wörld!` → `hello-world`. */
export function slugOf(title: string): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return slug || 'new-page';
}

/** Today's date as a post's `date` writes it. */
function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * A new page in a folder of content/pages/, made as the pages beside it are: Markdown if they are (a YAML page
 * among YAML pages), their template when they name one, a date when they are dated (a collection's posts), tags
 * when they have them. Its path and text; nothing is written here.
 */
export function newPageOf(root: string, folder: string, title: string, description: string): { path: string; text: string } | { error: string } {
  if (!/^content\/pages(\/[^/.][^/]*)*$/.test(folder) || folder.split('/').some((part) => part === '..' || part.startsWith('.'))) {
    return { error: `${folder} is not a folder of content/pages/` };
  }
  const pages = listContentFiles(root).filter((entry) => entry.kind === 'page');
  const beside = pages.filter((entry) => path.posix.dirname(entry.path) === folder || path.posix.dirname(path.posix.dirname(entry.path)) === folder && /\/index\.[a-z]+$/.test(entry.path));
  if (folder !== 'content/pages' && !pages.some((entry) => entry.path.startsWith(`${folder}/`))) return { error: `${folder} holds no page to make a new one like` };
  const posts = beside.filter((entry) => !/(^|\/)index\.[a-z]+$/.test(entry.path.slice(folder.length + 1)));
  const samples = (posts.length ? posts : beside).map((entry) => ({ entry, values: valuesOf(root, entry) }));
  const markdown = samples.length === 0 || samples.some((sample) => sample.entry.format === 'markdown');
  const like = samples.filter((sample) => (sample.entry.format === 'markdown') === markdown);
  const templates = like.map((sample) => sample.values.template).filter((name): name is string => typeof name === 'string');
  const template = templates.sort((a, b) => templates.filter((name) => name === b).length - templates.filter((name) => name === a).length)[0];
  const values: Record<string, unknown> = {
    ...(template ? { template } : {}), title, description,
    ...(like.some((sample) => typeof sample.values.date === 'string') ? { date: today() } : {}),
    ...(like.some((sample) => Array.isArray(sample.values.tags)) ? { tags: [] } : {}),
  };
  const taken = new Set(listContentFiles(root).map((entry) => entry.path));
  const stem = `${folder}/${slugOf(title)}`;
  const extension = markdown ? 'md' : 'yaml';
  let file = `${stem}.${extension}`;
  for (let n = 2; taken.has(file) || taken.has(`${stem}/index.${extension}`); n++) file = `${stem}-${n}.${extension}`;
  const yaml = editYaml('', values);
  return { path: file, text: markdown ? `---\n${yaml}---\n\nWrite the page here.\n` : yaml };
}

function valuesOf(root: string, entry: EditEntry): Record<string, unknown> {
  try {
    const data = parseContentFile(entry.path, readSiteText(root, entry.path)).data;
    return data && typeof data === 'object' ? data as Record<string, unknown> : {};
  } catch {
    return {};
  }
}
