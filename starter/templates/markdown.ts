/**
 * What a Markdown page may use, by the name its `::: Name` block gives; each
 * block's props are checked against the schema, at the .md file's line.
 * An entry with `island` is interactive: the block may say when it
 * hydrates (`hydrate: interaction`), or it hydrates as the entry says.
 *
 * `code` is what each fenced code block shows beside its code: here a copy
 * button, hydrated when the visitor reaches into it. Leave it out and code
 * blocks have none.
 *
 * `Embed` is a YouTube or Vimeo video that asks nothing of its host until
 * the visitor presses play (templates/embed.ts): only the pages that hold
 * one may frame the players.
 */
import { z, type MarkdownComponents } from 'sitegen';
import CopyCode from './islands/copy-code.tsx';
import VideoEmbed from './islands/video-embed.tsx';
import { embedSchema, VIDEO_PLAYERS } from './embed.ts';

export const markdown: MarkdownComponents = {
  code: { component: CopyCode, schema: z.strictObject({}), island: 'copy-code', hydrate: 'interaction' },
  Embed: { component: VideoEmbed, schema: embedSchema, island: 'video-embed', hydrate: 'interaction', frames: VIDEO_PLAYERS },
};
