/**
 * What a site's Markdown components frame (MarkdownComponent.frames, a
 * video player's origin): the site's policy allows each origin in frame-src,
 * and each page that uses none of them closes frame-src again with a policy
 * of its own, a `<meta http-equiv>` right after its charset. A browser
 * enforces every policy a page has, so the meta can only narrow the
 * header's, whatever the host: one header for all paths serves on Netlify,
 * Cloudflare, nginx and `sitegen serve` alike, and a page without an embed
 * still frames nothing.
 */
import type { MarkdownBlock, MarkdownComponents } from '../model.ts';
import { escapeHtml } from '../escape.ts';

interface FramingEntry {
  name: string;
  island?: string;
  frames: readonly string[];
}

/** The components that frame, and every origin they frame, for the site's header. */
export function framingOf(markdown: MarkdownComponents | undefined): { entries: FramingEntry[]; origins: string[] } {
  const entries = Object.entries(markdown ?? {}).flatMap(([name, entry]) => (entry.frames?.length ? [{ name, island: entry.island, frames: entry.frames }] : []));
  return { entries, origins: [...new Set(entries.flatMap((entry) => entry.frames))] };
}

/**
 * A page's HTML with its own frame-src, when the site's components frame: the origins of the components it uses and
 * those integrations frame on every page, or 'none'. A page that uses them all keeps the header's alone.
 */
export function withPageFrames(
  html: string, framing: ReturnType<typeof framingOf>, page: { islands: readonly string[]; blocks?: readonly MarkdownBlock[] }, siteWide: readonly string[],
): string {
  if (framing.entries.length === 0) return html;
  const used = framing.entries.filter((entry) => (entry.island !== undefined && page.islands.includes(entry.island)) || page.blocks?.some((block) => block.name === entry.name));
  const origins = [...new Set([...siteWide, ...used.flatMap((entry) => entry.frames)])];
  if (framing.origins.every((origin) => origins.includes(origin))) return html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(`frame-src ${origins.length > 0 ? origins.join(' ') : "'none'"}`)}"/>`;
  const charset = '<meta charset="utf-8"/>';
  return html.replace(charset, charset + meta);
}
