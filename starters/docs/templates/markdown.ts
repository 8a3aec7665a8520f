/**
 * What a Markdown page may use, by the name its `::: Name` block gives; each
 * block's props are checked against the schema, at the .md file's line.
 * An entry with `island` is interactive: it hydrates when the visitor
 * reaches into it, so a page of docs loads no React until then.
 *
 * - `Aside`: a note, tip, caution or danger set apart from the text; what it
 *   says is Markdown, after the block's `---` line (`body: true`).
 * - `Steps`: numbered steps: a numbered list in its Markdown body, each step
 *   with its code blocks (or, in its props, each a title with text or a command).
 * - `Tabs`: the same thing said several ways (npm, pnpm, yarn), one shown.
 * - `code`: what each fenced code block shows beside its code: a copy button.
 * - `Embed`: a YouTube or Vimeo video, nothing asked of its host until play.
 */
import { z, type MarkdownComponents } from 'sitegen';
import Aside, { schema as aside } from './components/Aside.tsx';
import Steps, { schema as steps } from './components/Steps.tsx';
import Tabs from './islands/tabs.tsx';
import CopyCode from './islands/copy-code.tsx';
import VideoEmbed from './islands/video-embed.tsx';
import { embedSchema, VIDEO_PLAYERS } from './embed.ts';

/** The schema lives here, not in the island, so that zod stays out of the browser's code. */
const tabs = z.strictObject({
  tabs: z.array(z.strictObject({
    label: z.string().min(1),
    text: z.string().min(1).optional(),
    code: z.string().min(1).optional().describe('a command or a few lines, shown as code'),
  }).refine((tab) => tab.text !== undefined || tab.code !== undefined, 'expected text, code or both'))
    .min(2, 'expected two tabs or more: one tab is a paragraph')
    .refine((list) => new Set(list.map((tab) => tab.label)).size === list.length, 'expected each tab to have its own label'),
});

export const markdown: MarkdownComponents = {
  Aside: { component: Aside, schema: aside, body: true },
  Steps: { component: Steps, schema: steps, body: true },
  Tabs: { component: Tabs, schema: tabs, island: 'tabs', hydrate: 'interaction' },
  code: { component: CopyCode, schema: z.strictObject({}), island: 'copy-code', hydrate: 'interaction' },
  Embed: { component: VideoEmbed, schema: embedSchema, island: 'video-embed', hydrate: 'interaction', frames: VIDEO_PLAYERS },
};
