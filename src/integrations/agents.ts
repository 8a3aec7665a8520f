/**
 * What AI agents read and use on a site, from what the build already holds:
 *
 * - **Markdown twins**: each page a visitor may find (`listed`) is also
 *   written as Markdown at its address plus `.md` (`/about.md`, `/index.md`
 *   for the home page): the page's Markdown as sitegen gives it to every
 *   integration (`page.markdown()`: a Markdown page's body as written, code
 *   verbatim; any other page's `<main>` as rendered, without navigation,
 *   forms, buttons or scripts; every link absolute). Made in the
 *   render threads as each page renders (the `page` hook), and reused with
 *   the page. Each page links its twin (`<link rel="alternate"
 *   type="text/markdown">`).
 * - **llms.txt** (llmstxt.org): the site's name, its description, and a
 *   section of links to the twins per group of pages, each with its
 *   description; one per language (`/de/llms.txt`). `llms-full.txt` holds
 *   every twin, for a site whose twins fit under `fullLimit` bytes.
 * - **A discovery manifest** (Agentic Resource Discovery, the ai-catalog
 *   schema that Lighthouse checks) at `/.well-known/ard.json`, named by a
 *   `<link rel="ai-catalog">` in every page's head: the site's WebMCP forms (a `<form
 *   toolname tooldescription>` on a page), each described by an agent skill
 *   at `/.well-known/skills/NAME/SKILL.md`. A site with no such form gets a
 *   valid manifest with no entries.
 *
 * Pages that a visitor cannot find (not in the sitemap, such as a private
 * page; the not-found page), drafts and redirects are in none of them. On by
 * default; `builtIn: { agents: false }` turns it off, and
 * `agents({ twins: false, … })` in sitegen.config.ts each part.
 */
import { z } from 'zod';
import { decodeEntities, defineIntegration, markdownLink, markdownText, markdownUrl, type HeadElement, type IntegrationPage, type IntegrationSite } from './api.ts';

/** The manifest's place, which each page's `<link rel="ai-catalog">` names. */
export const MANIFEST_FILE = '.well-known/ard.json';

/** A page's Markdown twin, as a path in the output: `/about` → about.md, `/` → index.md. */
export function twinFileOf(route: string): string {
  return route === '/' ? 'index.md' : `${route.slice(1)}.md`;
}

const options = z.strictObject({
  twins: z.boolean().default(true).describe('a Markdown twin of each page at its address plus .md'),
  llms: z.boolean().default(true).describe('llms.txt, one per language'),
  fullLimit: z.number().int().nonnegative().default(1_000_000).describe('llms-full.txt is written while all twins fit in this many bytes (0: never)'),
  manifest: z.boolean().default(true).describe('/.well-known/ard.json, named in robots.txt'),
  sections: z.record(z.string().min(1), z.array(z.string().regex(/^\/[^\s]*$/, 'expected a route such as /about'))).optional()
    .describe("llms.txt's sections, by title, each with its pages' routes (without a language's prefix); by default, by each route's first segment"),
});

