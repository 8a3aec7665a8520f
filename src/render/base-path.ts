/**
 * A site served under a path (`basePath: /docs`): every root-relative URL in
 * a rendered page gets the prefix here, in one pass over the page's HTML, so
 * that content keeps writing `/about` and `/img/logo.svg` (and link() and
 * asset() keep checking them), templates and Markdown need no helper, and
 * an island's props carry the same URLs as the HTML it hydrates. With no
 * basePath the HTML is returned as it is.
 */
import { escapeHtml } from '../escape-html.ts';

/** `/about` → `/docs/about`; anything not root-relative (`https:`, `//cdn`, `#top`, `mailto:`) is left alone. */
export function withBase(base: string, url: string): string {
  return base && /^\/(?!\/)/.test(url) ? base + url : url;
}

const URL_ATTRIBUTE = /(\s(?:href|src|poster|action|formaction)=")(\/(?!\/)[^"]*)"/g;
const SRCSET = /(\ssrcset=")([^"]*)"/g;
const ISLAND_PROPS = /(\sprops=")([^"]*)"/g;
// <meta http-equiv="refresh" content="0; url=/">: the one place a URL sits inside another attribute.
const REFRESH = /(\scontent="\d+;\s*url=)(\/(?!\/))/gi;

export function applyBasePath(html: string, base: string): string {
  if (!base) return html;
  return html
    .replace(URL_ATTRIBUTE, (_, start: string, url: string) => `${start}${base}${url}"`)
    .replace(SRCSET, (_, start: string, value: string) => `${start}${value.split(',').map((candidate) => {
      const trimmed = candidate.trimStart();
      return candidate.slice(0, candidate.length - trimmed.length) + withBase(base, trimmed);
    }).join(',')}"`)
    .replace(ISLAND_PROPS, (_, start: string, json: string) => `${start}${escapeHtml(JSON.stringify(prefixStrings(JSON.parse(unescapeHtml(json)), base)))}"`)
    .replace(REFRESH, (_, start: string, slash: string) => `${start}${base}${slash}`);
}

/** Island props: every string that is a root-relative URL gets the prefix, as the HTML rendered from them did. */
function prefixStrings(value: unknown, base: string): unknown {
  if (typeof value === 'string') return withBase(base, value);
  if (Array.isArray(value)) return value.map((item) => prefixStrings(item, base));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, prefixStrings(item, base)]));
  return value;
}

function unescapeHtml(text: string): string {
  return text.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (_, name: string) => UNESCAPES[name]);
}

const UNESCAPES: Record<string, string> = { quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>', amp: '&' };
