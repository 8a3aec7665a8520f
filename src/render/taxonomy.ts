/**
 * Taxonomies, as Hugo has them: a page whose template's collection says
 * `taxonomy: 'tags'` becomes the index of every tag the pages use, and each
 * tag gets its own list pages under that page's route (/tags/fraud,
 * /tags/fraud/2, …). A tag's address is its slug; two spellings of one slug
 * ("Fraud" and "fraud") would be one page under two names, so they are an
 * error, with the spelling most pages use as the did-you-mean. With
 * `feed`, each tag has its own feeds (/tags/fraud/feed.atom …), as Hugo's
 * term pages do: a reader can follow one subject.
 */
import { SiteError } from '../errors.ts';
import type { CollectionItem, CollectionPage, TaxonomyTerm } from '../model.ts';
import { paginate } from './collections.ts';

/** A tag's address: lower case, runs of anything but letters and digits as one hyphen. */
export function slugOf(tag: string): string {
  return tag.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'tag';
}

/** The index (at the page's own route) and every term's list pages, from the items the query selected. */
export function taxonomyPages(
  items: readonly CollectionItem[], ownRoute: string, perPage: number | undefined,
  feedsOf?: (term: TaxonomyTerm, items: CollectionItem[]) => CollectionPage['feeds'],
): { route: string; page: CollectionPage }[] {
  const bySlug = new Map<string, { spellings: Map<string, CollectionItem[]>; items: CollectionItem[] }>();
  for (const item of items) {
    for (const tag of new Set(item.tags)) {
      const group = bySlug.get(slugOf(tag)) ?? { spellings: new Map<string, CollectionItem[]>(), items: [] as CollectionItem[] };
      group.spellings.set(tag, [...group.spellings.get(tag) ?? [], item]);
      group.items.push(item);
      bySlug.set(slugOf(tag), group);
    }
  }
  const errors: SiteError[] = [];
  const base = ownRoute === '/' ? '' : ownRoute;
  const terms: (TaxonomyTerm & { items: CollectionItem[] })[] = [];
  for (const [slug, group] of bySlug) {
    // The spelling most pages use is the name; ties go to the first in sort order, so the name never depends on file order.
    const spellings = [...group.spellings].sort(([a, left], [b, right]) => right.length - left.length || a.localeCompare(b));
    const [name] = spellings[0];
    for (const [other, using] of spellings.slice(1)) {
      errors.push(new SiteError('content', `the tag "${other}" is "${name}" written another way: did you mean "${name}"?`, {
        location: { file: using[0].file }, field: 'tags',
        hint: `both would be the tag page ${base}/${slug}; write it as the other pages do${using.length > 1 ? ` (${using.length} pages write "${other}")` : ''}`,
      }));
    }
    terms.push({ name, slug, route: `${base}/${slug}`, count: group.items.length, items: group.items });
  }
  if (errors.length > 0) throw errors[0];
  terms.sort((a, b) => a.name.localeCompare(b.name));
  const listed = terms.map(({ items: _items, ...term }) => term);
  const index = { route: ownRoute, page: { items: [], page: 1, pages: 1, total: listed.length, terms: listed, index: ownRoute } };
  const pages = terms.flatMap((term) => {
    const entry = listed.find((listedTerm) => listedTerm.slug === term.slug)!;
    return paginate(term.items, term.route, perPage, feedsOf?.(entry, term.items)).map((list) => ({
      route: list.route, page: { ...list.page, term: entry, terms: listed, index: ownRoute },
    }));
  });
  return [index, ...pages];
}

/**
 * A term's list page's own title and description, in the index page's
 * language: the term's name before the index's title (`Photos · Tags`,
 * `Fotos · Schlagwörter`), with the page's number past the first; and the
 * titles of its first pages as the description. Search results and tabs
 * then tell one tag page from another, where the index's own words were on
 * every one of them.
 */
export function termPageInfo(index: { title: string }, list: CollectionPage): { title: string; description: string } | undefined {
  if (!list.term) return undefined;
  const title = `${list.term.name} · ${index.title}${list.page > 1 ? ` (${list.page}/${list.pages})` : ''}`;
  const shown = list.items.slice(0, 3).map((item) => item.title);
  const description = `${list.term.name}: ${shown.join(', ')}${list.items.length > shown.length || list.pages > 1 ? ', …' : ''}`;
  return { title, description };
}
