/**
 * The document shell and the page render. This module runs inside the
 * template bundle (see templates.ts) so that the shell, the layout, the pages
 * and react-dom/server share one React.
 */
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Island, IslandContext, type IslandRegistry } from './island-wrapper.tsx';
import type { HeadElement, MarkdownBlock, PageAssets, PageInfo, RenderInput, RenderedPage, SiteInfo } from '../model.ts';
import { inlineText } from '../integrations/api.ts';
import { PLACEHOLDER, bodyEndOf } from '../markdown/markdown-components.ts';
import { escapeHtml } from '../escape.ts';
import { hreflangsOf } from '../i18n.ts';
import { applyUrlPolicy, pageLink, withBase } from '../base-path.ts';
import { CONFIG_ELEMENT_ID, type RuntimeConfig } from '../client/config.ts';


export function renderPage(input: RenderInput): RenderedPage {
  const { layout: { default: Layout }, template, data, page, site, assets, collection, components } = input;
  const Page = template.default;
  const chunks = Object.fromEntries(Object.entries(assets.islands).map(([name, chunk]) => [name, chunk.src]));
  const registry: IslandRegistry = { chunks, used: new Set(), onLoad: new Set() };
  // The body first: the head preloads only the islands the body used.
  // Each component block's HTML, by index, as the page's Markdown reads them.
  const blocks: string[] = [];
  const body = withComponents(renderToString(
    <IslandContext.Provider value={registry}>
      <Layout page={page} site={site}>
        <Page data={data} page={page} site={site} collection={collection} />
      </Layout>
    </IslandContext.Provider>,
  ), components, registry, page.locale ?? site.lang, blocks);
  const islands = [...registry.used].sort();
  const preload = [...registry.onLoad].sort();
  const jsonLd = template.jsonLd?.({ data, page, site, collection });
  const extra = template.head?.({ data, page, site, collection });
  // What integrations add: a collection's (its feeds' links) beside the template's own, the rest at the end of the head.
  const listed = (input.listHead ?? []).map(headElement).join('');
  const head = renderHead({
    page: listPageInfo(page, collection), site, assets, preload, hydrates: islands.length > 0, jsonLd,
    extra: (extra ? renderToStaticMarkup(<>{extra}</>) : '') + listed, added: (input.head ?? []).map(headElement).join(''),
  });
  // Only `sitegen dev` renders drafts; the note says why the page will be missing from the built site.
  const draftNote = page.scheduled
    ? `<p role="note" data-sitegen-draft="">Scheduled for ${escapeHtml(page.scheduled)}: <code>sitegen build</code> leaves this page out until then.</p>`
    : page.draft ? '<p role="note" data-sitegen-draft="">Draft: <code>sitegen build</code> leaves this page out.</p>' : '';
  const html = `<!DOCTYPE html><html lang="${escapeHtml(page.locale ?? site.lang)}">${head}<body>${draftNote}${body}</body></html>`;
  return { html: applyUrlPolicy(html, site), islands, ...(blocks.length > 0 ? { blocks } : {}) };
}

/**
 * The page's HTML with each component block of its Markdown body in its
 * placeholder's place, rendered with the page's island registry (so an
 * island in a block is hydrated and preloaded like any other). A
 * placeholder no block made (raw HTML in the body) becomes nothing.
 */
function withComponents(html: string, components: RenderInput['components'], registry: IslandRegistry, lang: string, blocks: string[]): string {
  if (!html.includes('<sitegen-md ')) return html;
  const placeholder = new RegExp(PLACEHOLDER.source, 'g');
  let out = '';
  let last = 0;
  for (let found = placeholder.exec(html); found; found = placeholder.exec(html)) {
    const block = components?.blocks[Number(found[1])];
    let end = found.index + found[0].length;
    // A block with a Markdown body: its rendered body runs to its end marker, blocks nested in it included.
    let body = '';
    if (block?.body) {
      const marker = bodyEndOf(found[1]);
      const at = html.indexOf(marker, end);
      if (at !== -1) {
        body = withComponents(html.slice(end, at).replace(/^\n/, ''), components, registry, lang, blocks);
        end = at + marker.length;
      }
    }
    const rendered = renderBlock(block, components, registry, lang, body);
    if (block && !block.implicit) blocks[Number(found[1])] = rendered;
    out += html.slice(last, found.index) + rendered;
    last = end;
    placeholder.lastIndex = end;
  }
  return out + html.slice(last);
}

