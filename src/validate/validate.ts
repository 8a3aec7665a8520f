/**
 * The validate stage: content/site.yaml and every page against sitegen's own
 * keys and their template's schema, into the typed site model, or every
 * error of every file at once. The scope the schema helpers check against
 * (routes, public files, the root) is passed in as data.
 */
import { z, type ZodType } from 'zod';
import { WORDS_PER_MINUTE, convertMarkdown, sourceFolderOf, type MarkdownHeading, type MarkdownOutline } from '../markdown/markdown.ts';
import type { SourcePart } from '../markdown/markdown-source.ts';
import type { RawDoc } from '../model.ts';
import type { ListImage, MarkdownBlock, PageHeading, PageInfo, PageModel, SiteInfo, SiteTemplates, TemplateModule } from '../model.ts';
import type { ValidationNotes, ValidationScope } from '../template-api/scope.ts';
import { pageCoreSchema, siteCoreSchema } from '../core-schemas.ts';
import { asObject, check, checkInScope, fieldError, reportTypos, splitKeys } from './issues.ts';
import { SiteError } from '../errors.ts';
import { dataNameOf } from '../data-files.ts';
import type { CardStyle } from '../integrations/api.ts';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readLocalBytes } from '../site-reader.ts';
import { didYouMean } from '../did-you-mean.ts';

/**
 * zod compiles a fast path for each object schema the first time it parses
 * with it (with `new Function`), which pays off only over many parses: on
 * the real site's 20 pages, of a dozen templates, it cost more than it saved
 * (cold build 0.69 -> 0.60 s of CPU without it, medians of 5). Sites of
 * 1,500 pages or more keep it.
 */
export function validateFor(pages: number): void {
  z.config({ jitless: pages < 1_500 });
}
import { keysAt } from './schema-keys.ts';
import { checkMarkdownReferences, removalWarning } from './markdown-links.ts';
import { sizeMarkdownImages } from './markdown-images.ts';
import { checkMarkdownComponents } from './markdown-components.ts';

export type { ValidationScope };
export { pageCoreSchema, siteCoreSchema };
/** What validation needs of the templates: their schemas, and the scope runner of their `sitegen` module. */
export type ValidationTemplates = Pick<SiteTemplates, 'layout' | 'pages' | 'withValidationScope'> & Partial<Pick<SiteTemplates, 'data' | 'markdown'>>;

const CORE_SITE_KEYS = Object.keys(siteCoreSchema.shape);

const CORE_PAGE_KEYS = Object.keys(pageCoreSchema.shape);

/** content/site.yaml: sitegen's own keys, and the layout's keys against the layout's schema; then content/data/'s files, each against its schema. */
export function validateSite(
  doc: RawDoc, templates: ValidationTemplates, scope: ValidationScope, errors: SiteError[], now = new Date(), dataDocs: readonly RawDoc[] = [],
): { site?: SiteInfo; notes: ValidationNotes } {
  const data = asObject(doc, errors);
  const meant = reportTypos(doc, data, [...CORE_SITE_KEYS, ...keysAt(templates.layout.schema, [])], errors);
  const [core, layoutData] = splitKeys(data, CORE_SITE_KEYS);
  const coreResult = check(doc, siteCoreSchema, core, errors, meant);
  const { result: [layoutResult, dataValues], notes } = templates.withValidationScope(scope, () => [
    check(doc, templates.layout.schema, layoutData, errors, meant),
    validateData(dataDocs, templates.data ?? {}, errors),
  ] as const);
  notes.warnings = notes.warnings.map((warning) => `${doc.file}: ${warning}`);
  if (coreResult) {
    for (const key of ['image', 'favicon'] as const) {
      const url = coreResult[key];
      if (url !== undefined && !scope.publicFiles.has(url)) errors.push(fieldError(doc, [key], `public${url} does not exist`));
    }
  }
  if (coreResult) checkRedirects(doc, coreResult.redirects, scope, errors);
  const cards = coreResult?.cards && cardStyleOf(doc, coreResult.cards, scope, errors, notes);
  const i18n = coreResult && languagesOf(doc, coreResult, errors);
  if (!coreResult || !layoutResult || !dataValues || i18n === null || cards === null) return { notes };
  return { site: { ...coreResult, cards, i18n, layout: layoutResult as Record<string, unknown>, data: dataValues, year: now.getFullYear() }, notes };
}

