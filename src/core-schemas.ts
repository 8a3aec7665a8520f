/**
 * sitegen's own keys of content/site.yaml and of every page: what the
 * validate stage checks first, and what the editors' JSON Schemas
 * (emit/editor-schemas.ts) describe. The rest of a file belongs to the
 * layout or the page's template.
 */
import { z } from 'zod';
import { endpoint } from './template-api/schemas.ts';
import { CODE_THEMES } from './markdown/code-themes.ts';

/** A path a redirect leaves from: an address of this site, as a route is written. */
const redirectPath = () => z.string()
  .refine((text) => !/^\/[/\\]/.test(text), { abort: true, error: (issue) => `${String(issue.input)} is another host to a browser, not a path of this site: did you mean /${String(issue.input).replace(/^[/\\]+/, '')}?` })
  .regex(/^\/[A-Za-z0-9._~%!&'()*+,;=:@\/-]*$/, 'expected a path of this site such as /old-page (letters, digits and - . _ ~ /; no spaces, quotes, ? or #)');

/** `//host` and `/\\host` are another host to a browser; http:// is no HTTPS. Each with what was likely meant. */
function notOurs(target: string): string {
  const rest = target.replace(/^(?:[/\\]+|http:\/\/)/i, '');
  return target.toLowerCase().startsWith('http:')
    ? `${target} is not HTTPS: did you mean https://${rest}?`
    : `${target} is another host to a browser (// starts a host name): did you mean https://${rest}, or the path /${rest}?`;
}

/** Where a redirect goes: a route or file of this site, or a page elsewhere over HTTPS. */
const redirectTarget = () => z.string()
  .refine((text) => !/^(?:\/[/\\]|http:)/i.test(text), { abort: true, error: (issue) => notOurs(String(issue.input)) })
  .regex(/^(\/|https:\/\/)[^\s"\\${}]*$/, 'expected a route such as /new-page, or an https:// address (no spaces, quotes, backslashes, $ or braces)');

/** An origin (or a host pattern) that a page may reach besides its own, for the Content-Security-Policy. */
const origin = () => z.string().regex(/^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i,
  'expected an origin such as https://api.example.com (https, a host name, an optional port, no path)');

/** A host the build fetches images from: HTTPS, or a local image server on a loopback address (http://127.0.0.1:4000). */
const imageOrigin = () => z.string().regex(/^(https:\/\/[a-z0-9.-]+(:\d+)?|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?)$/i,
  'expected an origin such as https://images.example.com (https, a host name, an optional port, no path)');

/** A social card's look unless site.yaml says otherwise (src/cards/): white on deep blue, the section in light blue. */
const CARD_DEFAULTS = { background: '#0b1f4d', text: '#ffffff', accent: '#7dd3fc' };

const cardColour = () => z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'expected a colour such as #0b1f4d');

/** sitegen's own keys of content/site.yaml (the rest belongs to the layout); exported for the editors' JSON Schema. */
export const siteCoreSchema = z.strictObject({
  name: z.string().min(1),
  url: z.url({ protocol: /^https?$/, message: 'expected an absolute URL such as https://example.com' }),
  lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'expected a language tag such as en or en-IN').default('en'),
  description: z.string().min(1),
  image: z.string().optional(),
  favicon: z.string().default('/favicon.svg'),
  themeColor: z.string().optional(),
  csp: z.strictObject({
    connect: z.array(origin()).default([]),
    form: z.array(origin()).default([]),
    script: z.array(origin()).default([]),
    img: z.array(origin()).default([]).describe('hosts the pages show images from (Markdown images, a CMS\'s pictures)'),
    media: z.array(origin()).default([]).describe('hosts the pages play video or audio from'),
  }).default({ connect: [], form: [], script: [], img: [], media: [] }),
  images: z.strictObject({
    remote: z.array(imageOrigin()).default([])
      .describe('hosts whose images the content may show: each is fetched at build, cached in .sitegen/, and served from the site in variants'),
  }).default({ remote: [] }),
  code: z.strictObject({
    theme: z.enum([...CODE_THEMES, 'none']).default('none')
      .describe("code blocks' colours: github (GitHub's, light or dark as the visitor's system is), or none (the site's stylesheet colours Prism's token classes)"),
  }).default({ theme: 'none' }),
  cards: z.union([
    z.literal(true).transform(() => ({ ...CARD_DEFAULTS })),
    z.strictObject({
      background: cardColour().default(CARD_DEFAULTS.background),
      text: cardColour().default(CARD_DEFAULTS.text),
      accent: cardColour().default(CARD_DEFAULTS.accent),
      font: z.string().regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$)).+\.(ttf|otf|woff2?)$/i, 'expected a font file from the site\'s root, such as public/fonts/brand-bold.woff (TTF, OTF, WOFF or WOFF2)')
        .optional().describe("the font the cards' words are drawn in (sitegen's Plus Jakarta Sans without one)"),
    }),
  ], { error: 'expected true, or { background, text, accent, font } to set their look' }).optional()
    .describe("social cards: each page without an `image` gets a 1200×630 Open Graph picture of its section and title, drawn at build in the site's font and colours"),
  gate: z.strictObject({
    script: endpoint('/gate/check.js'),
    tenantId: z.string().min(1),
    function: z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 'expected a global function name such as botCheck'),
    mode: z.enum(['page', 'islands']).default('page'),
  }).optional(),
  analytics: z.strictObject({ vitalsUrl: endpoint('/vitals').optional() }).optional(),
  basePath: z.string().regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'expected the path the site is served under, such as /docs (no slash at the end)').default('')
    .describe('the path the site is served under, such as /docs; links in content stay /about and come out as /docs/about'),
  trailingSlash: z.enum(['never', 'always']).default('never')
    .describe('never: /about is about.html (the default); always: /about/ is about/index.html, for hosts that serve folders only (an S3 bucket)'),
  fallback: z.enum(['redirect', 'not-found']).default('not-found')
    .describe('unknown paths: not-found (the default) answers 404 with the page at /404 (content/pages/404.yaml or .md) or a plain one; redirect sends them to / with a 302, a soft 404 that search engines count against a site'),
  search: z.boolean().default(false)
    .describe("a site search: the build indexes the <main> of every page the sitemap lists with Pagefind into /pagefind/, and the policy lets scripts compile WebAssembly ('wasm-unsafe-eval'), which Pagefind's search runs on"),
  words: z.record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'expected a language tag such as de or pt-BR'), z.strictObject({
    footnotes: z.string().min(1).optional().describe('the heading of a page\'s footnotes (read by screen readers)'),
    backToReference: z.string().regex(/\{n\}/, 'expected words with {n}, the number of the reference, such as "Back to reference {n}"').optional()
      .describe('the label of the link from a footnote back to where it is referenced; {n} is its number'),
  })).optional()
    .describe('the words sitegen writes into a page for its footnotes, by language (de: { footnotes: Anmerkungen }): sitegen knows them in en, de, fr, es, it, nl and pt'),
  i18n: z.strictObject({
    locales: z.record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, 'expected a language tag such as de or pt-BR'), z.string().min(1))
      .describe("each language's tag and its name in itself (en: English, de: Deutsch), the default one (lang) included"),
    prefixDefault: z.boolean().default(false)
      .describe("false: the default language's pages are at the root (/about) and the others in their folder (/de/about); true: every language in its folder"),
    missing: z.enum(['fallback', 'error']).default('fallback')
      .describe("a page of the default language that a language lacks: fallback sends that language's address to it (302); error fails the build"),
  }).optional()
    .describe('a site in several languages: content/pages/de/ holds the German pages, and a page at the same path in each folder is one page translated'),
  redirects: z.record(redirectPath(), z.union([redirectTarget(), z.strictObject({
    to: redirectTarget(),
    status: z.union([z.literal(301), z.literal(302)], { error: 'expected 301 (moved for good, the default) or 302 (for now)' }).default(301),
  })])).default({})
    .describe('old paths and where they go now: /old-page: /new-page (301), or /old-page: { to: /new-page, status: 302 }'),
});