export const agents = defineIntegration({
  name: 'agents',
  options,
  setup: (settings) => ({
    head: (page): HeadElement[] => [
      ...(settings.twins && page.listed ? [{ tag: 'link' as const, attributes: { rel: 'alternate', type: 'text/markdown', title: page.title, href: `/${twinFileOf(page.route)}` } }] : []),
      // How an agent (and Lighthouse) finds the manifest from any page. Not an `Agentmap:` line in robots.txt: robots.txt
      // validators (Lighthouse's SEO audit among them) count an unknown directive as an error.
      ...(settings.manifest ? [{ tag: 'link' as const, attributes: { rel: 'ai-catalog', type: 'application/json', href: `/${MANIFEST_FILE}` } }] : []),
    ],
    // The twin, and a skill for each WebMCP form: made as the page renders, in the render threads, and reused with it.
    page: (page) => {
      if (!page.listed) return undefined;
      const files: Record<string, string> = {};
      if (settings.twins) files[twinFileOf(page.route)] = page.markdown();
      if (settings.manifest && page.html.includes(' toolname=')) for (const tool of toolsIn(page.html)) files[skillFileOf(tool.name)] = skillOf(page, tool);
      return files;
    },
    async buildDone({ site, pages, readOutput, outputSize, write }) {
      const listed = pages.filter((page) => page.listed);
      if (settings.llms) {
        for (const [lang, own] of byLanguage(site, listed)) {
          const prefix = prefixOf(lang, own);
          // llms-full.txt only while the twins fit: their sizes are added up first, stopping as soon as they do not.
          let full = settings.twins && settings.fullLimit > 0;
          for (let index = 0, total = 0; full && index < own.length; index++) {
            const size = await outputSize(twinFileOf(own[index].route));
            total += size ?? Infinity;
            full = total <= settings.fullLimit;
          }
          if (full) {
            const twins = await Promise.all(own.map((page) => readOutput(twinFileOf(page.route))));
            await write(`${prefix.slice(1)}${prefix ? '/' : ''}llms-full.txt`, twins.map((twin) => twin!.trimEnd()).join('\n\n---\n\n') + '\n');
          }
          await write(`${prefix.slice(1)}${prefix ? '/' : ''}llms.txt`, llmsText(site, own, prefix, { twins: settings.twins, full, sections: settings.sections }));
        }
      }
      if (settings.manifest) {
        // The skills the pages' forms made as they rendered: only those few files are read.
        const tools = new Map<string, { page: IntegrationPage; name: string; description: string }>();
        for (const page of listed) {
          for (const file of page.files.filter((name) => SKILL_FILE.test(name))) {
            const skill = parseSkill(await readOutput(file) ?? '');
            if (skill && !tools.has(skill.name)) tools.set(skill.name, { page, ...skill });
          }
        }
        await write(MANIFEST_FILE, JSON.stringify(manifestOf(site, [...tools.values()], settings.llms), null, 2) + '\n');
      }
    },
    // What `sitegen check` finds wrong in these files: llms.txt opens with its H1, and every address of the site that
    // they or the manifest hold leads to a file of the build.
    async check({ files, readOutput, resolves, site }) {
      const problems: string[] = [];
      const origin = new URL(site.url).origin;
      const onSite = async (where: string, address: string) => {
        if (URL.parse(address)?.origin === origin && !(await resolves(address))) problems.push(`${where}: ${address} does not resolve to a file in the build`);
      };
      for (const file of files.filter((name) => /(^|\/)llms(-full)?\.txt$/.test(name))) {
        const text = (await readOutput(file)) ?? '';
        if (file.endsWith('llms.txt') && !/^# \S/.test(text)) problems.push(`${file}: does not open with an H1 (\`# Site name\`), as llmstxt.org asks`);
        for (const [, address] of text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) await onSite(file, address);
      }
      const manifest = await readOutput(MANIFEST_FILE);
      if (manifest !== undefined) {
        let data: { specVersion?: unknown; entries?: unknown };
        try {
          data = JSON.parse(manifest) as typeof data;
        } catch (error) {
          return [...problems, `${MANIFEST_FILE}: is not JSON: ${(error as Error).message}`];
        }
        if (!data || typeof data !== 'object') return [...problems, `${MANIFEST_FILE}: is not a JSON object`];
        for (const problem of manifestProblems(data)) problems.push(`${MANIFEST_FILE}: ${problem}`);
        for (const entry of Array.isArray(data.entries) ? data.entries as { url?: unknown }[] : []) if (typeof entry?.url === 'string') await onSite(MANIFEST_FILE, entry.url);
      }
      return problems;
    },
  }),
});

/** What is wrong with a discovery manifest, by the ai-catalog schema's required fields and the URN its entries are named by. */
function manifestProblems(data: { specVersion?: unknown; entries?: unknown }): string[] {
  const problems: string[] = [];
  if (data.specVersion !== '1.0') problems.push(`specVersion is ${JSON.stringify(data.specVersion)}, not "1.0"`);
  if (!Array.isArray(data.entries)) return [...problems, 'has no entries array'];
  data.entries.forEach((entry: Record<string, unknown>, index) => {
    const name = `entries[${index}]`;
    if (typeof entry.identifier !== 'string' || !/^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/.test(entry.identifier)) {
      problems.push(`${name}: identifier ${JSON.stringify(entry.identifier)} is not a urn:air:<publisher>:<namespace>:<name>`);
    }
    for (const key of ['displayName', 'type']) if (typeof entry[key] !== 'string' || entry[key] === '') problems.push(`${name}: has no ${key}`);
    if ((entry.url === undefined) === (entry.data === undefined)) problems.push(`${name}: needs exactly one of url and data`);
  });
  return problems;
}


function absolute(site: IntegrationSite, file: string): string {
  return new URL(`${site.basePath}/${file}`, site.url).href;
}

/** The listed pages by language, the site's default first. */
function byLanguage(site: IntegrationSite, pages: readonly IntegrationPage[]): Map<string, IntegrationPage[]> {
  const languages = new Map<string, IntegrationPage[]>((site.locales ?? [site.lang]).map((lang) => [lang, []]));
  for (const page of pages) (languages.get(page.lang) ?? languages.set(page.lang, []).get(page.lang)!).push(page);
  for (const [lang, own] of languages) if (own.length === 0) languages.delete(lang);
  return languages;
}

/** A language's folder: `/de` when every page of it is under /de, '' for the language at the root. */
function prefixOf(lang: string, pages: readonly IntegrationPage[]): string {
  const prefix = `/${lang}`;
  return pages.every((page) => page.route === prefix || page.route.startsWith(`${prefix}/`)) ? prefix : '';
}

/** llms.txt's line of each route, with what it was made of, kept between the builds of one process (dev's rebuilds). */
const llmsLines = new Map<string, { url: string; title: string; description: string; line: string }>();
const LINES_KEPT = 200_000;

/** llms.txt, as llmstxt.org has it: an H1, a blockquote, then sections of links with what each page is. */
function llmsText(
  site: IntegrationSite, pages: readonly IntegrationPage[], prefix: string, options: { twins: boolean; full: boolean; sections?: Record<string, string[]> },
): string {
  const content = pages.filter((page) => page.content);
  const local = (page: IntegrationPage) => (prefix && page.route.startsWith(prefix) ? page.route.slice(prefix.length) || '/' : page.route);
  const base = options.twins ? `twin ${site.url} ${site.basePath}` : '';
  const link = (page: IntegrationPage) => {
    // A page's line depends only on these: a dev rebuild of one page of 5,000 makes one line, not 5,000.
    const kept = llmsLines.get(page.route);
    const url = options.twins ? base : page.url;
    if (kept?.url === url && kept.title === page.title && kept.description === page.description) return kept.line;
    const line = `- ${markdownLink(page.title, options.twins ? absolute(site, twinFileOf(page.route)) : page.url)}${page.description ? `: ${markdownText(page.description)}` : ''}`;
    if (llmsLines.size >= LINES_KEPT) llmsLines.clear();
    llmsLines.set(page.route, { url, title: page.title, description: page.description, line });
    return line;
  };
  const sections = new Map<string, IntegrationPage[]>();
  const placed = new Set<IntegrationPage>();
  if (options.sections) {
    for (const [title, routes] of Object.entries(options.sections)) {
      const chosen = routes.map((route) => {
        const page = content.find((candidate) => local(candidate) === route);
        if (!page && !prefix) throw new Error(`agents: sections.${title} names ${route}, which is no page a visitor can find (a draft, a private page, or a typo?)`);
        return page;
      }).filter((page): page is IntegrationPage => page !== undefined);
      chosen.forEach((page) => placed.add(page));
      if (chosen.length > 0) sections.set(title, chosen);
    }
    const rest = content.filter((page) => !placed.has(page));
    if (rest.length > 0) sections.set('Other pages', rest);
  } else {
    // A group's title is its folder's own page's, found by route: one look-up a page, not a search of every page.
    const byRoute = new Map(content.map((page) => [local(page), page]));
    const titleOf = (segment: string) => byRoute.get(`/${segment}`)?.title ?? segment.charAt(0).toUpperCase() + segment.slice(1).replace(/[-_]+/g, ' ');
    for (const page of content) {
      const segments = local(page).split('/').filter(Boolean);
      const title = segments.length < 2 ? 'Pages' : titleOf(segments[0]);
      (sections.get(title) ?? sections.set(title, []).get(title)!).push(page);
    }
  }
  const description = site.description.replace(/\s+/g, ' ').trim();
  return [
    `# ${markdownText(site.name)}`,
    '',
    `> ${markdownText(description)}`,
    '',
    ...(options.twins ? [`Each link leads to the page as Markdown; the same address without \`.md\` is the page itself.${options.full ? ` Every page in one file: ${markdownUrl(absolute(site, `${prefix.slice(1)}${prefix ? '/' : ''}llms-full.txt`))}` : ''}`, ''] : []),
    ...[...sections].flatMap(([title, list]) => [`## ${markdownText(title)}`, '', ...list.map(link), '']),
  ].join('\n');
}

interface Tool {
  name: string;
  description: string;
  params: { name: string; description: string; required: boolean }[];
}

const SKILL_FILE = /^\.well-known\/skills\/[a-z][a-z0-9_-]*\/SKILL\.md$/;
const skillFileOf = (name: string) => `.well-known/skills/${name}/SKILL.md`;

const ATTRIBUTE = /([^\s=/]+)(?:="([^"]*)")?/g;
const attributesOf = (tag: string) => new Map([...tag.matchAll(ATTRIBUTE)].map(([, name, value]) => [name.toLowerCase(), decodeEntities(value ?? '')]));

