import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { excerptOf, pagefindLoader, type PagefindResult as Result } from '../lib/pagefind.ts';

export interface SearchProps {
  /** Where the build wrote Pagefind's module (the base path is added by sitegen). */
  index: string;
  /** The field's visible label. */
  label: string;
  /** What the keyboard shortcut is, said to screen readers and shown on wide screens. */
  hint: string;
  lang: 'en' | 'de';
}

const TEXT = {
  en: {
    failed: 'The search could not load. Check your connection and try again.',
    nothing: (query: string) => `Nothing found for “${query}”.`,
    found: (total: number) => (total === 1 ? '1 page found' : `${total} pages found`),
    results: 'Results',
  },
  de: {
    failed: 'Die Suche konnte nicht geladen werden. Prüfen Sie die Verbindung und versuchen Sie es noch einmal.',
    nothing: (query: string) => `Nichts gefunden für „${query}“.`,
    found: (total: number) => (total === 1 ? '1 Seite gefunden' : `${total} Seiten gefunden`),
    results: 'Ergebnisse',
  },
};

/**
 * The header's search: results as the visitor types (after a pause), the
 * count in a live region, the first eight shown under the field. Pagefind's
 * index loads on the first search, not with the page. `/` (or Ctrl+K, ⌘K)
 * focuses the field from anywhere (the page script in sitegen.config.ts),
 * which hydrates the island; Escape empties it.
 */
export default function Search({ index, label, hint, lang }: SearchProps) {
  const text = TEXT[lang] ?? TEXT.en;
  const id = useId();
  const [pagefind] = useState(() => pagefindLoader(index));
  const latest = useRef('');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ shown: Result[]; total: number; query: string } | null>(null);
  const [failed, setFailed] = useState(false);

  async function search(words: string) {
    latest.current = words;
    if (!words) return setResults(null);
    try {
      const found = await (await pagefind.load()).search(words);
      const shown = await Promise.all(found.results.slice(0, 8).map((result) => result.data()));
      // A slower search for an older query never overwrites a newer one's results.
      if (latest.current === words) setResults({ shown, total: found.results.length, query: words });
      setFailed(false);
    } catch {
      pagefind.failed();
      setResults(null);
      setFailed(true);
    }
  }

  // As the visitor types: one search per pause of 150 ms.
  useEffect(() => {
    const words = query.trim();
    if (words === latest.current) return;
    const timer = setTimeout(() => void search(words), 150);
    return () => clearTimeout(timer);
  }, [query]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void search(query.trim());
  }
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !query) return;
    setQuery('');
    void search('');
  }

  const message = failed ? text.failed : results ? (results.total === 0 ? text.nothing(results.query) : text.found(results.total)) : '';
  return (
    <form role="search" className="search" onSubmit={onSubmit} onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-query`}>{label}</label>
      <input id={`${id}-query`} type="search" name="q" autoComplete="off" data-search-input value={query}
        aria-describedby={`${id}-hint`} aria-controls={`${id}-results`} onChange={(event) => setQuery(event.target.value)} />
      <kbd id={`${id}-hint`} className="search__hint" aria-label={hint}>/</kbd>
      {/* Always in the page, so that each new count is announced; the panel shows the same words. */}
      <p role="status" className="visually-hidden">{message}</p>
      <div id={`${id}-results`} className="search__panel" hidden={!message}>
        <p aria-hidden="true">{message}</p>
        {results && results.shown.length > 0 && (
          <ol aria-label={text.results}>
            {results.shown.map((result) => (
              <li key={result.url}>
                <a href={result.url}>{result.meta.title ?? result.url}</a>
                <p>{excerptOf(result.excerpt)}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </form>
  );
}
