/**
 * The words the templates write themselves, in each language the site may
 * have (content/site.yaml `i18n`); a page picks its own by `page.locale`.
 */
const en = {
  skip: 'Skip to content',
  menu: 'Menu',
  sidebar: 'Pages',
  contents: 'On this page',
  overview: 'Overview',
  previous: 'Previous',
  next: 'Next',
  pagination: 'Previous and next pages',
  edit: 'Edit this page',
  updated: 'Last updated:',
  theme: { label: 'Theme', auto: 'System', light: 'Light', dark: 'Dark' },
  languages: 'Languages',
  notTranslated: 'not translated yet: the English page',
  search: { label: 'Search the docs', button: 'Search', shortcut: 'Press / to search' },
};

export type Words = typeof en;

// Typed as the English words, so that a word added there and not here is an error where it is missing.
const de: Words = {
  skip: 'Zum Inhalt springen',
  menu: 'Menü',
  sidebar: 'Seiten',
  contents: 'Auf dieser Seite',
  overview: 'Überblick',
  previous: 'Zurück',
  next: 'Weiter',
  pagination: 'Vorherige und nächste Seite',
  edit: 'Diese Seite bearbeiten',
  updated: 'Zuletzt aktualisiert:',
  theme: { label: 'Design', auto: 'System', light: 'Hell', dark: 'Dunkel' },
  languages: 'Sprachen',
  notTranslated: 'noch nicht übersetzt: die englische Seite',
  search: { label: 'Die Dokumentation durchsuchen', button: 'Suchen', shortcut: 'Drücken Sie /, um zu suchen' },
};

const WORDS: Record<string, Words> = { en, de };

/** The words of a language (its tag's first part), English for any other. */
export function wordsFor(locale: string | undefined): Words {
  return WORDS[(locale ?? 'en').split('-')[0]] ?? en;
}
