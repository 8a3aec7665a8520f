/**
 * How the site's own URLs are written in its pages: under a base path
 * (`basePath: /docs`) and with or without a trailing slash
 * (`trailingSlash`). Content keeps writing `/about` and `/img/logo.svg`
 * (and link() and asset() keep checking them); every root-relative URL in a
 * rendered page is rewritten here, in one pass over the page's HTML, so that
 * templates and Markdown need no helper and an island's props carry the same
 * URLs as the HTML they hydrate. With the defaults the HTML is returned as it is.
 */
import { escapeHtml, unescapeHtml } from './escape.ts';

/** How a site writes its own URLs: the two keys of site.yaml this module reads (the site model's SiteInfo has them). */
export interface UrlPolicy {
  /** The path the site is served under (`/docs`), or '' at the root of its host. */
  basePath: string;
  /** `never`: /about is about.html; `always`: /about/ is about/index.html, and links say /about/. */
  trailingSlash: 'never' | 'always';
}

/** `/about` → `/docs/about`; anything not root-relative (`https:`, `//cdn`, `#top`, `mailto:`) is left alone. */
export function withBase(base: string, url: string): string {
  return base && isRootRelative(url) ? base + url : url;
}

/**
 * A link to a page: `/about` → `/docs/about/` with both options. A path whose
 * last segment has an extension is a file (`/img/logo.svg`) and keeps its
 * spelling; so do `/` and a path that already ends with a slash.
 */
export function pageLink(policy: UrlPolicy, url: string): string {
  if (!isRootRelative(url)) return url;
  const [, pathPart, rest] = /^([^?#]*)(.*)$/s.exec(url)!;
  const slashed = policy.trailingSlash === 'always' && !pathPart.endsWith('/') && !/\.[^/]*$/.test(pathPart) ? `${pathPart}/` : pathPart;
  return policy.basePath + slashed + rest;
}

const isRootRelative = (url: string) => /^\/(?!\/)/.test(url);

const LINK_ATTRIBUTE = /(\shref=")(\/(?!\/)[^"]*)"/g;
const URL_ATTRIBUTE = /(\s(?:src|poster|action|formaction)=")(\/(?!\/)[^"]*)"/g;
const SRCSET = /(\ssrcset=")([^"]*)"/g;
const ISLAND_PROPS = /(\sprops=")([^"]*)"/g;
// <meta http-equiv="refresh" content="0; url=/">: the one place a URL sits inside another attribute.
const REFRESH = /(\scontent="\d+;\s*url=)(\/(?!\/)[^"]*)"/gi;

export function applyUrlPolicy(html: string, policy: UrlPolicy): string {
  if (!policy.basePath && policy.trailingSlash === 'never') return html;
  const base = policy.basePath;
  return html
    .replace(LINK_ATTRIBUTE, (_, start: string, url: string) => `${start}${pageLink(policy, url)}"`)
    .replace(URL_ATTRIBUTE, (_, start: string, url: string) => `${start}${base}${url}"`)
    .replace(SRCSET, (_, start: string, value: string) => `${start}${value.split(',').map((candidate) => {
      const trimmed = candidate.trimStart();
      return candidate.slice(0, candidate.length - trimmed.length) + withBase(base, trimmed);
    }).join(',')}"`)
    .replace(ISLAND_PROPS, (_, start: string, json: string) => `${start}${escapeHtml(JSON.stringify(rewriteStrings(JSON.parse(unescapeHtml(json)), policy)))}"`)
    .replace(REFRESH, (_, start: string, url: string) => `${start}${pageLink(policy, url)}"`);
}

/** Island props: every root-relative string is rewritten as a link is, as the HTML rendered from them was. */
function rewriteStrings(value: unknown, policy: UrlPolicy): unknown {
  if (typeof value === 'string') return pageLink(policy, value);
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, policy));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewriteStrings(item, policy)]));
  return value;
}

/** A relative address (`./pic.png`, `../about`) resolved as a browser resolves it from the path `from`: root-relative, with its query and fragment. */
export function resolvedFrom(from: string, relative: string): string {
  const url = new URL(relative, `http://site.invalid${from}`);
  return url.pathname + url.search + url.hash;
}

