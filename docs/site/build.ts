/**
 * `npm run docs`: sitegen's own documentation as a site, built with the docs
 * starter. The Markdown stays where it is and as GitHub shows it (docs/,
 * EDITING.md, server/README.md, bench/README.md); this lays it out as a
 * starter's content (each file in its group's folder, with front matter made
 * from its heading and first paragraph, links between files pointed at their
 * new places), in a site root that git ignores (.sitegen/docs-site/), and
 * builds it there. A link to a file the site does not publish, or a file of
 * docs/ that has no place below, is an error: test/unit/docs-site.test.ts
 * builds the site and checks every link, so a broken one fails the tests.
 *
 *   npm run docs                  build into .sitegen/docs-site/dist
 *   npm run docs -- --root DIR    lay out and build in DIR instead
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { initSite } from '../../src/init/init.ts';
import { buildSite } from '../../src/pipeline.ts';
import { parseLog } from '../../src/emit/content-dates.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each group of the sidebar: its folder, its name, its place, and what its overview page says. */
const GROUPS = [
  { folder: 'start', title: 'Start here', order: 1, description: 'Run this site or start your own, the commands, and how a build works.' },
  { folder: 'content', title: 'Content', order: 2, description: 'Pages, templates, collections, images, Markdown, and what AI agents read.' },
  { folder: 'code', title: 'Code', order: 3, description: 'Islands, integrations, and the dev loop with its errors.' },
  { folder: 'run', title: 'Deploy and run', order: 4, description: 'Hosting the built site, its server, and its security.' },
  { folder: 'reference', title: 'Reference', order: 5, description: 'The error catalogue, the audit and the benchmarks.' },
] as const;

/** Each published file: where it is in the repository, where it goes in the site, its order and its sidebar label. */
const PAGES: { source: string; page: string; order: number; label?: string }[] = [
  { source: 'docs/README.md', page: 'index.md', order: 0, label: 'Introduction' },
  { source: 'docs/getting-started.md', page: 'start/getting-started.md', order: 1 },
  { source: 'docs/cli.md', page: 'start/cli.md', order: 2 },
  { source: 'docs/how-it-works.md', page: 'start/how-it-works.md', order: 3 },
  { source: 'docs/content.md', page: 'content/content.md', order: 1, label: 'Content and templates' },
  { source: 'docs/collections-images-markdown.md', page: 'content/collections-images-markdown.md', order: 2, label: 'Collections, images, Markdown' },
  { source: 'EDITING.md', page: 'content/editing.md', order: 3, label: 'Editing the site' },
  { source: 'docs/agents.md', page: 'content/agents.md', order: 4, label: 'AI agents' },
  { source: 'docs/islands.md', page: 'code/islands.md', order: 1 },
  { source: 'docs/integrations.md', page: 'code/integrations.md', order: 2 },
  { source: 'docs/dev-and-errors.md', page: 'code/dev-and-errors.md', order: 3 },
  { source: 'docs/deploying.md', page: 'run/deploying.md', order: 1 },
  { source: 'docs/site-server.md', page: 'run/site-server.md', order: 2 },
  { source: 'server/README.md', page: 'run/server.md', order: 3, label: "The website's server" },
  { source: 'docs/security.md', page: 'run/security.md', order: 4, label: 'Security' },
  { source: 'docs/errors.md', page: 'reference/errors.md', order: 1 },
  { source: 'docs/audit.md', page: 'reference/audit.md', order: 2 },
  { source: 'bench/README.md', page: 'reference/benchmarks.md', order: 3, label: 'Benchmarks' },
];

const SITE_YAML = `# Written by docs/site/build.ts (npm run docs): sitegen's own docs, with the docs starter.
name: sitegen docs
url: https://sitegen.invalid
lang: en
description: The documentation of sitegen, a static-site generator that prerenders React and hydrates only the islands that move.
favicon: /favicon.svg
code:
  theme: github
search: true
fallback: not-found
links: {}
`;