/** The WebMCP tools a page declares: each <form toolname tooldescription>, with its named fields. */
export function toolsIn(html: string): Tool[] {
  const tools: Tool[] = [];
  for (const [, open, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const form = attributesOf(open);
    const name = form.get('toolname');
    // A name that could not be a folder of /.well-known/skills/ is no tool of ours to describe.
    if (!name || !/^[a-z][a-z0-9_-]*$/.test(name)) continue;
    const params = [...inner.matchAll(/<(input|textarea|select)\b([^>]*)>/gi)].flatMap(([, , attributes]) => {
      const field = attributesOf(attributes);
      const fieldName = field.get('name');
      if (!fieldName || ['hidden', 'submit', 'button'].includes(field.get('type') ?? '')) return [];
      return [{ name: fieldName, description: field.get('toolparamdescription') ?? '', required: field.has('required') }];
    });
    tools.push({ name, description: form.get('tooldescription') ?? '', params });
  }
  return tools;
}

/** An agent skill (SKILL.md: a name, a description, then instructions) for one WebMCP form. */
function skillOf(page: { title: string; url: string }, tool: Tool): string {
  const yaml = (text: string) => JSON.stringify(text);
  return [
    '---',
    `name: ${yaml(tool.name)}`,
    `description: ${yaml(tool.description)}`,
    '---',
    '',
    `# ${markdownText(`${page.title}: ${tool.name}`)}`,
    '',
    // One line each, escaped: a description from the page can add no heading, section or field.
    markdownText(tool.description) || 'No description.',
    '',
    `Open ${markdownUrl(page.url)} in a browser that supports WebMCP: its form is the tool \`${tool.name}\`. The fields are:`,
    '',
    ...tool.params.map((param) => `- ${codeOrText(param.name)}${param.required ? ' (required)' : ''}: ${markdownText(param.description) || 'no description'}`),
    '',
    'A submission goes through the same checks as a visitor\'s: the same validation, the same refusal of other sites, the same rate limits.',
    '',
  ].join('\n');
}

/** A field's name as code when it is a plain name, else as escaped text (a backtick in it would end the code). */
function codeOrText(name: string): string {
  return /^[\w.:-]+$/.test(name) ? `\`${name}\`` : markdownText(name);
}

/** A skill's name and description, from the front matter skillOf wrote. */
function parseSkill(text: string): { name: string; description: string } | undefined {
  const field = (key: string) => {
    const line = new RegExp(`^${key}: (".*")$`, 'm').exec(text)?.[1];
    try {
      return line === undefined ? undefined : JSON.parse(line) as string;
    } catch {
      return undefined;
    }
  };
  const name = field('name');
  return name ? { name, description: field('description') ?? '' } : undefined;
}

/** The ai-catalog manifest: the site as its host, and an entry for each WebMCP form. */
function manifestOf(site: IntegrationSite, tools: readonly { page: IntegrationPage; name: string; description: string }[], llms: boolean): object {
  const host = new URL(site.url).hostname;
  return {
    specVersion: '1.0',
    host: { displayName: site.name, ...(llms ? { documentationUrl: absolute(site, 'llms.txt') } : {}) },
    entries: tools.map((tool) => ({
      identifier: `urn:air:${host}:webmcp:${tool.name}`,
      displayName: `${tool.page.title}: ${tool.name}`,
      type: 'text/markdown; profile="urn:air:agent-skills"',
      url: absolute(site, skillFileOf(tool.name)),
      description: tool.description,
      representativeQueries: [tool.description, `${tool.page.title} on ${site.name}`],
    })),
  };
}
