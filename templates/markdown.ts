/**
 * The components a Markdown page may use, by the name its `::: Name` block
 * gives (docs/collections-images-markdown.md#components-in-markdown).
 * Nothing else can be named; each block's props are checked against the
 * component's schema, at the .md file's line.
 */
import type { MarkdownComponents } from 'sitegen';
import Callout, { schema as callout } from './components/Callout.tsx';

export const markdown: MarkdownComponents = {
  Callout: { component: Callout, schema: callout },
};