/** One block's component, its body (HTML already, nested blocks filled) as its children. */
function renderBlock(block: MarkdownBlock | undefined, components: RenderInput['components'], registry: IslandRegistry, lang: string, body: string): string {
  const entry = block && components?.allowed[block.name];
  if (!entry) return '';
  // Every block speaks the page's language unless its props say otherwise (an editor writes none for a code block).
  const props = 'lang' in block.props ? block.props : { ...block.props, lang };
  const element = entry.island === undefined
    ? (block.body ? <entry.component {...props}><Children /></entry.component> : <entry.component {...props} />)
    : <Island name={entry.island} component={entry.component} props={props} hydrate={block.hydrate} />;
  const html = renderToString(<IslandContext.Provider value={registry}>{element}</IslandContext.Provider>);
  // A component that renders no children drops its body, as a React component would.
  return block.body ? html.replace(CHILDREN, () => body) : html;
}

/** Where a component put its children, in its HTML: an element of its own, which the block's body replaces. */
const Children = 'sitegen-children' as unknown as 'div';
const CHILDREN = '<sitegen-children></sitegen-children>';

/** List pages after the first get their number in the head's titles, so that search results tell them apart. */
function listPageInfo(page: PageInfo, collection: RenderInput['collection']): PageInfo {
  return collection && collection.page > 1 ? { ...page, title: `${page.title}, page ${collection.page}` } : page;
}

interface HeadInput {
  page: PageInfo;
  site: SiteInfo;
  assets: PageAssets;
  /** The islands hydrated on load, whose chunks the head preloads. */
  preload: string[];
  /** Whether the page has islands: it then loads the runtime with their machinery. */
  hydrates: boolean;
  jsonLd?: object;
  /** The template's own head elements (TemplateModule.head), and a collection's integrations' (its feeds' links), as HTML. */
  extra: string;
  /** What integrations add to every page's head, as HTML. */
  added?: string;
}

/**
 * The head, written as a string: it is the same two dozen elements on every
 * page, and React's renderer cost as much for them as for a whole page body.
 * Every value is escaped here. The import map comes right after the charset,
 * before any module script or preload: its integrity entries must be in
 * place before the first module fetch.
 */
