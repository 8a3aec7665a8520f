/**
 * The docs starter's build: the sidebar made from the folders (order, label,
 * hidden, languages), kept in step with every page's front matter by warm
 * builds; each page's date from git; the policy with its theme script
 * hashed; and sitegen's own docs built with it (`npm run docs`), every link
 * between them checked.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { copyStarter } from '../helpers/starter.ts';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';
import { sidebarOf, linksOf, type SidebarEntry } from '../../starters/docs/templates/sidebar.ts';
import { layOutDocs } from '../../docs/site/build.ts';
import type { CollectionItem, PageInfo, SiteInfo } from '../../src/model.ts';

const read = (root: string, file: string) => readFile(path.join(root, 'dist', file), 'utf8');
/** The sidebar's links as a page shows them, in order. */
const sidebarLinks = (html: string) => [...(/<nav id="sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)]
  .map(([, href, label]) => `${label} ${href}`);

test('the sidebar: folders are groups led by their index page, ordered by sidebar.order then label; hidden pages and other languages are out', () => {
  const site = { lang: 'en', i18n: { locales: [{ code: 'en', name: 'English' }, { code: 'de', name: 'Deutsch' }], prefixDefault: false, missing: 'fallback' } } as SiteInfo;
  const item = (route: string, file: string, title: string, sidebar?: CollectionItem['sidebar']): CollectionItem =>
    ({ route, file: `content/pages/${file}`, title, description: title, tags: [], draft: false, ...(sidebar ? { sidebar } : {}) });
  const items = [
    item('/', 'index.md', 'Welcome', { label: 'Introduction', order: 0, hidden: false }),
    item('/guides', 'guides/index.md', 'Guides', { order: 2, hidden: false }),
    item('/guides/zebra', 'guides/zebra.md', 'Zebra'),
    item('/guides/apple', 'guides/apple.md', 'Apple'),
    item('/guides/setup', 'guides/setup.md', 'Setting everything up', { label: 'Setup', order: 1, hidden: false }),
    item('/api/deep/thing', 'api/deep/thing.md', 'Thing'),
    item('/404', '404.md', 'Not found', { hidden: true }),
    item('/de', 'de/index.md', 'Willkommen'),
    item('/de/guides/setup', 'de/guides/setup.md', 'Einrichten'),
  ];
  const page = { route: '/guides/apple', file: 'content/pages/guides/apple.md', title: 'Apple', description: '', tags: [], draft: false, locale: 'en' } as unknown as PageInfo;
  const entries = sidebarOf(site, page, items.filter((entry) => entry.route !== page.route), 'Overview');
  const shape = (list: readonly SidebarEntry[]): unknown[] => list.map((entry) => (entry.kind === 'link' ? entry.label : { [entry.label]: shape(entry.entries) }));
  assert.equal(shape(entries), ['Introduction', { Guides: ['Overview', 'Setup', 'Apple', 'Zebra'] }, { Api: [{ Deep: ['Thing'] }] }]);
  assert.equal(linksOf(entries).map((link) => link.title), ['Introduction', 'Guides', 'Setup', 'Apple', 'Zebra', 'Thing'], 'previous and next name a group\'s page as the group');
  const german = sidebarOf(site, { ...page, route: '/de', file: 'content/pages/de/index.md', title: 'Willkommen', locale: 'de' }, items.filter((entry) => entry.route !== '/de'), 'Überblick');
  assert.equal(shape(german), ['Willkommen', { Guides: ['Einrichten'] }]);
});

test('the starter builds and checks clean; each page marks itself, links previous and next, and carries its edit link', async () => {
  const root = await copyStarter('docs', 'sitegen-docs-starter-');
  await buildSite({ root });
  const report = await checkSite(root, path.join(root, 'dist'));
  assert.equal(report.problems, []);
  const html = await read(root, 'guides/getting-started.html');
  assert.equal(sidebarLinks(html), ['Introduction /', 'Overview /guides', 'Getting started /guides/getting-started', 'Writing pages /guides/writing-pages',
    'Overview /reference', 'Components /reference/components', 'Configuration /reference/configuration']);
  assert.match(html, '<a href="/guides/getting-started" aria-current="page">');
  assert.match(html, /<a href="\/guides" rel="prev"><span>Previous<\/span> (<!-- -->)?Guides<\/a>/);
  assert.match(html, /<a href="\/guides\/writing-pages" rel="next"><span>Next<\/span> (<!-- -->)?Writing pages<\/a>/);
  assert.match(html, 'href="https://github.com/example/my-project/edit/main/content/pages/guides/getting-started.md"');
  assert.match(html, '<a href="#order-and-labels">Order and labels</a>', 'the table of contents holds the h3s under their h2');
  assert.not.match(await read(root, '404.html'), /<a href="\/404"/, 'the not-found page is hidden from the sidebar');
  assert.not.match(await read(root, 'sitemap.xml'), '/404');
});

test('the theme script is hashed into the policy, which has no unsafe-inline', async () => {
  const root = await copyStarter('docs', 'sitegen-docs-csp-');
  await buildSite({ root });
  const html = await read(root, 'index.html');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code).find((code) => code.includes('localStorage'));
  assert.ok(script, 'the theme script is in the head');
  assert.ok(html.indexOf(script!) < html.indexOf('<body'), 'before the body, so before the first paint');
  const headers = await read(root, '_headers');
  const policy = /Content-Security-Policy: (.*)/.exec(headers)![1];
  assert.match(policy, `'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
  assert.not.match(policy, 'unsafe-inline');
});

test('a warm build keeps every sidebar in step: a new order or label redraws the other pages, an edited body only its page', async () => {
  const root = await copyStarter('docs', 'sitegen-docs-warm-');
  await buildSite({ root });
  const file = path.join(root, 'content', 'pages', 'reference', 'configuration.md');
  const source = await readFile(file, 'utf8');
  await writeFile(file, source.replace('description: The keys', 'sidebar:\n  order: 1\n  label: Settings\ndescription: The keys'));
  await buildSite({ root });
  assert.equal(sidebarLinks(await read(root, 'guides/writing-pages.html')).slice(-3),
    ['Overview /reference', 'Settings /reference/configuration', 'Components /reference/components'], 'another page\'s sidebar changed with the front matter');
  const edited = await readFile(file, 'utf8');
  await writeFile(file, edited.replace('## A second language', 'A new line.\n\n## A second language'));
  const inode = async (route: string) => (await stat(path.join(root, 'dist', route))).ino;
  const [other, own] = [await inode('guides/writing-pages.html'), await inode('reference/configuration.html')];
  await buildSite({ root });
  assert.match(await read(root, 'reference/configuration.html'), 'A new line.');
  assert.is.not(await inode('reference/configuration.html'), own, 'the edited page was written again');
  assert.is(await inode('guides/writing-pages.html'), other, 'another page was reused as built: its sidebar did not change');
});

test("each page's last update is its file's last commit in git, else its file's time", async () => {
  const root = await copyStarter('docs', 'sitegen-docs-git-');
  const git = (...args: string[]) => execFileSync('git', args, {
    cwd: root, env: { ...process.env, GIT_AUTHOR_DATE: '2026-03-04T10:00:00Z', GIT_COMMITTER_DATE: '2026-03-04T10:00:00Z' },
  });
  git('init', '-q');
  git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'add', '.');
  git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-q', '-m', 'docs');
  await buildSite({ root });
  assert.match(await read(root, 'guides/getting-started.html'), /Last updated:(<!-- -->)? <time dateTime="2026-03-04T10:00:00.000Z">March 4, 2026<\/time>/);
  const outside = await copyStarter('docs', 'sitegen-docs-nogit-');
  await buildSite({ root: outside });
  const year = new Date().getUTCFullYear();
  assert.match(await read(outside, 'guides/getting-started.html'), new RegExp(`<time dateTime="${year}-[^"]+">[A-Z][a-z]+ \\d+, ${year}</time>`));
});

test('with a second language, each language has its own sidebar and words, and the switcher', async () => {
  const root = await copyStarter('docs', 'sitegen-docs-i18n-');
  const siteFile = path.join(root, 'content', 'site.yaml');
  await writeFile(siteFile, (await readFile(siteFile, 'utf8')).replace(/# i18n:\n#   locales:\n#     en: English\n#     de: Deutsch\n#   missing: fallback/, 'i18n:\n  locales:\n    en: English\n    de: Deutsch\n  missing: fallback'));
  await mkdir(path.join(root, 'content', 'pages', 'de', 'guides'), { recursive: true });
  await writeFile(path.join(root, 'content', 'pages', 'de', 'index.md'), '---\ntitle: Willkommen\ndescription: Die Dokumentation.\n---\n\nSiehe [Erste Schritte](guides/getting-started.md).\n');
  await writeFile(path.join(root, 'content', 'pages', 'de', 'guides', 'getting-started.md'), '---\ntitle: Erste Schritte\ndescription: So geht es los.\n---\n\n## Installieren\n\nText.\n');
  await buildSite({ root });
  const german = await read(root, 'de/guides/getting-started.html');
  assert.equal(sidebarLinks(german), ['Willkommen /de', 'Erste Schritte /de/guides/getting-started']);
  assert.match(german, '<html lang="de"');
  assert.match(german, 'aria-label="Seiten"');
  assert.match(german, 'Auf dieser Seite');
  assert.match(german, '<a href="/guides/getting-started" hrefLang="en" lang="en">English</a>');
  assert.not.match(sidebarLinks(await read(root, 'index.html')).join(' '), '/de');
});

test('npm run docs lays out every file of docs/ with EDITING.md and the servers\' READMEs, and every link between them resolves', async () => {
  const root = path.join(await tempDir('sitegen-own-docs-'), 'site');
  const pages = await layOutDocs(root);
  const docs = (await readdir(path.join(REPO_ROOT, 'docs'))).filter((name) => name.endsWith('.md'));
  assert.ok(pages.length >= docs.length + 3, `${pages.length} pages for ${docs.length} files of docs/`);
  await buildSite({ root });
  const report = await checkSite(root, path.join(root, 'dist'));
  assert.equal(report.problems, [], 'a broken link between the docs pages');
  const cli = await read(root, 'start/cli.html');
  assert.match(cli, '<a href="/code/dev-and-errors#errors-in-the-browser-during-dev">', 'a link between files points at the page it became');
  assert.match(cli, '<a href="/run/server#commands">');
  assert.match(cli, 'aria-current="page">Command line</a>');
  const front = await readFile(path.join(root, 'content', 'pages', 'start', 'cli.md'), 'utf8');
  assert.match(front, /^---\ntitle: "Command line"\ndescription: "You want to know what a command does and which flags it takes."\nsource: "docs\/cli.md"/);
});

test.run();
