/**
 * The code themes sitegen ships (site.yaml `code.theme`), each a stylesheet
 * in ./themes/ with a light and a dark scheme, which the build puts before
 * the site's own stylesheets. `none` leaves Prism's token classes to the site.
 */
import path from 'node:path';
import { SITEGEN_DIR } from '../paths.ts';

export const CODE_THEMES = ['github'] as const;
export const CODE_THEMES_DIR = path.join(SITEGEN_DIR, 'src', 'markdown', 'themes');

/** The code theme site.yaml names, read before it is validated (the validate stage reports a wrong one). */
export function codeThemeOf(siteData: unknown): string | undefined {
  const theme = (siteData as { code?: { theme?: unknown } } | null)?.code?.theme;
  return (CODE_THEMES as readonly unknown[]).includes(theme) ? theme as string : undefined;
}
