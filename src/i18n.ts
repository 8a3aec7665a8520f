/**
 * A site in several languages (`i18n:` in site.yaml), Astro's model: each
 * language other than the default one has a folder of its own under
 * content/pages/ named by its tag (content/pages/de/news/hello.md is
 * /de/news/hello, in German); the default language's pages are at the
 * root, or in their own folder too with `prefixDefault`. A page's
 * translations are the pages at the same path in the other folders, so
 * that they follow from the routes alone (and a warm build, whose site key
 * holds the routes, never shows stale alternates).
 *
 * What each language lacks is the site's choice (`missing`): `fallback`
 * sends its address to the page in the default language (a 302, since a
 * translation may come), `error` fails the build at the untranslated page.
 * Everything here is plain data over routes: no zod, no React, so that the
 * render, emit and validate stages can all use it.
 */
import { SiteError } from './errors.ts';
import type { SiteInfo, Translation } from './model.ts';

export type Languages = Pick<SiteInfo, 'lang' | 'i18n'>;

/** The default language's tag, or the tag of the locale folder a route is in. */
export function localeOf(site: Languages, route: string): string {
  return folderOf(site, route) ?? site.lang;
}

/** The locale folder a route is in, if any: its first segment, when that is a language's tag. */
function folderOf(site: Languages, route: string): string | undefined {
  if (!site.i18n) return undefined;
  const first = route.split('/')[1];
  return site.i18n.locales.some((locale) => locale.code === first) ? first : undefined;
}

/** A route without its locale folder: what its translations have in common (`/de/news/x` → `/news/x`, `/de` → `/`). */
export function translationKeyOf(site: Languages, route: string): string {
  const folder = folderOf(site, route);
  return folder === undefined ? route : route.slice(folder.length + 1) || '/';
}

/** The route of a page in a language, from its translation key (`/news/x` in de → `/de/news/x`). */
export function localeRoute(site: Languages, locale: string, key: string): string {
  if (!hasPrefix(site, locale)) return key;
  return key === '/' ? `/${locale}` : `/${locale}${key}`;
}

function hasPrefix(site: Languages, locale: string): boolean {
  return site.i18n !== undefined && (locale !== site.lang || site.i18n.prefixDefault);
}

/**
 * A page's versions in every language, in the order site.yaml lists them:
 * the page itself (`current`), its translations, and, where a language has
 * none, that language's home page (`translated: false`), which a language
 * switcher links to instead. Undefined on a site with one language.
 */
export function translationsOf(site: Languages, route: string, routes: ReadonlySet<string>): Translation[] | undefined {
  if (!site.i18n) return undefined;
  const own = localeOf(site, route);
  const key = translationKeyOf(site, route);
  return site.i18n.locales.map(({ code, name }) => {
    const translated = localeRoute(site, code, key);
    const found = code === own || routes.has(translated);
    const home = localeRoute(site, code, '/');
    return { locale: code, name, route: found ? translated : routes.has(home) ? home : localeRoute(site, site.lang, '/'), current: code === own, translated: found };
  });
}

/** The alternates a page's head and the sitemap name: every translated version, when there is more than the page itself. */
function alternatesOf(translations: readonly Translation[] | undefined): Translation[] {
  const translated = (translations ?? []).filter((translation) => translation.translated);
  return translated.length > 1 ? translated : [];
}

/**
 * The hreflang links of a page with translations, as its head and the sitemap write them (Google's rules): each
 * translated version by its language's tag, itself included, then `x-default` for the default language's.
 */
export function hreflangsOf(site: Languages, translations: readonly Translation[] | undefined): { hreflang: string; route: string }[] {
  const alternates = alternatesOf(translations);
  const fallback = alternates.find((translation) => translation.locale === site.lang);
  return [
    ...alternates.map(({ locale, route }) => ({ hreflang: locale, route })),
    ...(fallback ? [{ hreflang: 'x-default', route: fallback.route }] : []),
  ];
}

/**
 * With `missing: fallback`, the address of each missing translation of a
 * page in the default language, sent to that page (302); with
 * `prefixDefault` and no page at /, / itself goes to the default language's
 * home. `routes` are the content pages' own routes (not a list's later
 * pages), `present` every route the build wrote.
 */
export function fallbackRedirects(site: Languages, routes: readonly string[], present: ReadonlySet<string>): { from: string; to: string }[] {
  if (!site.i18n) return [];
  const rules: { from: string; to: string }[] = [];
  const home = localeRoute(site, site.lang, '/');
  if (site.i18n.prefixDefault && !present.has('/') && present.has(home)) rules.push({ from: '/', to: home });
  if (site.i18n.missing !== 'fallback') return rules;
  for (const route of routes) {
    if (localeOf(site, route) !== site.lang) continue;
    const key = translationKeyOf(site, route);
    for (const { code } of site.i18n.locales) {
      const translated = localeRoute(site, code, key);
      if (code !== site.lang && !present.has(translated)) rules.push({ from: translated, to: route });
    }
  }
  return rules;
}

/**
 * With `missing: error`, one error per page in the default language that
 * lacks a translation, naming the files to write; with `prefixDefault`,
 * one per page outside every language's folder. `files` maps each route to
 * its file under content/pages/ (the not-found page may stay outside).
 */
export function translationErrors(site: Languages, files: ReadonlyMap<string, string>, notFoundRoute: string): SiteError[] {
  if (!site.i18n) return [];
  const errors: SiteError[] = [];
  for (const [route, file] of files) {
    const locale = localeOf(site, route);
    if (site.i18n.prefixDefault && route !== notFoundRoute && folderOf(site, route) === undefined) {
      errors.push(new SiteError('translation', `this page is in no language's folder, and i18n.prefixDefault puts every page in one`, {
        location: { file: `content/pages/${file}` }, hint: `move it to content/pages/${site.lang}/${file}`,
      }));
      continue;
    }
    if (!site.i18n.prefixDefault && folderOf(site, route) === site.lang) {
      errors.push(new SiteError('translation', `this page is in a folder named after the default language, ${site.lang}, whose pages are at the root`, {
        location: { file: `content/pages/${file}` },
        hint: `move it to content/pages/${file.slice(site.lang.length + 1)}, or set \`prefixDefault: true\` under i18n in content/site.yaml`,
      }));
      continue;
    }
    if (site.i18n.missing !== 'error' || locale !== site.lang || route === notFoundRoute) continue;
    const key = translationKeyOf(site, route);
    const lacking = site.i18n.locales.filter(({ code }) => code !== site.lang && !files.has(localeRoute(site, code, key)));
    if (lacking.length === 0) continue;
    // Each translation's file is this one's path in that language's folder.
    const relative = site.i18n.prefixDefault ? file.slice(site.lang.length + 1) : file;
    const wanted = lacking.map(({ code }) => `content/pages/${code}/${relative}`);
    errors.push(new SiteError('translation', `this page has no ${lacking.map(({ name, code }) => `${name} (${code})`).join(' or ')} translation, and i18n.missing is error`, {
      location: { file: `content/pages/${file}` },
      hint: `write ${wanted.join(' and ')}, or set \`missing: fallback\` under i18n in content/site.yaml to send those addresses here`,
    }));
  }
  return errors;
}
