import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

/** What Pagefind's browser module (/pagefind/pagefind.js, written by the build) offers, as far as this island uses it. */
interface Pagefind {
  search(query: string): Promise<{ results: { data(): Promise<Result> }[] }>;
}
interface Result {
  url: string;
  meta: { title?: string };
  /** The text around the match, with the matched words in <mark>. */
  excerpt: string;
}

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
  const pagefind = useRef<Promise<Pagefind> | null>(null);
  // Failed loads so far: a browser may keep a failed module import's result for its URL, so each retry asks another.
  const failures = useRef(0);
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
      const url = failures.current === 0 ? index : `${index}?retry=${failures.current}`;
      pagefind.current ??= import(/* a URL known only once built */ url) as Promise<Pagefind>;
      const found = await (await pagefind.current).search(words);
      setResults({ shown: await Promise.all(found.results.slice(0, 10).map((result) => result.data())), total: found.results.length });
    } catch {
      // The index did not load (offline, or a deploy in between): say so, and let the next search try again,
      // at a URL the module map has not seen (Chromium keeps a failed dynamic import's error for its URL).
      pagefind.current = null;
      failures.current += 1;
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
                  <p>{marked(result.excerpt)}</p>
                </li>
              ))}
            </ol>
          </>
        ))}
      </div>
    </section>
  );
}

/**
 * An excerpt's text with its <mark>s, and nothing else of its HTML: it is
 * read as text by the browser's parser and rebuilt as React elements, so no
 * markup in a page's text can reach the results as HTML.
 */
function marked(excerpt: string): ReactNode[] {
  const parsed = new DOMParser().parseFromString(excerpt, 'text/html');
  return [...parsed.body.childNodes].map((node, index) =>
    node.nodeName === 'MARK' ? <mark key={index}>{node.textContent}</mark> : node.textContent);
}
