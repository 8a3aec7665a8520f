/**
 * A page's content as a feed reader shows it: the `<main>` of the page as
 * built, without what only makes sense on the site (its title, which the
 * item carries; navigation such as a table of contents; forms, buttons and
 * scripts), sanitised, with every address made absolute against the page's
 * own URL, since a reader shows it away from the site.
 *
 * It reads the page as built rather than its Markdown, so a page made from
 * YAML fields, or with components in its body, reads as a visitor sees it.
 */
import { POLICY, sanitizer } from '../markdown/markdown.ts';

/** Elements dropped with everything inside them: they belong to the site, not to the entry. */
const DROPPED = new Set(['h1', 'nav', 'button', 'form', 'dialog', 'template', 'noscript', 'select', 'svg']);

const CONTENT_TAGS = [
  ...(POLICY.allowedTags as string[]).filter((tag) => tag !== 'sitegen-md' && tag !== 'sitegen-end' && tag !== 'input'),
  'time', 'article', ...DROPPED,
];


/** The entry's content from its built page's HTML, or undefined when the page has no `<main>`. */
export function entryContentOf(html: string, pageUrl: string): string | undefined {
  // React writes one <main> per page (the layout's landmark), and a main cannot hold another.
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1];
  if (main === undefined) return undefined;
  const absolute = (value: string) => URL.parse(value, pageUrl)?.href ?? value;
  const srcset = (value: string) => value.split(',').map((candidate) => {
    const [url, ...descriptor] = candidate.trim().split(/\s+/);
    return [absolute(url), ...descriptor].join(' ');
  }).join(', ');
  return sanitizer()(main, {
    allowedTags: CONTENT_TAGS,
    allowedAttributes: {
      '*': ['id', 'lang', 'title'],
      a: ['href'],
      img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height'],
      time: ['datetime'],
      code: ['class'],
      ol: ['start'],
      th: ['align'],
      td: ['align'],
    },
    allowedClasses: { code: [/^language-[\w-]+$/] },
    allowedSchemes: POLICY.allowedSchemes,
    allowedSchemesByTag: POLICY.allowedSchemesByTag,
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => DROPPED.has(frame.tag),
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: attribs.href === undefined ? attribs : { ...attribs, href: absolute(attribs.href) } }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, ...(attribs.src ? { src: absolute(attribs.src) } : {}), ...(attribs.srcset ? { srcset: srcset(attribs.srcset) } : {}) },
      }),
    },
  }).trim();
}
