import type { ReactNode } from 'react';
import { z } from 'sitegen';

/** An aside's props, as an editor writes them in a `::: Aside` block (templates/markdown.ts). */
export const schema = z.strictObject({
  type: z.enum(['note', 'tip', 'caution', 'danger']).default('note').describe('note, tip, caution or danger: its colour and its heading'),
  title: z.string().min(1).optional().describe('its heading, when not the type\'s own (Note, Tip …)'),
  text: z.string().min(1).optional().describe('what it says, as plain text; for Markdown (bold, code, links), write it after a --- line instead'),
});

const TITLES = {
  en: { note: 'Note', tip: 'Tip', caution: 'Caution', danger: 'Danger' },
  de: { note: 'Hinweis', tip: 'Tipp', caution: 'Vorsicht', danger: 'Gefahr' },
};

/**
 * A note set apart from the text around it (Starlight's asides, GitHub's
 * alerts): an aside landmark named by its heading, its type shown by an
 * icon and a colour, and said in words too. What it says is its Markdown
 * body (after the block's `---` line), or its `text`.
 */
export default function Aside({ type, title, text, lang, children }: z.infer<typeof schema> & { lang: string; children?: ReactNode }) {
  const titles = TITLES[lang.split('-')[0] as keyof typeof TITLES] ?? TITLES.en;
  return (
    <aside className={`aside aside--${type}`} aria-label={title ?? titles[type]}>
      <p className="aside__title">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16"><path d={ICONS[type]} /></svg>
        {title ?? titles[type]}
      </p>
      {text?.split(/\n\s*\n/).map((paragraph, index) => <p key={index}>{paragraph.trim()}</p>)}
      {children}
    </aside>
  );
}

const ICONS = {
  note: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm.9 11H7.1V7h1.8v5zM8 5.6A1.1 1.1 0 1 1 8 3.4a1.1 1.1 0 0 1 0 2.2z',
  tip: 'M8 1a5 5 0 0 0-3 9v2h6v-2a5 5 0 0 0-3-9zM6 13.5h4V15H6z',
  caution: 'M8 1 0.5 14.5h15L8 1zm.9 11H7.1v-1.8h1.8V12zm0-3H7.1V5.5h1.8V9z',
  danger: 'M5 1h6l4 4v6l-4 4H5l-4-4V5l4-4zm2.1 3v5h1.8V4H7.1zm0 6.5V12h1.8v-1.5H7.1z',
};