/**
 * site.yaml's `cards` as the cards are drawn with: its font read (a change to the file draws the cards again), and a
 * warning for words that would be hard to read on the card. Null when the font is not there.
 */
function cardStyleOf(doc: RawDoc, cards: CardStyle, scope: ValidationScope, errors: SiteError[], notes: ValidationNotes): CardStyle | undefined | null {
  for (const [key, against, least] of [['text', 'background', 4.5], ['accent', 'background', 3]] as const) {
    const ratio = contrastRatio(cards[key], cards[against]);
    if (ratio < least) notes.warnings.push(`cards.${key} ${cards[key]} on ${cards[against]} has a contrast of ${ratio.toFixed(2)}:1, under the ${least}:1 a card needs to be read at a glance`);
  }
  if (!cards.font) return cards;
  // Read by the one reader: inside the site, by its path and any link on the way, and bounded.
  const read = readLocalBytes(scope.root, cards.font);
  if (read && 'problem' in read) {
    errors.push(fieldError(doc, ['cards', 'font'], read.problem, 'keep the font in the site, such as public/fonts/brand-bold.woff'));
    return null;
  }
  if (!read) {
    errors.push(fieldError(doc, ['cards', 'font'], `${cards.font} does not exist`, 'give the path of a font file from the site\'s root, such as public/fonts/brand-bold.woff'));
    return null;
  }
  const { bytes } = read;
  notes.localFiles.push(path.resolve(scope.root, cards.font));
  const unreadable = fontProblem(bytes);
  if (unreadable) {
    errors.push(fieldError(doc, ['cards', 'font'], `${cards.font} is not a font the cards can be drawn with: ${unreadable}`, 'give a TTF, OTF, WOFF or WOFF2 file of one font, such as the one the site\'s stylesheet uses'));
    return null;
  }
  return { ...cards, fontHash: createHash('sha256').update(bytes).digest('base64url').slice(0, 16) };
}

/** Why fontkit cannot draw with these bytes (not a font, a collection, a table it cannot read), or undefined. */
function fontProblem(bytes: Buffer): string | undefined {
  // fontkit loops for ever on some cut files: their tables are checked against the file's length first.
  const tables = fontTablesProblem(bytes);
  if (tables) return tables;
  // Loaded only for a site that names a card font: most builds never need it.
  const fontkit = createRequire(import.meta.url)('fontkit') as typeof import('fontkit');
  try {
    const font = fontkit.create(bytes);
    if (!('layout' in font)) return 'it is a collection of fonts: name one font of it';
    // Laying out and outlining a few glyphs reads the tables drawing needs, where a damaged file fails.
    for (const glyph of font.layout('Aa 1').glyphs) void glyph.path.toSVG();
    if (!(font.unitsPerEm > 0)) return 'it gives no size for its glyphs';
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  }
}

/** Whether a font file is whole: its format known, and every table within its length (a cut or damaged download is not). */
function fontTablesProblem(bytes: Buffer): string | undefined {
  if (bytes.length < 12) return 'it is too short to be a font';
  const tag = bytes.toString('latin1', 0, 4);
  if (tag === 'ttcf') return 'it is a collection of fonts: name one font of it';
  // Each format's table directory: where it starts, each entry's size, and where in an entry its offset and length are.
  let directory: { count: number; start: number; size: number; offsetAt: number } | undefined;
  if (tag === 'wOFF' || tag === 'wOF2') {
    // A WOFF says its own length; WOFF2's tables are compressed as one stream, so its length is all there is to check.
    if (bytes.length < 44 || bytes.readUInt32BE(8) !== bytes.length) return FONT_CUT;
    if (tag === 'wOFF') directory = { count: bytes.readUInt16BE(12), start: 44, size: 20, offsetAt: 4 };
  } else if (tag === '\u0000\u0001\u0000\u0000' || tag === 'OTTO' || tag === 'true') {
    directory = { count: bytes.readUInt16BE(4), start: 12, size: 16, offsetAt: 8 };
  } else {
    return 'it is not a TTF, OTF, WOFF or WOFF2 file';
  }
  if (!directory) return undefined;
  const { count, start, size, offsetAt } = directory;
  if (start + count * size > bytes.length) return FONT_CUT;
  for (let entry = start; entry < start + count * size; entry += size) {
    // The offset, then the length (in a WOFF, the compressed one) of the table.
    if (bytes.readUInt32BE(entry + offsetAt) + bytes.readUInt32BE(entry + offsetAt + 4) > bytes.length) return FONT_CUT;
  }
  return undefined;
}

