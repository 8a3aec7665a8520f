/**
 * The words the templates write themselves, in each of the site's languages
 * (content/site.yaml `i18n`); a page picks its own by `page.locale`. Content
 * is translated in content/pages/de/; these are the few words around it.
 */
const en = {
  languages: 'Languages',
  notTranslated: 'not translated yet: the home page',
  newer: 'Newer posts', older: 'Older posts', morePosts: 'More posts',
  pageOf: (page: number, pages: number) => `page ${page} of ${pages}`,
  draft: 'draft',
  subscribe: 'Subscribe', newsletter: 'The newsletter', email: 'E-mail address', signUp: 'Subscribe',
  tags: 'Tags', tagged: (tag: string) => `Tagged “${tag}”`, allTags: 'All tags', allNews: 'All news',
  contents: 'On this page', readingTime: (minutes: number) => (minutes === 1 ? '1 minute read' : `${minutes} minutes read`),
  news: 'News',
  skip: 'Skip to the content', menu: 'Menu', latest: 'Latest', earlier: 'Earlier posts', newsletterNote: 'One e-mail when there is news. Leave whenever you like.',
  theme: { label: 'Theme', auto: 'System', light: 'Light', dark: 'Dark' },
};

export type Words = typeof en;

// Typed as the English words, so that a word added there and not here is an error where it is missing.
const de: Words = {
  languages: 'Sprachen',
  notTranslated: 'noch nicht übersetzt: die Startseite',
  newer: 'Neuere Beiträge', older: 'Ältere Beiträge', morePosts: 'Weitere Beiträge',
  pageOf: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  draft: 'Entwurf',
  subscribe: 'Abonnieren', newsletter: 'Der Newsletter', email: 'E-Mail-Adresse', signUp: 'Abonnieren',
  tags: 'Schlagwörter', tagged: (tag: string) => `Schlagwort „${tag}“`, allTags: 'Alle Schlagwörter', allNews: 'Alle Neuigkeiten',
  contents: 'Auf dieser Seite', readingTime: (minutes: number) => (minutes === 1 ? '1 Minute Lesezeit' : `${minutes} Minuten Lesezeit`),
  news: 'Neuigkeiten',
  skip: 'Zum Inhalt springen', menu: 'Menü', latest: 'Neu', earlier: 'Frühere Beiträge', newsletterNote: 'Eine E-Mail, wenn es Neues gibt. Abbestellen jederzeit.',
  theme: { label: 'Design', auto: 'System', light: 'Hell', dark: 'Dunkel' },
};

/** The words of a page's language, English for any other. */
export function wordsFor(locale: string | undefined): Words {
  return locale === 'de' ? de : en;
}
