/**
 * A starter's look from a few tokens in content/site.yaml (`theme`), checked
 * like every other key: its accent colours, each readable on the page it is
 * drawn on, and its logo. The starter's page script (sitegen.config.ts) puts
 * them on every page as custom properties in a <style> of the head, which the
 * build hashes into the Content-Security-Policy; the stylesheet reads them
 * with its own colours as the fallback. No CSS to edit for a new accent.
 *
 * And the visitor's choice of light or dark (../components/ThemePick.tsx):
 * the two pieces of the page script that keep it, below.
 */
import { z, image } from 'sitegen';

/** The page colours a starter's accent is drawn on: what each token must stay readable against. */
export interface ThemeBackdrops {
  light: string;
  dark: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** WCAG 2's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** A colour for links and marks: #rrggbb, at least 4.5:1 on `backdrop` (WCAG AA for text). */
function accent(backdrop: string, where: string) {
  return z.string().regex(HEX, 'expected a colour as #rrggbb, such as #0a58ca').superRefine((colour, ctx) => {
    const ratio = contrast(colour, backdrop);
    if (HEX.test(colour) && ratio < 4.5) {
      ctx.addIssue({ code: 'custom', message: `${colour} has ${ratio.toFixed(2)}:1 against the ${where} page's ${backdrop}: links in it would be hard to read; pick a colour of 4.5:1 or more` });
    }
  });
}

/** The `theme` key of the layout's schema. */
export function themeSchema(backdrops: ThemeBackdrops) {
  return z.strictObject({
    accent: accent(backdrops.light, 'light').optional().describe('links, buttons and the current page\'s mark on the light page, as #rrggbb'),
    accentDark: accent(backdrops.dark, 'dark').optional().describe('the same on the dark page'),
    logo: image().optional().describe('a picture before the site\'s name in the header (its alt text is read before the name)'),
  }).optional().describe('the look: accent colours, each checked against its page, and a logo; the stylesheet\'s own colours stand for any left out');
}

export type Theme = z.infer<ReturnType<typeof themeSchema>>;

/**
 * The custom properties a theme sets, as a stylesheet: the light accent on :root, the dark one wherever the
 * stylesheet turns dark (the system's dark, unless the visitor chose light; or the visitor's choice of dark).
 * Undefined when the theme sets no colour. `property` is the stylesheet's name for the accent.
 */
export function themeStyle(theme: Theme | undefined, property: string): string | undefined {
  const rules: string[] = [];
  // Only #rrggbb reaches here (the schema): nothing in the values can close the rule or the element.
  if (theme?.accent && HEX.test(theme.accent)) rules.push(`:root{${property}:${theme.accent}}`);
  if (theme?.accentDark && HEX.test(theme.accentDark)) {
    rules.push(`@media (prefers-color-scheme:dark){:root:not([data-theme='light']){${property}:${theme.accentDark}}}`, `:root[data-theme='dark']{${property}:${theme.accentDark}}`);
  }
  return rules.length > 0 ? rules.join('') : undefined;
}

/**
 * The page script's first piece, run in the head before the first paint (`root` is <html>): the theme the visitor
 * chose, kept in localStorage, on <html> as data-theme; without a choice, CSS follows the system's.
 */
export const THEME_AT_ONCE = `var root = document.documentElement;
  try { var chosen = localStorage.getItem('theme'); if (chosen === 'dark' || chosen === 'light') root.dataset.theme = chosen; } catch (e) {}`;

/** Its second, once the page is parsed: the theme menu shown (it works only with scripts) and its choice kept, or forgotten for System. */
export const THEME_MENU = `var pick = document.querySelector('[data-theme-pick]');
    if (pick) {
      var select = pick.querySelector('select');
      pick.hidden = false;
      select.value = root.dataset.theme || 'auto';
      select.addEventListener('change', function () {
        try {
          if (select.value === 'auto') { delete root.dataset.theme; localStorage.removeItem('theme'); }
          else { root.dataset.theme = select.value; localStorage.setItem('theme', select.value); }
        } catch (e) {}
      });
    }`;

/** A page script as one line, without the spaces around punctuation (its strings are selectors, where those spaces mean nothing). */
export function compact(script: string): string {
  return script.replace(/\n\s*/g, '').replace(/ *([=(){};,:?|&<>+!-]+) */g, '$1');
}