/** Lays the docs out as a docs-starter site in `root` (emptied first); the files it wrote. */
export async function layOutDocs(root: string): Promise<string[]> {
  await rm(root, { recursive: true, force: true });
  await initSite(root, 'docs');
  const pagesDir = path.join(root, 'content', 'pages');
  // The starter's sample pages give way to the docs; its 404 page stays.
  for (const entry of await readdir(pagesDir)) if (entry !== '404.md') await rm(path.join(pagesDir, entry), { recursive: true });
  await writeFile(path.join(root, 'content', 'site.yaml'), SITE_YAML);
  const places = new Map(PAGES.map((entry) => [entry.source, entry.page]));
  const problems: string[] = [];
  const written: string[] = [];
  const titles = new Map<string, string>();
  /** The pictures the pages show: their file in the repository → their address on the docs site. */
  const images = new Map<string, string>();
  const commits = lastCommits(PAGES.map((entry) => entry.source));
  for (const entry of PAGES) {
    const source = await readFile(path.join(REPO, entry.source), 'utf8');
    titles.set(entry.source, titleOf(entry.source, source));
    const page = pageOf(entry, source, titles.get(entry.source)!, places, problems, images);
    const file = path.join(pagesDir, entry.page);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, page);
    // The page's "last updated" is its source's last commit (or its own time, outside git).
    const date = commits.get(entry.source);
    if (date) await utimes(file, new Date(date), new Date(date));
    written.push(entry.page);
  }
  for (const group of GROUPS) {
    const members = PAGES.filter((entry) => entry.page.startsWith(`${group.folder}/`));
    const list = members.map((entry) => `- [${entry.label ?? titles.get(entry.source)}](${path.posix.basename(entry.page)})`).join('\n');
    await writeFile(path.join(pagesDir, group.folder, 'index.md'), frontMatter({ title: group.title, description: group.description, order: group.order }) + `${group.description}\n\n${list}\n`);
    written.push(`${group.folder}/index.md`);
  }
  for (const [file, address] of images) {
    const to = path.join(root, 'public', address);
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(path.join(REPO, file), to).catch(() => problems.push(`${file} is shown by a page of the docs, and is not there`));
  }
  const unplaced = (await readdir(path.join(REPO, 'docs'))).filter((name) => name.endsWith('.md') && !places.has(`docs/${name}`));
  for (const name of unplaced) problems.push(`docs/${name} has no place in the docs site: add it to PAGES in docs/site/build.ts`);
  if (problems.length > 0) throw new Error(`the docs site cannot be laid out:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  return written;
}

/** One file as a page: front matter from its heading and first paragraph, its links pointed at their pages. */
function pageOf(entry: typeof PAGES[number], source: string, title: string, places: ReadonlyMap<string, string>, problems: string[], images: Map<string, string>): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const heading = lines.findIndex((line) => line.startsWith('# '));
  const body = lines.slice(heading + 1).join('\n').replace(/^\n+/, '');
  const paragraph = body.split(/\n\s*\n/).find((block) => block.trim() && !/^[#|<`>-]/.test(block.trim())) ?? '';
  return frontMatter({ title, description: plain(paragraph), order: entry.order, label: entry.label, source: entry.source })
    + relinked(body, entry, places, problems, images);
}

/** A file's first heading, without code marks or an "(issue N)" tail; its name when it has none. */
function titleOf(file: string, source: string): string {
  const heading = /^# (.+)$/m.exec(source)?.[1] ?? path.basename(file, '.md');
  return heading.replace(/`/g, '').replace(/\s*\(issue \d+\)$/, '');
}

/**
 * Its relative links to other files, outside code: to the file's new place
 * when the site publishes it (relative, as `.md`: the build links the page),
 * else a problem.
 */
function relinked(body: string, entry: typeof PAGES[number], places: ReadonlyMap<string, string>, problems: string[], images: Map<string, string>): string {
  // CommonMark's fences: three or more backticks (with no backtick after them on the line) or tildes, closed by as many.
  let fence = '';
  return body.split('\n').map((line) => {
    const mark = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (mark && mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) fence = '';
      return line;
    }
    if (mark) {
      fence = mark;
      return line;
    }
    // Inline code is an example, never a link: only the text between code spans is read.
    return line.split(/(`+[^`]*`+)/).map((part, index) => (index % 2 === 1 ? part : part.replace(/\]\(([^)\s]+)\)/g, (whole, href: string) => {
      if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(href)) return whole;
      const [file, hash = ''] = href.split(/(?=#)/);
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(entry.source), file));
      // A picture of the docs (a screenshot): published under /img/docs/, where layOutDocs copies it.
      if (/\.(png|jpe?g|webp|avif|gif|svg)$/i.test(file)) {
        const address = `/img/docs/${path.posix.basename(target)}`;
        images.set(target, address);
        return `](${address})`;
      }
      const place = places.get(target);
      if (!place) {
        problems.push(`${entry.source} links to ${href} (${target}), which the docs site does not publish`);
        return whole;
      }
      const from = path.posix.dirname(entry.page);
      return `](${path.posix.relative(from, place) || path.posix.basename(place)}${hash})`;
    }))).join('');
  }).join('\n');
}

function frontMatter(fields: { title: string; description: string; order: number; label?: string; source?: string }): string {
  const yaml = (text: string) => JSON.stringify(text);
  return ['---', `title: ${yaml(fields.title)}`, `description: ${yaml(fields.description || fields.title)}`,
    ...(fields.source ? [`source: ${yaml(fields.source)}`] : []),
    'sidebar:', `  order: ${fields.order}`, ...(fields.label ? [`  label: ${yaml(fields.label)}`] : []), '---', ''].join('\n');
}

/** A paragraph of Markdown as plain text for a description: links as their words, no code marks, one line, at most about 200 characters. */
function plain(paragraph: string): string {
  const text = paragraph.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  const end = cut.lastIndexOf('. ');
  return end > 80 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** Each file's last commit date, from one `git log` (the sitemap's parser); none outside a git work tree. */
function lastCommits(files: readonly string[]): Map<string, string> {
  try {
    return parseLog(execFileSync('git', ['-c', 'core.quotePath=false', 'log', '--format=%x01%cI', '--name-only', '--', ...files], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  } catch {
    return new Map();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { root: { type: 'string' } } });
  const root = path.resolve(values.root ?? path.join(REPO, '.sitegen', 'docs-site'));
  const pages = await layOutDocs(root);
  const started = performance.now();
  const result = await buildSite({ root });
  const shown = path.relative(process.cwd(), root) || '.';
  console.log(`built sitegen's docs (${pages.length} pages from ${PAGES.length} files) into ${path.join(shown, 'dist')} in ${Math.round(performance.now() - started)} ms`);
  for (const warning of result.warnings) console.log(`warning ${warning}`);
  console.log(`read them: npx sitegen serve --root ${shown} --no-api`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
