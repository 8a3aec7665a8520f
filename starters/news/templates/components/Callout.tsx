import type { ReactNode } from 'react';
import { z, link } from 'sitegen';

/** A Callout's props, as an editor writes them in a `::: Callout` block (templates/markdown.ts). */
export const schema = z.strictObject({
  text: z.string().min(1).optional().describe('what it says, as plain text; for Markdown (bold, links), write it after a --- line instead'),
  link: link(),
  label: z.string().min(1).describe('the link\'s words, which say where it leads on their own'),
});

/** A boxed sentence with one link, set apart from the text around it: its Markdown body (after the `---` line), or its `text`. */
export default function Callout({ text, link: href, label, children }: z.infer<typeof schema> & { children?: ReactNode }) {
  return (
    <div className="callout">
      {text !== undefined && <p>{text}</p>}
      {children}
      <a href={href}>{label}</a>
    </div>
  );
}
