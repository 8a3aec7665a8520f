import { useRef, useState } from 'react';
import { COPY_WORDS, wordsOf } from '../words.ts';

export interface CopyCodeProps {
  /** The page's language (sitegen gives a code block's entry the page's): the button's words follow it. */
  lang: string;
}

/**
 * The copy button beside each code block (templates/markdown.ts's `code`
 * entry). It hydrates when the visitor reaches into it, so a page of code
 * loads no script until then; the click that woke it is made again once it
 * has. Its status is announced, and a refused clipboard says what to do.
 */
export default function CopyCode({ lang }: CopyCodeProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<'ready' | 'copied' | 'failed'>('ready');
  const words = wordsOf(COPY_WORDS, lang);
  async function copy() {
    const code = button.current?.closest('figure')?.querySelector('pre code')?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(code.replace(/\n$/, ''));
      setState('copied');
      setTimeout(() => setState('ready'), 2000);
    } catch {
      setState('failed');
    }
  }
  return (
    // Not in the search's index: a result's excerpt is the page's words, not its buttons' (data-pagefind-ignore).
    <div className="copy-code" data-pagefind-ignore="all">
      <button ref={button} type="button" aria-label={words.name} onClick={copy}>{state === 'copied' ? words.copied : words.copy}</button>
      <span role="status" className="visually-hidden">{state === 'copied' ? words.copied : state === 'failed' ? words.failed : ''}</span>
    </div>
  );
}
