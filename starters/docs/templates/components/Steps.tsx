import type { ReactNode } from 'react';
import { z } from 'sitegen';

/**
 * The steps of a `::: Steps` block: a numbered list in its Markdown body (after the block's `---` line), each
 * step with what it needs (code blocks, links); or, in its props, each a title and what to do as text, a command,
 * or both.
 */
export const schema = z.strictObject({
  steps: z.array(z.strictObject({
    title: z.string().min(1),
    text: z.string().min(1).optional(),
    code: z.string().min(1).optional().describe('a command or a few lines to type, shown as code'),
  })).min(2, 'expected two steps or more: one step is a paragraph').optional(),
});

/** Numbered steps, a line joining them: an ordered list, so that screen readers count them too. */
export default function Steps({ steps = [], children }: z.infer<typeof schema> & { children?: ReactNode }) {
  if (children) return <div className="steps-body">{children}</div>;
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li key={step.title}>
          <p className="steps__title">{step.title}</p>
          {step.text && <p>{step.text}</p>}
          {step.code && <pre><code>{step.code}</code></pre>}
        </li>
      ))}
    </ol>
  );
}
