/**
 * What templates import as `sitegen`: the schema helpers for their content
 * type, the Island wrapper, and the shapes of the data they receive. The
 * build bundles this module into the template bundle; the validate stage
 * runs each parse inside `withValidationScope` with the scope as data.
 */
import { z } from 'zod';

export { z };
export { Island } from '../render/island-wrapper.tsx';
export { link, webAddress, endpoint, asset, image, localFile, type LocalFileOptions, type ImageValue } from './schemas.ts';
export { withValidationScope, type ValidationScope, type ValidationNotes } from './scope.ts';
export { slugOf as tagSlug } from '../render/taxonomy.ts';
export { localeRoute, localeOf } from '../i18n.ts';
export type { PageInfo, SiteInfo, PageProps, LayoutProps, TemplateModule, LayoutModule,
  CollectionQuery, CollectionItem, CollectionPage, ListImage, TaxonomyTerm, MarkdownComponents, MarkdownComponent, Translation, PageHeading, PageSidebar } from '../model.ts';
export type { PageCard, CardLayout } from '../integrations/api.ts';
