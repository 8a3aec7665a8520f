/**
 * A page as Markdown, for what reads a site as text (the agents
 * integration's twins and llms-full.txt). A page made from a Markdown file
 * is its Markdown as the editor wrote it (./markdown-source.ts): code blocks
 * byte for byte, every address on the site absolute, and each component
 * block as its rendered HTML reads in Markdown. Any other page, a list page
 * and a template page, is its `<main>` as rendered, in reading order,
 * without navigation, forms, buttons or scripts (./html-markdown.ts).
 * Either way, its title heads it unless it opens with one of its own.
 */
import { applyUrlPolicy, pageLink, withBase, type UrlPolicy } from '../base-path.ts';
import { decodeEntities, markdownText, markdownUrl } from '../escape.ts';
import { htmlToMarkdown } from './html-markdown.ts';
import type { SourcePart } from './markdown-source.ts';

export interface PageForMarkdown {
  title: string;
  description?: string;
  /** Its date (ISO 8601), for a dated page: a post's. */
  date?: string;
  /** The page as rendered. */
  html: string;
  /** Its absolute URL. */
  url: string;
  /** Its Markdown body as written, when it has one fit to keep. */
  source?: readonly SourcePart[];
  /** The HTML of each component block of its body, by index, as the page renders it. */
  blocks?: readonly string[];
}

export function pageMarkdownOf(page: PageForMarkdown, site: UrlPolicy & { url: string }): string {
  if (page.source === undefined) {
    const markdown = htmlToMarkdown(withAbsoluteAddresses(contentOf(page.html), page.url));
    return `${/^#\s/.test(markdown) ? markdown : `# ${page.title}\n\n${markdown}`}\n`;
  }
  const absolute = (href: string, link: boolean) => {
    if (href.startsWith('#')) return markdownUrl(page.url + href);
    const address = link ? pageLink(site, href) : withBase(site.basePath, href);
    return markdownUrl(URL.parse(address, site.url)?.href ?? address);
  };
  const body = page.source.map((part) => {
    if (typeof part === 'string') return part;
    if ('link' in part) return absolute(part.link, true);
    if ('image' in part) return absolute(part.image, false);
    const html = page.blocks?.[part.block] ?? '';
    return htmlToMarkdown(withAbsoluteAddresses(withoutInteraction(applyUrlPolicy(html, site)), page.url));
  }).join('').replace(/\n{3,}/g, '\n\n').trim();
  if (/^#\s/.test(body)) return `${body}\n`;
  // What the template shows around the body from the page's front matter: its description, and its date.
  const lead = `${page.description ? `> ${markdownText(page.description)}\n\n` : ''}${page.date ? `${page.date.slice(0, 10)}\n\n` : ''}`;
  return `# ${page.title}\n\n${lead}${body}\n`;
}

// Elements that belong to the site around the content, or to a visitor's hands, not to what a page says.
const DROPPED = /<(nav|button|form|script|style|template|noscript|svg|dialog|select|textarea)\b[^>]*>[\s\S]*?<\/\1>/gi;

/** A page's `<main>`, without what it holds for a visitor's hands. */
function contentOf(html: string): string {
  return withoutInteraction(/<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? '');
}

function withoutInteraction(html: string): string {
  let body = html;
  // Nested elements of one kind (a nav in a nav) are rare in a page's main; each pass removes the innermost.
  for (let pass = 0; pass < 3; pass++) {
    const next = body.replace(DROPPED, '');
    if (next === body) break;
    body = next;
  }
  return body;
}

/** Every address absolute; a link within the page (a heading's own anchor) only its words, in a file read from top to bottom. */
function withAbsoluteAddresses(html: string, pageUrl: string): string {
  return html
    .replace(/\shref="#[^"]*"/g, '')
    .replace(/\s(href|src)="([^"]+)"/g, (whole, name: string, value: string) => ` ${name}="${URL.parse(decodeEntities(value), pageUrl)?.href ?? value}"`);
}
