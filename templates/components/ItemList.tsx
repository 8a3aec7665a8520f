import type { Item } from './types.ts';
import { gridAttributes } from './grid.ts';

/**
 * How a list looks: `cards` (bordered, for needs and benefits), `features`
 * (icon rows, for solutions), `checks` (tick list), `steps` (numbered, an
 * <ol>), `tiles` (compact sector tiles), `chips` (title-only labels).
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
    // Chips flow as a line of tags; every other kind is a balanced grid.
    <List className={`items items--${variant}${variant === 'chips' ? '' : ' grid'}`} data-count={name}
      {...(variant === 'chips' ? undefined : gridAttributes(items.length, MOST_COLUMNS[variant]))}>
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

/** The most columns each kind of list shows on wide and medium screens: wider items (numbered features, tick rows) need fewer. */
const MOST_COLUMNS: Record<Exclude<ItemListVariant, 'chips'>, { wide: number; medium: number }> = {
  cards: { wide: 5, medium: 3 },
  tiles: { wide: 5, medium: 3 },
  features: { wide: 3, medium: 2 },
  checks: { wide: 3, medium: 2 },
  steps: { wide: 3, medium: 2 },
};
