/**
 * The document shell and the page render. This module runs inside the
 * template bundle (see templates.ts) so that the shell, the layout, the pages
 * and react-dom/server share one React.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandContext, type IslandRegistry } from './island.tsx';
import type { LayoutModule, PageInfo, SiteInfo, TemplateModule } from './model.ts';
import { CONFIG_ELEMENT_ID, type RuntimeConfig } from './client/config.ts';

/** The hashed files a page links to, with their integrity hashes. */
export interface PageAssets {
  css: { href: string; integrity: string };
  runtime: { src: string; integrity: string };
  /** Island name → chunk URL and integrity. */
  islands: Readonly<Record<string, { src: string; integrity: string }>>;
  /** Inline scripts in the head, already hashed into the CSP by the build. */
  inlineHead: readonly string[];
  /** The import map's JSON (integrity of every bundle script), hashed into the CSP by the build. */
  importMap?: string;
  /** Extra scripts (the live-reload client in `sitegen dev`). */
  devScripts: readonly string[];
}

export interface RenderInput {
  layout: LayoutModule;
  template: TemplateModule;
  data: Record<string, unknown>;
  page: PageInfo;
  site: SiteInfo;
  assets: PageAssets;
}

export interface RenderedPage {
  html: string;
  islands: string[];
}

export function renderPage({ layout: { default: Layout }, template, data, page, site, assets }: RenderInput): RenderedPage {
  const Page = template.default;
  const chunks = Object.fromEntries(Object.entries(assets.islands).map(([name, chunk]) => [name, chunk.src]));
  const registry: IslandRegistry = { chunks, used: new Set() };
  // The body first: the head preloads only the islands the body used.
  const body = renderToString(
    <IslandContext.Provider value={registry}>
      <Layout page={page} site={site}>
        <Page data={data} page={page} site={site} />
      </Layout>
    </IslandContext.Provider>,
  );
  const islands = [...registry.used].sort();
  const jsonLd = template.jsonLd?.({ data, page, site });
  const extraHead = template.head?.({ data, page, site });
  const html = '<!DOCTYPE html>' + renderToString(
    <html lang={site.lang}>
      <Head page={page} site={site} assets={assets} islands={islands} jsonLd={jsonLd} extra={extraHead} />
      <body dangerouslySetInnerHTML={{ __html: body }} />
    </html>,
  );
  return { html: withImportMap(html, assets.importMap), islands };
}

/**
 * Puts the import map right after the charset, ahead of the modulepreload
 * links that React hoists above every script of the head: its integrity
 * entries must be in place before the first module fetch, or the chunks a
 * preload pulls in (React) would load unchecked. Its JSON has no `<` (URLs
 * and base64 hashes), so it cannot close its element.
 */
function withImportMap(html: string, importMap: string | undefined): string {
  if (!importMap) return html;
  const charset = html.indexOf('<meta charSet');
  const at = html.indexOf('>', charset) + 1;
  if (charset < 0 || at === 0) throw new Error('document: no <meta charset> to put the import map after');
  return html.slice(0, at) + `<script type="importmap">${importMap}</script>` + html.slice(at);
}

interface HeadProps {
  page: PageInfo;
  site: SiteInfo;
  assets: PageAssets;
  islands: string[];
  jsonLd?: object;
  /** The template's own head elements (TemplateModule.head). */
  extra?: ReactNode;
}

function Head({ page, site, assets, islands, jsonLd, extra }: HeadProps) {
  const canonical = absolute(site.url, page.canonical);
  const image = absolute(site.url, page.image ?? site.image ?? site.favicon);
  // Editors often write the site name into a title themselves; it is not added a second time.
  const title = page.route === '/' || page.title.includes(site.name) ? page.title : `${page.title} | ${site.name}`;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {extra}
      <title>{title}</title>
      <meta name="description" content={page.description} />
      <link rel="canonical" href={canonical} />
      {page.noindex ? <meta name="robots" content="noindex" /> : null}
      {site.themeColor ? <meta name="theme-color" content={site.themeColor} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={page.title} />
      <meta property="og:description" content={page.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={page.title} />
      <meta name="twitter:description" content={page.description} />
      <meta name="twitter:image" content={image} />
      <link rel="icon" href={site.favicon} type={site.favicon.endsWith('.svg') ? 'image/svg+xml' : undefined} />
      {assets.inlineHead.map((code, index) => <script key={index} dangerouslySetInnerHTML={{ __html: code }} />)}
      <link rel="stylesheet" href={assets.css.href} integrity={assets.css.integrity} />
      <RuntimeConfigElement site={site} />
      {site.gate ? <link rel="preload" as="script" href={site.gate.script} /> : null}
      <script type="module" src={assets.runtime.src} integrity={assets.runtime.integrity} />
      {islands.map((name) => (
        <link key={name} rel="modulepreload" href={assets.islands[name].src} integrity={assets.islands[name].integrity} />
      ))}
      {assets.devScripts.map((src) => <script key={src} type="module" src={src} />)}
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(jsonLd) }} /> : null}
    </head>
  );
}

/** The settings the runtime reads (src/client/config.ts): data, not code, so the CSP needs no hash for them. */
function RuntimeConfigElement({ site }: { site: SiteInfo }) {
  const config: RuntimeConfig = { gate: site.gate, vitalsUrl: site.analytics?.vitalsUrl };
  if (!config.gate && !config.vitalsUrl) return null;
  return <script type="application/json" id={CONFIG_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: safeJson(config) }} />;
}

function absolute(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl).href;
}

/** JSON that cannot close its script element. */
function safeJson(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
