import { z, link, type PageProps } from 'sitegen';
import { hero, listSection, closing } from '../components/content-schema.ts';
import { PageHero } from '../components/PageHero.tsx';
import { PageSection } from '../components/PageSection.tsx';
import { ItemList, PointList } from '../components/ItemList.tsx';
import { gridAttributes } from '../components/grid.ts';
import { Closing } from '../components/Closing.tsx';
import { LinkCards } from '../components/LinkCards.tsx';

const title = z.string().min(1);
const more = z.strictObject({ label: title, href: link() });

const offering = z.strictObject({
  title,
  badge: title.optional(),
  text: title,
  points: z.array(title).min(1, 'expected at least one key point'),
  more: more.optional(),
});

/** The Solutions overview: the three offerings, the key benefits, and links to the solution pages. */
export const schema = z.strictObject({
  hero,
  offerings: z.strictObject({ title, intro: title.optional(), cards: z.array(offering).min(1) }),
  benefits: listSection('key benefits'),
  explore: z.strictObject({
    title,
    intro: title.optional(),
    links: z.array(z.strictObject({ label: title, text: title, href: link() })).min(1),
  }).optional(),
  closing: closing.optional(),
});

type Data = z.infer<typeof schema>;

export default function Solutions({ data }: PageProps<Data>) {
  const { offerings, benefits, explore } = data;
  return (
    <>
      <PageHero {...data.hero} />
      <PageSection id="offerings" title={offerings.title} intro={offerings.intro}>
        <ul className="grid offer-cards" data-count="offerings" {...gridAttributes(offerings.cards.length, { wide: 3, medium: 2 })}>
          {offerings.cards.map((card) => <OfferCard key={card.title} card={card} />)}
        </ul>
      </PageSection>
      <PageSection id="benefits" title={benefits.title} intro={benefits.intro}>
        <ItemList name="benefits" items={benefits.items} variant="checks" />
      </PageSection>
      {explore ? (
        <PageSection id="explore" title={explore.title} intro={explore.intro}>
          <LinkCards name="solution-pages" links={explore.links} level="h3" most={{ wide: 3, medium: 3 }} />
        </PageSection>
      ) : null}
      {data.closing ? <Closing {...data.closing} /> : null}
    </>
  );
}

function OfferCard({ card }: { card: z.infer<typeof offering> }) {
  return (
    <li className="offer-card">
      {card.badge ? <p className="offer-card__badge">{card.badge}</p> : null}
      <h3 className="offer-card__title">{card.title}</h3>
      <p>{card.text}</p>
      <PointList name="points" points={card.points} className="points points--checks" />
      {card.more ? (
        // The card's title in hidden text rather than aria-label: search engines read link text, and "Learn More" alone says nothing.
        <a className="button button--secondary offer-card__more" href={card.more.href}>
          {card.more.label}<span className="visually-hidden">: {card.title}</span>
        </a>
      ) : null}
    </li>
  );
}
