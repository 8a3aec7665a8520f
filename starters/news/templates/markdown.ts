/**
 * What a Markdown page may use, by the name its `::: Name` block gives; each
 * block's props are checked against the schema, at the .md file's line.
 * An entry with `island` is interactive: the block may say when it
 * hydrates (`hydrate: interaction`), or it hydrates as the entry says.
 */
import { z, type MarkdownComponents } from 'sitegen';
import Callout, { schema as callout } from './components/Callout.tsx';
import Search from './islands/search.tsx';
import CopyButton from './components/CopyButton.tsx';
import VideoEmbed from './components/VideoEmbed.tsx';
import { embedSchema, VIDEO_PLAYERS } from './embed.ts';

/**
 * A `::: Search` block gives the field's label. Where the build writes
 * Pagefind's module is not the editor's to say, so it is added here (sitegen
 * adds the base path). The schema lives here, not in the island, so that
 * zod stays out of the browser's code.
 */
const search = z
  .strictObject({
    label: z.string().min(1).default('Search this site'),
    lang: z.enum(['en', 'de']).default('en').describe("the language of the search's own words"),
  })
  .transform((props) => ({ ...props, index: '/pagefind/pagefind.js' }));

export const markdown: MarkdownComponents = {
  Callout: { component: Callout, schema: callout, body: true },
  Search: { component: Search, schema: search, island: 'search', hydrate: 'interaction' },
  // What each code block shows beside its code: a copy button, worked by the page script (no island: a post with code
  // stays within the first view's 2 KB of JavaScript).
  code: { component: CopyButton, schema: z.strictObject({}) },
  // A YouTube or Vimeo video, nothing asked of its host until the visitor presses play (templates/embed.ts): drawn by
  // the build and worked by the page script as the copy button is, so a post with a video stays within the 2 KB too.
  Embed: { component: VideoEmbed, schema: embedSchema, frames: VIDEO_PLAYERS },
};