function renderHead({ page, site, assets, preload, hydrates, jsonLd, extra, added = '' }: HeadInput): string {
  const canonical = absolute(site.url, pageLink(site, page.canonical));
  // The page's own picture, else the one an integration gave it (its social card), else the site's.
  const image = absolute(site.url, withBase(site.basePath, page.image ?? page.card ?? site.image ?? site.favicon));
  const card = page.image === undefined && page.card !== undefined ? page.cardFacts ?? {} : undefined;
  // Editors often write the site name into a title themselves; it is not added a second time.
  const named = page.route === '/' || page.title.includes(site.name) ? page.title : `${page.title} | ${site.name}`;
  const title = page.scheduled ? `[Scheduled] ${named}` : page.draft ? `[Draft] ${named}` : named;
  const config: RuntimeConfig | undefined = assets.client && { client: assets.client.settings };
  // One file either way: the runtime with the islands' machinery only where there are islands.
  const runtime = hydrates && assets.runtimeIslands ? assets.runtimeIslands : assets.runtime;
  const parts = [
    '<meta charset="utf-8"/>',
    // Its JSON holds URLs and base64 hashes only, so it cannot close its element.
    assets.importMap ? `<script type="importmap">${assets.importMap}</script>` : '',
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
    extra,
    `<title>${escapeHtml(title)}</title>`,
    element('meta', { name: 'description', content: page.description }),
    element('link', { rel: 'canonical', href: canonical }),
    ...alternateLinks(page, site),
    page.noindex || page.draft ? '<meta name="robots" content="noindex"/>' : '',
    site.themeColor ? element('meta', { name: 'theme-color', content: site.themeColor }) : '',
    '<meta property="og:type" content="website"/>',
    element('meta', { property: 'og:site_name', content: site.name }),
    element('meta', { property: 'og:title', content: page.title }),
    element('meta', { property: 'og:description', content: page.description }),
    element('meta', { property: 'og:url', content: canonical }),
    element('meta', { property: 'og:image', content: image }),
    ...(card ? [
      card.width ? element('meta', { property: 'og:image:width', content: String(card.width) }) : '',
      card.height ? element('meta', { property: 'og:image:height', content: String(card.height) }) : '',
      element('meta', { property: 'og:image:alt', content: card.alt ?? page.title }),
    ] : []),
    '<meta name="twitter:card" content="summary_large_image"/>',
    element('meta', { name: 'twitter:title', content: page.title }),
    element('meta', { name: 'twitter:description', content: page.description }),
    element('meta', { name: 'twitter:image', content: image }),
    element('link', { rel: 'icon', href: site.favicon, type: site.favicon.endsWith('.svg') ? 'image/svg+xml' : undefined }),
    ...assets.inlineHead.map((code) => `<script>${code}</script>`),
    // Fonts are fetched in CORS mode, so a preload that is to be used needs crossorigin too.
    ...(assets.fonts ?? []).map((href) => element('link', { rel: 'preload', as: 'font', type: 'font/woff2', href, crossorigin: true })),
    element('link', { rel: 'stylesheet', href: assets.css.href, integrity: assets.css.integrity }),
    // The settings the runtime reads (src/client/config.ts): data, not code, so the CSP needs no hash for them.
    config ? `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${safeJson(config)}</script>` : '',
    `${element('script', { type: 'module', src: runtime.src, integrity: runtime.integrity }, false)}</script>`,
    // The browser code the islands wait for (the gate's) is fetched beside the runtime, not one request after it.
    ...(assets.client?.preload ?? []).map(({ src, integrity }) => element('link', { rel: 'modulepreload', href: src, integrity })),
    ...preload.map((name) => element('link', { rel: 'modulepreload', href: assets.islands[name].src, integrity: assets.islands[name].integrity })),
    ...assets.devScripts.map((src) => `${element('script', { type: 'module', src }, false)}</script>`),
    jsonLd ? `<script type="application/ld+json">${safeJson(jsonLd)}</script>` : '',
    added,
  ];
  return `<head>${parts.join('')}</head>`;
}

/**
 * hreflang alternates (Google's rules): every translated version of the
 * page, itself included, and x-default for the default language's. Only on
 * the page a translation names: a list's later pages (/news/2) have none.
 */
function alternateLinks(page: PageInfo, site: SiteInfo): string[] {
  if (!page.translations?.some((translation) => translation.current && translation.route === page.route)) return [];
  return hreflangsOf(site, page.translations)
    .map(({ hreflang, route }) => element('link', { rel: 'alternate', hreflang, href: absolute(site.url, pageLink(site, route)) }));
}

/** `<name a="…" b="…"/>` with every value escaped; undefined values are left out, and `true` writes the bare name. */
/**
 * An integration's head element: attributes escaped; a script's or style's
 * text as given (hashed into the CSP by the build), except that it cannot
 * close its own element.
 */
function headElement({ tag, attributes = {}, content }: HeadElement): string {
  if (tag === 'meta' || tag === 'link') return element(tag, attributes);
  return `${element(tag, attributes, false)}${inlineText(tag, content ?? '')}</${tag}>`;
}

function element(name: string, attributes: Record<string, string | true | undefined>, selfClosing = true): string {
  let html = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) {
    if (value === true) html += ` ${key}`;
    else if (value !== undefined) html += ` ${key}="${escapeHtml(value)}"`;
  }
  return html + (selfClosing ? '/>' : '>');
}

function absolute(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl).href;
}

/** JSON that cannot close its script element. */
function safeJson(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
