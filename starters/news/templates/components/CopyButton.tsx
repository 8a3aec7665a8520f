/**
 * The copy button beside each code block (templates/markdown.ts's `code`
 * entry), drawn by the build and worked by the page script
 * (sitegen.config.ts), not an island: a post with code loads no React and no
 * islands' runtime. Hidden until the page script shows it (it needs
 * scripts); its status is announced, and a refused clipboard says what to do.
 * Its words are the basic starter's island's (templates/words.ts).
 */
import { COPY_WORDS, wordsOf } from '../words.ts';

export default function CopyButton({ lang }: { lang: string }) {
  const words = wordsOf(COPY_WORDS, lang);
  return (
    // Not in the search's index: a result's excerpt is the page's words, not its buttons' (data-pagefind-ignore).
    <div className="copy-code" data-pagefind-ignore="all" hidden>
      <button type="button" aria-label={words.name} data-copy={words.copy} data-copied={words.copied} data-failed={words.failed}>{words.copy}</button>
      <span role="status" className="visually-hidden"></span>
    </div>
  );
}
