import type { Item } from './types.ts';

/**
 * How a list looks: `cards` (bordered, for needs and benefits), `features`
 * (icon rows, for solutions), `checks` (tick list), `steps` (numbered, an
 * <ol>), `tiles` (compact sector tiles), `chips` (title-only tags).
 */
export type ItemListVariant = 'cards' | 'features' | 'checks' | 'steps' | 'tiles' | 'chips';

interface ItemListProps {
  /** What the list holds (`needs`, `benefits` …): its data-count, which the page tests count. */
  name: string;
  items: Item[];
  variant: ItemListVariant;
}

/** A list section's items: each an <li>, with an h3 when the item has a text under its title. */
export function ItemList({ name, items, variant }: ItemListProps) {
  const List = variant === 'steps' ? 'ol' : 'ul';
  return (
    <List className={`items items--${variant}`} data-count={name} data-cols={columnsFor(items.length, MOST_COLUMNS[variant])}>
      {items.map((item) => (
        <li key={item.title} className="items__item">
          {item.text ? (
            <>
              <h3 className="items__title">{item.title}</h3>
              <p className="items__text">{item.text}</p>
            </>
          ) : (
            <span className="items__title">{item.title}</span>
          )}
        </li>
      ))}
    </List>
  );
}

/** A plain bullet list of sentences (key points of a card, bullets of a description). */
export function PointList({ name, points, className = 'points' }: { name: string; points: string[]; className?: string }) {
  return (
    <ul className={className} data-count={name}>
      {points.map((point) => <li key={point}>{point}</li>)}
    </ul>
  );
}

/**
 * The most columns a wide screen shows: a count that divides evenly, so that
 * five needs sit in one row and six benefits in two rows of three, rather
 * than leaving one card alone on the last row. Narrow screens show fewer.
 * A data attribute, not an inline style: the site's CSP forbids inline styles.
 */
export function columnsFor(count: number, most: number): number {
  if (count <= most) return Math.max(count, 2);
  for (let columns = most; columns >= 2; columns -= 1) {
    if (count % columns === 0) return columns;
  }
  return Math.min(most, 4);
}

/** Wider items (features with a number badge, tick rows) need fewer columns. */
const MOST_COLUMNS: Record<ItemListVariant, number> = { cards: 5, tiles: 5, features: 3, checks: 3, steps: 3, chips: 5 };
