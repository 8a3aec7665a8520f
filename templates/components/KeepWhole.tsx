import type { ReactNode } from 'react';

/**
 * A heading's words with each hyphenated one kept whole: on a phone,
 * "Password-less" moves to the next line entire instead of breaking into
 * "Password-" and "less". The hyphen stays the hyphen the editor wrote, so
 * search, copy and screen readers read the word as written (a non-breaking
 * hyphen, U+2011, would be another character to each of them).
 */
export function KeepWhole({ text }: { text: string }): ReactNode {
  const parts = text.split(/(\S+-\S+)/);
  if (parts.length === 1) return text;
  return parts.map((part, index) => (index % 2 === 1 ? <span key={index} className="keep-whole">{part}</span> : part));
}
