/**
 * Pagefind's browser module as the search islands use it: loaded on the
 * first search, not with the page, from where the build wrote it
 * (/pagefind/pagefind.js; sitegen adds the base path), and its excerpts
 * rebuilt as text and marks. The news starter's search page and the docs
 * starter's header search both use it.
 */
import type { ReactNode } from 'react';
import { createElement } from 'react';

/** What Pagefind's module offers, as far as the islands use it. */
export interface Pagefind {
  search(query: string): Promise<{ results: { data(): Promise<PagefindResult> }[] }>;
}

export interface PagefindResult {
  url: string;
  meta: { title?: string };
  /** The text around the match, with the matched words in <mark>. */
  excerpt: string;
}

/**
 * Pagefind's module, imported once per page. A failed import (offline, a
 * deploy in between) is forgotten, and the next try asks another URL:
 * Chromium keeps a failed dynamic import's error for its URL.
 */
export function pagefindLoader(index: string): { load(): Promise<Pagefind>; failed(): void } {
  let loading: Promise<Pagefind> | null = null;
  let failures = 0;
  return {
    load: () => (loading ??= import(/* a URL known only once built */ failures === 0 ? index : `${index}?retry=${failures}`) as Promise<Pagefind>),
    failed() {
      loading = null;
      failures += 1;
    },
  };
}

/**
 * An excerpt's text with its <mark>s, and nothing else of its HTML: it is
 * read as text by the browser's parser and rebuilt as React elements, so no
 * markup in a page's text can reach the results as HTML.
 */
export function excerptOf(excerpt: string): ReactNode[] {
  const parsed = new DOMParser().parseFromString(excerpt, 'text/html');
  return [...parsed.body.childNodes].map((node, index) =>
    node.nodeName === 'MARK' ? createElement('mark', { key: index }, node.textContent) : node.textContent);
}
