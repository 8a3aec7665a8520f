/**
 * A site in two languages, through the news starter (English at the root,
 * German in content/pages/de/): each page's <html lang>, its hreflang
 * alternates in the head and the sitemap, the language switcher, lists and
 * feeds of each language, the fallback for what German lacks, and the
 * errors of a site that asks for every translation.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { localeOf, localeRoute, translationKeyOf, translationsOf } from '../../src/i18n.ts';
import { initStarter } from '../helpers/starter.ts';
import { serveBuild } from '../helpers/site.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const read = (root: string, file: string) => readFile(path.join(root, 'dist', file), 'utf8');
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((match) => `${match[1]} ${match[2]}`);

async function buildErrors(root: string): Promise<{ file?: string; message: string; hint?: string; code: string }[]> {
  try {
    await buildSite({ root, now: NOW });
  } catch (error) {
    if (error instanceof SiteErrors) return error.errors.map((item) => ({ file: item.location?.file, message: item.message, hint: item.hint, code: item.code }));
    throw error;
  }
  throw new Error('the build succeeded where it should have failed');
}

async function editSite(root: string, change: (text: string) => string): Promise<void> {
  const file = path.join(root, 'content', 'site.yaml');
  await writeFile(file, change(await readFile(file, 'utf8')));
}

const routes = suite('routes and translations');

routes('a route\'s language is its folder; its translations are the pages at the same path in the other folders', () => {
  const site = { lang: 'en', i18n: { locales: [{ code: 'en', name: 'English' }, { code: 'de', name: 'Deutsch' }], prefixDefault: false, missing: 'fallback' as const } };
  assert.is(localeOf(site, '/de/news/x'), 'de');
  assert.is(localeOf(site, '/design'), 'en', 'a folder that only starts like a tag is no language');
  assert.is(translationKeyOf(site, '/de'), '/');
  assert.is(localeRoute(site, 'de', '/'), '/de');
  assert.is(localeRoute(site, 'en', '/about'), '/about');
  assert.is(localeRoute({ ...site, i18n: { ...site.i18n, prefixDefault: true } }, 'en', '/about'), '/en/about');
  const present = new Set(['/', '/de', '/about', '/de/about', '/contact']);
  assert.equal(translationsOf(site, '/de/about', present), [
    { locale: 'en', name: 'English', route: '/about', current: false, translated: true },
    { locale: 'de', name: 'Deutsch', route: '/de/about', current: true, translated: true },
  ]);
  assert.equal(translationsOf(site, '/contact', present)?.[1], { locale: 'de', name: 'Deutsch', route: '/de', current: false, translated: false },
    'a page German lacks offers the German home page');
  assert.is(translationsOf({ lang: 'en' }, '/about', present), undefined, 'a site in one language has no switcher');
});

routes.run();

const starter = suite('the news starter in English and German');
let root = '';

starter.before(async () => {
  root = await initStarter('news', 'sitegen-i18n-');
  await buildSite({ root, now: NOW });
});

starter('each page says its language, and names its translations in the head (with x-default) only where they exist', async () => {
  const german = await read(root, 'de/news/hello-world.html');
  assert.ok(german.startsWith('<!DOCTYPE html><html lang="de">'), 'a German page says so');
  assert.ok((await read(root, 'news/hello-world.html')).startsWith('<!DOCTYPE html><html lang="en">'));
  const expected = [
    'en https://www.example.com/news/hello-world', 'de https://www.example.com/de/news/hello-world', 'x-default https://www.example.com/news/hello-world',
  ];
  assert.equal(alternates(german), expected);
  assert.equal(alternates(await read(root, 'news/hello-world.html')), expected, 'the two versions name each other alike');
  assert.equal(alternates(await read(root, 'subscribed.html')), [], 'a page with no translation names none');
  assert.equal(alternates(await read(root, 'news/2.html')), [], 'a list\'s later pages are no translation of anything');
  assert.equal(alternates(await read(root, 'de.html')), ['en https://www.example.com/', 'de https://www.example.com/de', 'x-default https://www.example.com/']);
});

starter('the layout\'s language switcher links each translation, marks the current language, and offers the home page where one is missing', async () => {
  const switcher = (html: string) => /<nav aria-label="(Languages|Sprachen)" class="languages">(.*?)<\/nav>/.exec(html)?.slice(1);
  const [label, german] = switcher(await read(root, 'de/news/hello-world.html'))!;
  assert.is(label, 'Sprachen', 'the switcher is labelled in the page\'s language');
  assert.match(german, '<a href="/news/hello-world" hrefLang="en" lang="en">English</a>');
  assert.match(german, '<span aria-current="true" lang="de">Deutsch</span>');
  const [, english] = switcher(await read(root, 'subscribed.html'))!;
  assert.match(english, '<a href="/de" hrefLang="de" lang="de" title="noch nicht übersetzt: die Startseite">Deutsch</a>');
  assert.match(await read(root, 'de/news.html'), '<a href="/de/news" aria-current="page">Neuigkeiten</a>', 'the menu is the German one');
});

starter('a list shows the posts of its own language, with German words, German tag pages and its own three feeds', async () => {
  const list = main(await read(root, 'de/news.html'));
  assert.match(list, '<a href="/de/news/a-picture">Ein Bild aus der Redaktion</a>');
  assert.not.match(list, 'A picture from the newsroom', 'no English post in the German list');
  assert.match(list, '<a rel="next" href="/de/news/2">Ältere Beiträge</a>');
  assert.not.match(main(await read(root, 'news.html')), '/de/', 'no German post in the English list');
  assert.match(main(await read(root, 'de/tags.html')), '<a href="/de/tags/ankundigungen">Ankündigungen</a> <span class="terms__count">1</span>');
  assert.not.match(main(await read(root, 'tags.html')), 'Ankündigungen', 'the English tags are the English posts\'');
  assert.match(main(await read(root, 'de/news/hello-world.html')), '<a href="/de/tags/ankundigungen">Ankündigungen</a>', 'a German post links its German tag page');

  const atom = parseAtomFeed(await read(root, 'de/news/feed.atom'));
  const rss = parseRssFeed(await read(root, 'de/news/feed.rss'));
  const json = parseJsonFeed(JSON.parse(await read(root, 'de/news/feed.json')));
  const titles = ['Ein Bild aus der Redaktion', 'Hallo, Welt'];
  assert.equal(rss.items?.map((item) => item.title), titles);
  assert.equal(json.items?.map((item) => item.title), titles);
  assert.equal(atom.entries?.map((entry) => entry.links?.[0]?.href), ['https://www.example.com/de/news/a-picture', 'https://www.example.com/de/news/hello-world']);
  assert.is(rss.language, 'de');
  assert.is(json.language, 'de');
  assert.match(await read(root, 'de/news/feed.atom'), 'xml:lang="de"');
  assert.is(parseRssFeed(await read(root, 'news/feed.rss')).language, 'en', 'the English feed stays English');
});

starter('the sitemap names each page\'s translations as Google reads them, and nothing for a list\'s later pages', async () => {
  const xml = await read(root, 'sitemap.xml');
  assert.is(XMLValidator.validate(xml), true, 'well-formed XML');
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as { urlset: { url: { loc: string; 'xhtml:link'?: { '@_hreflang': string; '@_href': string }[] }[] } };
  const byLoc = new Map(parsed.urlset.url.map((url) => [url.loc, (url['xhtml:link'] ?? []).map((link) => `${link['@_hreflang']} ${link['@_href']}`)]));
  assert.equal(byLoc.get('https://www.example.com/de/news/hello-world'), [
    'en https://www.example.com/news/hello-world', 'de https://www.example.com/de/news/hello-world', 'x-default https://www.example.com/news/hello-world',
  ]);
  assert.equal(byLoc.get('https://www.example.com/news/2'), []);
  assert.equal(byLoc.get('https://www.example.com/subscribed'), undefined, 'a page out of the sitemap stays out');
});

starter('an address German lacks goes to the English page for now (302), in every host\'s form, and sitegen serve answers it', async () => {
  assert.match(await read(root, '_redirects'), '/de/subscribed  /subscribed  302!');
  assert.match(await read(root, '_redirects.nginx'), 'location = "/de/subscribed" { return 302 "/subscribed"; }');
  assert.match(await read(root, 'de/subscribed.html'), '<meta http-equiv="refresh" content="0; url=/subscribed">');
  assert.not.match(await read(root, '_redirects'), '/de/news/hello-world', 'a translated page is never redirected');
  const server = await serveBuild(path.join(root, 'dist'));
  try {
    const response = await fetch(`${server.url}/de/subscribed`, { redirect: 'manual' });
    assert.is(response.status, 302);
    assert.is(response.headers.get('location'), '/subscribed');
    assert.is((await fetch(`${server.url}/de/news/hello-world`)).status, 200);
  } finally {
    await server.close();
  }
});

starter.run();

const words = suite('sitegen\'s own words in a page\'s language');

words('a footnote\'s heading and its way back are in the page\'s language, and site.yaml can give its own', async () => {
  const site = await initStarter('news', 'sitegen-i18n-words-');
  for (const [file, note] of [['news/hello-world.md', 'A note.'], ['de/news/hello-world.md', 'Eine Anmerkung.']]) {
    const full = path.join(site, 'content', 'pages', file);
    await writeFile(full, `${await readFile(full, 'utf8')}\nWith a note.[^1]\n\n[^1]: ${note}\n`);
  }
  await buildSite({ root: site, now: NOW });
  const footnotes = (html: string) => [/<h2 id="footnote-label"[^>]*>([^<]*)<\/h2>/.exec(html)?.[1], /data-footnote-backref aria-label="([^"]*)"/.exec(html)?.[1]];
  assert.equal(footnotes(await read(site, 'de/news/hello-world.html')), ['Fußnoten', 'Zurück zum Verweis 1']);
  assert.equal(footnotes(await read(site, 'news/hello-world.html')), ['Footnotes', 'Back to reference 1']);
  await editSite(site, (text) => `${text}\nwords:\n  de: { footnotes: Anmerkungen }\n  en: { backToReference: "Up to note {n}" }\n`);
  await buildSite({ root: site, now: NOW });
  assert.equal(footnotes(await read(site, 'de/news/hello-world.html')), ['Anmerkungen', 'Zurück zum Verweis 1']);
  assert.equal(footnotes(await read(site, 'news/hello-world.html')), ['Footnotes', 'Up to note 1']);
});

words.run();

const errors = suite('errors of a site in several languages');

errors('with `missing: error`, each untranslated English page fails the build, naming the German file to write', async () => {
  const site = await initStarter('news', 'sitegen-i18n-missing-');
  await editSite(site, (text) => text.replace('missing: fallback', 'missing: error'));
  const found = await buildErrors(site);
  const subscribed = found.find((error) => error.file === 'content/pages/subscribed.md');
  assert.ok(subscribed, `an error at subscribed.md: ${JSON.stringify(found)}`);
  assert.is(subscribed.code, 'translation');
  assert.match(subscribed.message, 'no Deutsch (de) translation');
  assert.match(subscribed.hint ?? '', 'content/pages/de/subscribed.md');
  assert.not.ok(found.some((error) => error.file === 'content/pages/news/hello-world.md'), 'a translated page is fine');
  assert.not.ok(found.some((error) => error.file === 'content/pages/news/coming-soon.md' && error.code !== 'translation'));
});

errors('a site whose languages leave out its own lang is an error at i18n.locales, and nothing is written', async () => {
  const site = await initStarter('news', 'sitegen-i18n-lang-');
  await editSite(site, (text) => text.replace('    en: English\n', ''));
  const found = await buildErrors(site);
  const error = found.find((item) => item.file === 'content/site.yaml');
  assert.ok(error, JSON.stringify(found));
  assert.match(error.message, 'not en, the site\'s lang');
  assert.not.ok(existsSync(path.join(site, 'dist')), 'a failed build writes nothing');
});

errors('without prefixDefault, a folder named after the default language is an error naming where its pages belong', async () => {
  const site = await initStarter('news', 'sitegen-i18n-default-folder-');
  await mkdir(path.join(site, 'content', 'pages', 'en'));
  await writeFile(path.join(site, 'content', 'pages', 'en', 'team.md'), '---\ntitle: Team\ndescription: Who we are.\n---\n\nUs.\n');
  const found = (await buildErrors(site)).filter((error) => error.code === 'translation');
  assert.equal(found.map((error) => error.file), ['content/pages/en/team.md'], JSON.stringify(found));
  assert.match(found[0].message, 'a folder named after the default language, en');
  assert.match(found[0].hint ?? '', 'content/pages/team.md');
});

errors('with prefixDefault every language has its folder: / goes to /en, and a page left outside is an error', async () => {
  const site = await initStarter('news', 'sitegen-i18n-prefix-');
  await editSite(site, (text) => text.replace('  missing: fallback', '  missing: fallback\n  prefixDefault: true')
    .replace('{ label: Home, href: / }', '{ label: Home, href: /en }').replace('href: /news }', 'href: /en/news }').replace('href: /search }', 'href: /en/search }')
    .replace(/(\/blog|\/updates): (\{ to: )?\/news/g, '$1: $2/en/news'));
  const pages = path.join(site, 'content', 'pages');
  await mkdir(path.join(pages, 'en'));
  for (const name of ['index.md', 'news', 'search.md', 'tags']) await rename(path.join(pages, name), path.join(pages, 'en', name));
  // Its links to /news are errors too (the page is now /en/news): the language error is the one looked at here.
  const outside = (await buildErrors(site)).filter((error) => error.code === 'translation');
  assert.equal(outside.map((error) => error.file), ['content/pages/subscribed.md'], JSON.stringify(outside));
  assert.match(outside[0].hint ?? '', 'content/pages/en/subscribed.md');

  await rename(path.join(pages, 'subscribed.md'), path.join(pages, 'en', 'subscribed.md'));
  for (const file of ['en/news/hello-world.md', 'en/news/a-picture/index.md', 'en/subscribed.md', 'de/news/hello-world.md', 'en/index.md']) {
    const full = path.join(pages, file);
    await writeFile(full, (await readFile(full, 'utf8')).replaceAll('](/news)', '](/en/news)').replace('link: /search', 'link: /en/search'));
  }
  await rm(path.join(pages, 'en', 'news', 'coming-soon.md'));
  await buildSite({ root: site, now: NOW });
  assert.match(await read(site, '_redirects'), '/  /en  302!', '/ sends the visitor to the default language');
  assert.ok((await read(site, 'en/news/hello-world.html')).startsWith('<!DOCTYPE html><html lang="en">'));
  assert.equal(alternates(await read(site, 'en/news/hello-world.html')), [
    'en https://www.example.com/en/news/hello-world', 'de https://www.example.com/de/news/hello-world', 'x-default https://www.example.com/en/news/hello-world',
  ]);
});

errors.run();