/**
 * Words a visitor reads: no control character (a NUL, an escape, a backspace), no noncharacter (U+FFFE, U+FFFF)
 * and no half of a surrogate pair, none of which a title bar, a feed, a sitemap or a social card can show.
 * Spaces, tabs and line breaks are words' spacing.
 */
function printableText() {
  return z.string().min(1).refine((text) => !UNPRINTABLE.test(text), {
    error: (issue) => {
      const found = UNPRINTABLE.exec(String(issue.input))?.[0] ?? '';
      return `holds the character U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, which no page can show: delete it (it often comes with pasted text)`;
    },
  });
}
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

/** sitegen's own keys of a page (the rest belongs to its template); the descriptions show in editors that read the JSON Schema. */
export const pageCoreSchema = z.strictObject({
  template: z.string().min(1).describe('the file in templates/pages/ that renders this page; Markdown files default to markdown'),
  title: printableText().describe("the page's title, in the browser tab and in search results"),
  description: printableText().describe('one or two sentences for search results and link previews'),
  canonical: z.string().optional().describe('the route of the page this one repeats, when it does'),
  image: z.string().optional().describe('the Open Graph image, a file in public/ such as /img/og.png'),
  sitemap: z.boolean().default(true).describe('false keeps the page out of sitemap.xml'),
  noindex: z.boolean().default(false).describe('true asks search engines not to index the page'),
  date: z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'expected a date such as 2026-11-02 (or 2026-11-02T09:30:00Z)' })
    .optional().describe('the date of a post, YYYY-MM-DD; collections sort by it and feeds date entries with it'),
  tags: z.array(z.string().min(1)).default([]).describe('words that collections can select pages by'),
  draft: z.boolean().default(false).describe('true: `sitegen dev` shows the page marked as a draft, `sitegen build` leaves it out'),
  aliases: z.array(redirectPath()).default([]).describe('the paths this page had before it moved: each redirects here (301)'),
  sidebar: z.strictObject({
    label: z.string().min(1).optional().describe('its name in a menu made of the pages, when shorter than the title'),
    order: z.number().optional().describe('its place among the pages of its folder: lower first; pages without one come after, by title'),
    hidden: z.boolean().default(false).describe('true leaves it out of the menu, still built and linked'),
  }).optional().describe("where the page sits in a menu made of the site's pages (the docs starter's sidebar), as collections show them"),
});
