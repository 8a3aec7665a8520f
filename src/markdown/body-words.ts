/**
 * The few words sitegen writes into a Markdown body itself (the footnotes'
 * heading, read by screen readers, and each note's way back to its
 * reference), in the page's language. Bodies are converted once, before a
 * page's language is known, in English; a page in another language gets its
 * own words when it renders. site.yaml's `words` gives a language's words,
 * or changes the built-in ones.
 */
import { escapeHtml } from '../escape.ts';

export interface BodyWords {
  footnotes: string;
  /** `{n}` is the reference's number. */
  backToReference: string;
}

/** As the body is converted (marked-footnote's own words). */
const ENGLISH: BodyWords = { footnotes: 'Footnotes', backToReference: 'Back to reference {n}' };

const BUILT_IN: Record<string, BodyWords> = {
  en: ENGLISH,
  de: { footnotes: 'Fußnoten', backToReference: 'Zurück zum Verweis {n}' },
  fr: { footnotes: 'Notes', backToReference: 'Retour à la référence {n}' },
  es: { footnotes: 'Notas', backToReference: 'Volver a la referencia {n}' },
  it: { footnotes: 'Note', backToReference: 'Torna al riferimento {n}' },
  nl: { footnotes: 'Voetnoten', backToReference: 'Terug naar verwijzing {n}' },
  pt: { footnotes: 'Notas', backToReference: 'Voltar à referência {n}' },
};

type SiteWords = Readonly<Record<string, Partial<BodyWords>>>;

/** The words of a language (`de-AT` takes `de`'s), the site's own first, English for one sitegen does not know. */
function bodyWordsFor(lang: string, own?: SiteWords): BodyWords {
  const base = lang.split('-')[0].toLowerCase();
  return { ...ENGLISH, ...BUILT_IN[base], ...own?.[base], ...own?.[lang] };
}

/**
 * A converted body with its footnotes' words in the page's language (`lang`, with the site's own words); the same
 * string when it has no footnotes (most bodies: the words are not even looked up) or they are English.
 */
export function withBodyWords(html: string, lang: string, own?: SiteWords): string {
  if (!html.includes('data-footnotes')) return html;
  const words = bodyWordsFor(lang, own);
  if (words.footnotes === ENGLISH.footnotes && words.backToReference === ENGLISH.backToReference) return html;
  return html
    .replace('<h2 id="footnote-label" class="visually-hidden">Footnotes</h2>', `<h2 id="footnote-label" class="visually-hidden">${escapeHtml(words.footnotes)}</h2>`)
    .replace(/ aria-label="Back to reference (\d+)"/g, (_, n: string) => ` aria-label="${escapeHtml(words.backToReference.replaceAll('{n}', n))}"`);
}
