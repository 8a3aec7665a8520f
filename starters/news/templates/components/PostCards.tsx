import type { CollectionItem } from 'sitegen';
import { Picture } from './Picture.tsx';

/**
 * Posts as cards in a grid, newest first: each its title (the card's link,
 * the whole card its hit area), its date and reading time, and its summary
 * (the text before `<!--more-->`, else its description), and its feature image
 * when its template gives one (a post's cover). The list pages and
 * the tag pages show the same cards.
 */
export function PostCards({ items, draft, readingTime }: {
  items: readonly CollectionItem[]; draft: string; readingTime: (minutes: number) => string;
}) {
  return (
    <ul className="cards">
      {items.map((item) => (
        <li key={item.route} className={item.cover ? 'card card--pictured' : 'card'}>
          {item.cover && <Picture image={item.cover} alt="" sizes="(max-width: 40rem) 100vw, 22rem" className="card__picture" />}
          <h2 className="card__title"><a href={item.route}>{item.title}</a></h2>
          <p className="card__meta">
            {item.date && <time dateTime={item.date}>{item.date.slice(0, 10)}</time>}
            {item.readingTime !== undefined && <span>{readingTime(item.readingTime)}</span>}
            {item.draft && <span className="card__draft">{draft}</span>}
          </p>
          <p className="card__summary">{item.summary ?? item.description}</p>
        </li>
      ))}
    </ul>
  );
}
