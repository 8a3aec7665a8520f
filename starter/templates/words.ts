/**
 * The words of the starter's buttons, by language (the page's `lang` picks
 * them; English where a language has none): the copy button beside code
 * blocks and the video embed's play button. The islands say them, and a
 * starter that draws the same buttons without an island (the news starter)
 * says the same.
 */
export const COPY_WORDS = {
  en: { copy: 'Copy', name: 'Copy code', copied: 'Copied', failed: 'Could not copy: select the code and copy it with Ctrl+C or ⌘C' },
  de: { copy: 'Kopieren', name: 'Code kopieren', copied: 'Kopiert', failed: 'Kopieren ging nicht: markieren Sie den Code und kopieren Sie ihn mit Strg+C oder ⌘C' },
};

export const VIDEO_WORDS = {
  en: { play: (title: string) => `Play video: ${title}`, watch: (host: string) => `Watch on ${host}` },
  de: { play: (title: string) => `Video abspielen: ${title}`, watch: (host: string) => `Auf ${host} ansehen` },
};

/** The words of `table` in the page's language (`de-CH` takes `de`), or English. */
export function wordsOf<T>(table: { en: T } & Record<string, T>, lang: string): T {
  return table[lang.split('-')[0]] ?? table.en;
}
