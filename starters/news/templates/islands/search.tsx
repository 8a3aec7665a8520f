import { useId, useState, type FormEvent } from 'react';
import { excerptOf, pagefindLoader, type PagefindResult as Result } from '../lib/pagefind.ts';

export interface SearchProps {
  /** Where the build wrote Pagefind's module (the base path is added by sitegen). */
  index: string;
  label: string;
  /** The language of its words (Pagefind itself searches the pages of the page's own language). */
  lang: 'en' | 'de';
}

const TEXT = {
  en: {
    button: 'Search',
    failed: 'The search could not load. Check your connection and try again.',
    nothing: (query: string) => `Nothing found for “${query}”.`,
    found: (total: number) => (total === 1 ? '1 page found' : `${total} pages found`),
    shown: (count: number) => `, the first ${count} shown`,
  },
  de: {
    button: 'Suchen',
    failed: 'Die Suche konnte nicht geladen werden. Prüfen Sie die Verbindung und versuchen Sie es noch einmal.',
    nothing: (query: string) => `Nichts gefunden für „${query}“.`,
    found: (total: number) => (total === 1 ? '1 Seite gefunden' : `${total} Seiten gefunden`),
    shown: (count: number) => `, die ersten ${count} gezeigt`,
  },
};

/**
 * The site search. Pagefind's index is loaded on the first search, not with
 * the page, and only the results' first page is fetched (ten).
 */
export default function Search({ index, label, lang }: SearchProps) {
  const text = TEXT[lang] ?? TEXT.en;
  const id = useId();
  const [pagefind] = useState(() => pagefindLoader(index));
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ shown: Result[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    const words = query.trim();
    if (!words) return setResults(null);
    setBusy(true);
    setFailed(false);
    try {
      const found = await (await pagefind.load()).search(words);
      setResults({ shown: await Promise.all(found.results.slice(0, 10).map((result) => result.data())), total: found.results.length });
    } catch {
      // The index did not load (offline, or a deploy in between): say so, and let the next search try again.
      pagefind.failed();
      setResults(null);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="search" aria-labelledby={`${id}-heading`}>
      <form role="search" onSubmit={(event) => void search(event)} aria-busy={busy}>
        <label htmlFor={`${id}-query`} id={`${id}-heading`}>{label}</label>
        <input id={`${id}-query`} type="search" name="q" value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit">{text.button}</button>
      </form>
      <div role="status" aria-live="polite">
        {failed && <p>{text.failed}</p>}
        {results && (results.total === 0 ? <p>{text.nothing(query.trim())}</p> : (
          <>
            <p>{text.found(results.total)}{results.total > results.shown.length && text.shown(results.shown.length)}</p>
            <ol className="search__results">
              {results.shown.map((result) => (
                <li key={result.url}>
                  <a href={result.url}>{result.meta.title ?? result.url}</a>
                  <p>{excerptOf(result.excerpt)}</p>
                </li>
              ))}
            </ol>
          </>
        ))}
      </div>
    </section>
  );
}
