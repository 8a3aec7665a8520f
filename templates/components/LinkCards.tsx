import { gridAttributes } from './grid.ts';

interface LinkCardsProps {
  /** What the cards lead to (`solution-pages` …): their data-count, which the page tests count. */
  name?: string;
  links: { label: string; href: string; text: string }[];
  /** The cards' heading level: under a section's h2, or straight under the page's h1. */
  level: 'h2' | 'h3';
  most: { wide: number; medium: number };
}

/** Cards that each lead to a page: the title is the link, the whole card its hit area, a line under it says what is there. */
export function LinkCards({ name, links, level: Heading, most }: LinkCardsProps) {
  return (
    <ul className="grid link-cards" data-count={name} {...gridAttributes(links.length, most)}>
      {links.map((entry) => (
        <li key={entry.href} className="link-card">
          <Heading className="link-card__title"><a href={entry.href}>{entry.label}</a></Heading>
          <p>{entry.text}</p>
        </li>
      ))}
    </ul>
  );
}