const FONT_CUT = 'it is cut short or damaged (a table lies past its end): download it again';

/** WCAG's contrast ratio of two #rgb or #rrggbb colours. */
function contrastRatio(one: string, other: string): number {
  const luminance = (hex: string) => {
    const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
    const [r, g, b] = digits.map((pair) => {
      const channel = Number.parseInt(pair, 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** site.yaml's `i18n` as the site model holds it (its languages in order), or null when it leaves out the default language. */
function languagesOf(doc: RawDoc, core: z.output<typeof siteCoreSchema>, errors: SiteError[]): SiteInfo['i18n'] | null {
  if (!core.i18n) return undefined;
  const locales = Object.entries(core.i18n.locales).map(([code, name]) => ({ code, name }));
  if (!locales.some((locale) => locale.code === core.lang)) {
    errors.push(fieldError(doc, ['i18n', 'locales'], `lists ${locales.map((locale) => locale.code).join(', ') || 'no language'} but not ${core.lang}, the site's lang and so its default language`,
      `add \`${core.lang}: …\` (its name in itself), or set lang to the default one`));
    return null;
  }
  return { ...core.i18n, locales };
}

/**
 * content/data/'s files, each against the schema templates/data.ts gives
 * its name; a file without a schema, or a schema without a file, is an
 * error. Undefined when any of them failed.
 */
function validateData(docs: readonly RawDoc[], schemas: Readonly<Record<string, ZodType>>, errors: SiteError[]): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  let ok = true;
  for (const doc of docs) {
    const name = dataNameOf(doc.file);
    if (!Object.hasOwn(schemas, name)) {
      const suggestion = didYouMean(name, Object.keys(schemas), false);
      errors.push(new SiteError('data', `templates/data.ts has no schema for ${doc.file}${suggestion ? `: ${suggestion}` : ''}`, {
        location: { file: doc.file }, hint: `add \`${name}: z.…\` to the \`data\` that templates/data.ts exports, or rename the file`,
      }));
      ok = false;
      continue;
    }
    const value = check(doc, schemas[name], doc.data, errors);
    if (value === undefined) ok = false;
    else values[name] = value;
  }
  const named = new Set(docs.map((doc) => dataNameOf(doc.file)));
  for (const name of Object.keys(schemas)) {
    if (named.has(name)) continue;
    errors.push(new SiteError('data', `templates/data.ts declares the data ${name}, but content/data/${name}.yaml does not exist`, {
      location: { file: 'templates/data.ts' }, origin: 'template', hint: `write content/data/${name}.yaml, or remove ${name} from the schemas`,
    }));
    ok = false;
  }
  return ok ? values : undefined;
}

/**
 * site.yaml's redirects, each against the routes and files the build knows:
 * the old path must be free (a redirect would hide what is there), and an
 * internal target must exist. Loops, and two redirects from one path, are
 * found once every page's aliases are known (emit/redirects.ts).
 */
function checkRedirects(doc: RawDoc, redirects: z.output<typeof siteCoreSchema>['redirects'], scope: ValidationScope, errors: SiteError[]): void {
  for (const [from, rule] of Object.entries(redirects)) {
    const to = typeof rule === 'string' ? rule : rule.to;
    const taken = takenBy(from, scope);
    if (taken) errors.push(fieldError(doc, ['redirects', from], `${from} is ${taken}, so a redirect from it would hide it`, 'remove the redirect, or the page or file', from));
    const target = to.split(/[?#]/)[0];
    // A target may itself be redirected on (a chain); where a chain ends, and whether it loops, emit/redirects.ts checks.
    if (target.startsWith('/') && !scope.routes.has(target) && !scope.publicFiles.has(target) && !Object.hasOwn(redirects, target)) {
      const suggestion = didYouMean(target, scope.routes, false);
      errors.push(fieldError(doc, ['redirects', from], `redirects to ${to}, which is neither a route nor a file in public/${suggestion ? `: ${suggestion}` : ''}`, undefined, from));
    }
  }
}

/** What already answers at a path, in an editor's words, if anything does. */
function takenBy(pathname: string, scope: ValidationScope): string | undefined {
  if (scope.routes.has(pathname)) return 'the route of a page';
  if (scope.publicFiles.has(pathname)) return `the file public${pathname}`;
  return undefined;
}

/**
 * One page: sitegen's keys, then the rest against its template's schema;
 * Markdown bodies become HTML. What the template's helpers noted (local
 * files read, warnings) is added to `notes`.
 */
export function validatePage(
  doc: RawDoc, templates: ValidationTemplates, scope: ValidationScope, errors: SiteError[], notes?: ValidationNotes, now = new Date(),
): PageModel | undefined {
  // What `./photo.jpg` in the page's fields is relative to: the page's folder, where its bundle is.
  scope = { ...scope, folder: sourceFolderOf(doc.file) };
  const data = asObject(doc, errors);
  let components: MarkdownBlock[] | undefined;
  let blocksFailed = false;
  let outline: MarkdownOutline | undefined;
  let markdown: SourcePart[] | undefined;
  if (doc.kind === 'markdown') {
    let converted: Omit<ReturnType<typeof convertMarkdown>, 'outline'> & { outline?: MarkdownOutline };
    try {
      converted = doc.html === undefined
        ? convertMarkdown(doc.body ?? '', sourceFolderOf(doc.file))
        : { html: doc.html, references: doc.references ?? [], components: doc.components ?? [], removed: doc.removed ?? [], outline: doc.outline, markdown: doc.markdown };
    } catch (error) {
      // An integration's Markdown extension that threw (told as its own fault, pipeline/integrations.ts) fails this page, on any thread.
      if (!(error instanceof SiteError)) throw error;
      errors.push(error);
      return undefined;
    }
    outline = converted.outline;
    markdown = converted.markdown;
    data.template ??= 'markdown';
    checkMarkdownReferences(doc, converted.references, scope, errors, notes);
    for (const removal of converted.removed) notes?.warnings.push(removalWarning(doc, removal));
    const published = new Map<string, string>();
    data.body = sizeMarkdownImages(converted.html, converted.references, doc.route ?? '/', scope, notes, published);
    // The page's Markdown shows each image as the page serves it (its variant, a fetched remote image's copy).
    if (markdown && published.size > 0) markdown = markdown.map((part) => (typeof part === 'object' && 'image' in part && published.has(part.image) ? { image: published.get(part.image)! } : part));
    if (converted.components.length > 0) {
      components = checkMarkdownComponents(doc, converted.components, templates.markdown ?? {}, templates.withValidationScope, scope, errors, notes);
      blocksFailed = components === undefined;
    }
  }
  const templateName = typeof data.template === 'string' ? data.template : undefined;
  const template = templateName === undefined ? undefined : templates.pages[templateName];
  // The editor sees one file: a misspelt key is matched against sitegen's keys and the template's together.
  const meant = reportTypos(doc, data, [...CORE_PAGE_KEYS, ...(template ? keysAt(template.schema, []) : [])], errors);
  const [core, rest] = splitKeys(data, CORE_PAGE_KEYS);
  const info = check(doc, pageCoreSchema, core, errors, meant);
  if (!info) return undefined;
  if (!template) {
    const names = Object.keys(templates.pages);
    const suggestion = didYouMean(info.template, names);
    errors.push(fieldError(doc, ['template'], `no template named "${info.template}"${suggestion ? `: ${suggestion}` : ''}`,
      `the templates are: ${names.join(', ')} (files in templates/pages/)`));
    return undefined;
  }
  if (info.canonical !== undefined && !scope.routes.has(info.canonical)) {
    const suggestion = didYouMean(info.canonical, scope.routes, false);
    errors.push(fieldError(doc, ['canonical'], `links to ${info.canonical}, which is not a route${suggestion ? `: ${suggestion}` : ''}`));
  }
  if (info.image !== undefined && !scope.publicFiles.has(info.image)) {
    errors.push(fieldError(doc, ['image'], `public${info.image} does not exist`));
  }
  info.aliases.forEach((alias, index) => {
    const taken = takenBy(alias, scope);
    if (taken) errors.push(fieldError(doc, ['aliases', index], `${alias} is ${taken}, so it cannot redirect here`, 'an alias is a path the page had before it moved: remove it, or move what is there now'));
  });
  const parsed = checkInScope(doc, template.schema, rest, templates.withValidationScope, scope, errors, notes, meant);
  if (!parsed || blocksFailed) return undefined;
  const canonical = info.canonical ?? doc.route!;
  // A post dated after the build is scheduled: a draft until its date comes (a build then publishes it).
  const scheduled = !info.draft && info.date !== undefined && Date.parse(info.date) > now.getTime() ? info.date : undefined;
  const draft = info.draft || scheduled !== undefined;
  const sitemap = info.sitemap && !info.noindex && !draft && canonical === doc.route;
  const cover = coverOf(template, parsed, doc, templateName!, errors);
  const page: PageInfo = {
    ...info, route: doc.route!, file: doc.file, canonical, sitemap, draft, ...(scheduled ? { scheduled } : {}), ...(cover ? { cover } : {}),
    summary: outline?.summary ?? info.description,
    ...(outline ? { headings: headingTree(outline.headings), readingTime: Math.max(1, Math.ceil(outline.words / WORDS_PER_MINUTE)) } : {}),
  };
  return { info: page, data: parsed as Record<string, unknown>, ...(components ? { components } : {}), ...(markdown ? { markdown } : {}) };
}

/** The picture a list shows for the page, as its template's `cover` picks it from the data; a template that throws is the template's error. */
function coverOf(template: TemplateModule, data: unknown, doc: RawDoc, name: string, errors: SiteError[]): ListImage | undefined {
  if (!template.cover) return undefined;
  let picked: unknown;
  try {
    picked = template.cover(data);
  } catch (error) {
    errors.push(new SiteError('template', `templates/pages/${name}.tsx: its cover() failed for ${doc.file}: ${(error as Error).message}`, {
      origin: 'template', location: { file: `templates/pages/${name}.tsx` }, cause: error,
      hint: 'cover() gets the page\'s data and returns an image() field\'s value, or undefined',
    }));
    return undefined;
  }
  if (picked === undefined || picked === null) return undefined;
  const image = picked as Partial<ListImage>;
  if (typeof image.src !== 'string' || typeof image.alt !== 'string' || typeof image.width !== 'number' || typeof image.height !== 'number') {
    errors.push(new SiteError('template', `templates/pages/${name}.tsx: its cover() returned no image() field's value for ${doc.file}`, {
      origin: 'template', location: { file: `templates/pages/${name}.tsx` }, hint: 'return the value of an image() field (src, alt, width, height), or undefined',
    }));
    return undefined;
  }
  const { src, alt, width, height, sources } = image as ListImage;
  return { src, alt, width, height, ...(sources ? { sources } : {}) };
}

/** Headings as a tree: each under the nearest heading before it of a lower level. */
function headingTree(headings: readonly MarkdownHeading[]): PageHeading[] {
  const roots: PageHeading[] = [];
  const open: PageHeading[] = [];
  for (const { depth, text, id } of headings) {
    const node: PageHeading = { depth, text, id, children: [] };
    while (open.length > 0 && open.at(-1)!.depth >= depth) open.pop();
    (open.length > 0 ? open.at(-1)!.children : roots).push(node);
    open.push(node);
  }
  return roots;
}

/**
 * Validates one content file that is not part of the site model (the
 * server's content/private/*.yaml), with the same errors: file, line, field.
 */
export function validateDoc<T>(doc: RawDoc, schema: ZodType<T>): { value?: T; errors: SiteError[] } {
  const errors: SiteError[] = [];
  const value = check(doc, schema, asObject(doc, errors), errors);
  return errors.length ? { errors } : { value, errors };
}
