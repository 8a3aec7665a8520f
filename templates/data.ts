/**
 * The schemas of this site's data files: content/data/NAME.yaml is checked
 * against `data.NAME`, and every template reads it as `site.data.NAME`.
 * Data that more than one page could show, or that an editor keeps as a
 * list of its own, lives there rather than in a page.
 */
import { z, image } from 'sitegen';

export const data = {
  /** The Trusted-by logos of the home page's carousel. */
  logos: z.array(image()).length(14, 'the carousel shows exactly 14 logos'),
};

/** What a template gets for data file NAME: `site.data.logos as SiteData['logos']`. */
export type SiteData = { [Name in keyof typeof data]: z.output<(typeof data)[Name]> };
