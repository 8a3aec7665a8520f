/**
 * A page's social card (its Open Graph and Twitter image, 1200×630) as
 * data: the words and the layout it is drawn with, and its name, a hash of
 * everything drawn, so that a card is drawn once for as long as those stay
 * the same (./draw-card.ts draws it, ../cards.ts caches it) and its address
 * can be cached for good, under /assets/cards/.
 *
 * Made as each page renders, from the page alone: a template's `card`
 * export chooses the layout and may set the words; by default the card
 * shows the page's section (its first path segment), its title, the site's
 * name and its host. A page's own `image` wins: it gets no card.
 */
import { createHash } from 'node:crypto';
import type { CardLayout, CardStyle, PageCard } from '../api.ts';

export type { CardStyle };

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Everything a card's pixels depend on. */
export interface CardSpec {
  layout: CardLayout;
  eyebrow: string;
  title: string;
  site: string;
  host: string;
  style: CardStyle;
}

/** What a card reads of a page and of the site (PreviewPage and IntegrationSite have these). */
interface CardPage {
  route: string;
  title: string;
}

interface CardSite {
  name: string;
  url: string;
  lang: string;
  cards?: CardStyle;
  locales?: readonly string[];
}

/** Raised whenever the drawing changes, so that cached cards are drawn again. */
const DRAWING_VERSION = 1;

/** The card's file name under /assets/cards/, from everything drawn. */
export function cardNameOf(spec: CardSpec): string {
  return `${createHash('sha256').update(JSON.stringify([DRAWING_VERSION, spec])).digest('base64url').slice(0, 16)}.png`;
}

/**
 * The card of a page (one without its own image), or undefined: the site draws none, or its template says
 * `card = false`. `chosen` is what the template's `card` export gave for the page.
 */
export function cardSpecOf(page: CardPage, site: CardSite, chosen: PageCard | false | undefined): CardSpec | undefined {
  if (!site.cards || chosen === false) return undefined;
  return {
    layout: chosen?.layout ?? 'headline',
    eyebrow: chosen?.eyebrow ?? sectionOf(page.route, site),
    title: chosen?.title ?? titleWithoutSite(page.title, site.name),
    site: site.name,
    host: new URL(site.url).host,
    style: site.cards,
  };
}

/**
 * A title without the site's name where the editor wrote it in (`About Us | Kavach`, `Kavach: Home`): the card
 * draws the name on its own line, so it would read twice. A title that is only the name keeps it.
 */
function titleWithoutSite(title: string, name: string): string {
  const trimmed = title.trim();
  const before = trimmed.endsWith(name) ? trimmed.slice(0, -name.length).trimEnd() : '';
  if (SEPARATOR.test(before.slice(-1))) return before.slice(0, -1).trim() || title;
  const after = trimmed.startsWith(name) ? trimmed.slice(name.length).trimStart() : '';
  if (SEPARATOR.test(after.charAt(0))) return after.slice(1).trim() || title;
  return title;
}

const SEPARATOR = /^[|:·–—-]$/u;

/** A page's section, from its address: /news/hello → News; /de/produkte/x → Produkte; the home page and a top-level page have none. */
function sectionOf(route: string, site: CardSite): string {
  const parts = route.split('/').filter(Boolean);
  const locales = new Set(site.locales ?? []);
  if (parts.length > 0 && locales.has(parts[0])) parts.shift();
  if (parts.length < 2) return '';
  const words = decodeURIComponent(parts[0]).replace(/[-_]+/g, ' ');
  return words.charAt(0).toLocaleUpperCase(site.lang) + words.slice(1);
}
