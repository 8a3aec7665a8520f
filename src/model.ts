import type { ReactNode, ComponentType } from 'react';
import type { ZodType } from 'zod';

/** The part of site.yaml that sitegen itself reads; the rest belongs to the layout. */
export interface SiteInfo {
  name: string;
  url: string;
  lang: string;
  description: string;
  image?: string;
  favicon: string;
  themeColor?: string;
  api: {
    contactUrl: string;
    loginUrl: string;
    /** Path of the login public key's PEM, relative to the root. */
    publicKey?: string;
    /** That key as JWK `n` and `e`, read by the build (src/login-key.ts) for the login island. */
    loginKey?: { n: string; e: string };
  };
  gate?: { script: string; tenantId: string; function: string; mode: 'page' | 'islands' };
  analytics?: { vitalsUrl?: string };
  /** The layout's own keys (banner, navbar, footer …), validated by its schema. */
  layout: Record<string, unknown>;
  /** The year of the build, for copyright lines. */
  year: number;
}

/** What sitegen knows of a page besides its template's data. */
export interface PageInfo {
  route: string;
  file: string;
  template: string;
  title: string;
  description: string;
  canonical: string;
  image?: string;
  sitemap: boolean;
  noindex: boolean;
}

export interface PageProps<Data = Record<string, unknown>> {
  data: Data;
  page: PageInfo;
  site: SiteInfo;
}

export interface LayoutProps {
  page: PageInfo;
  site: SiteInfo;
  children: ReactNode;
}

/** A page template: templates/pages/NAME.tsx. */
export interface TemplateModule {
  schema: ZodType;
  default: ComponentType<PageProps<any>>;
  /** Structured data (JSON-LD) for the page's head. */
  jsonLd?: (props: PageProps<any>) => object | undefined;
  /**
   * Extra elements for the page's head, rendered after the shell's own
   * (the /license page's meta refresh, which must be in the head to work
   * without JavaScript). Keep it to meta and link elements.
   */
  head?: (props: PageProps<any>) => ReactNode;
}

/** The frame around every page: templates/layout.tsx. */
export interface LayoutModule {
  schema: ZodType;
  default: ComponentType<LayoutProps>;
}
