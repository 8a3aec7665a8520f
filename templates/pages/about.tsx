import { z, image, webAddress, type PageProps } from 'sitegen';
import { hero, item, paragraphs, closing } from '../components/content-schema.ts';
import { PageHero } from '../components/PageHero.tsx';
import { PageSection, Paragraphs } from '../components/PageSection.tsx';
import { ItemList } from '../components/ItemList.tsx';
import { PersonCard } from '../components/PersonCard.tsx';
import { Closing } from '../components/Closing.tsx';
import type { Person } from '../components/types.ts';

const person = z.strictObject({
  name: z.string().min(1),
  role: z.string().min(1),
  credential: z.string().min(1),
  profile: webAddress(),
  photo: image(),
});

const people = z.strictObject({ title: z.string().min(1), intro: z.string().min(1).optional(), people: z.array(person).min(1) });

export const schema = z.strictObject({
  hero,
  overview: z.strictObject({
    title: z.string().min(1),
    lead: z.string().min(1),
    paragraphs,
    /** Key figures shown beside the text, e.g. `{ value: 99.6%, label: model accuracy }`. */
    facts: z.array(z.strictObject({ value: z.string().min(1), label: z.string().min(1) })).optional(),
  }),
  summary: z.strictObject({ title: z.string().min(1), items: z.array(item).min(1) }),
  profileText: z.string().min(1),
  profileLabel: z.string().includes('{name}', { message: 'expected the text to contain {name}, so each profile link names its person' }),
  leadership: people,
  mentors: people,
  closing: closing.optional(),
});

type Data = z.infer<typeof schema>;

export default function About({ data }: PageProps<Data>) {
  const { overview, summary } = data;
  return (
    <>
      <PageHero {...data.hero} />
      <PageSection id="overview" title={overview.title}>
        <div className={overview.facts ? 'overview overview--facts' : 'overview'}>
          <div>
            <p className="overview__lead">{overview.lead}</p>
            <Paragraphs paragraphs={overview.paragraphs} />
          </div>
          {overview.facts ? (
            <dl className="facts">
              {overview.facts.map((fact) => (
                <div key={fact.label} className="facts__item"><dt>{fact.label}</dt><dd>{fact.value}</dd></div>
              ))}
            </dl>
          ) : null}
        </div>
      </PageSection>
      <PageSection id="at-a-glance" title={summary.title}>
        <ItemList name="summary" items={summary.items} variant="cards" />
      </PageSection>
      <PeopleSection id="leadership" group={data.leadership} name="leadership" data={data} />
      <PeopleSection id="mentors" group={data.mentors} name="mentors" data={data} />
      {data.closing ? <Closing {...data.closing} /> : null}
    </>
  );
}

interface PeopleSectionProps {
  id: string;
  name: string;
  group: { title: string; intro?: string; people: Person[] };
  data: Data;
}

/** The leadership team and the mentors share one grid of PersonCards. */
function PeopleSection({ id, name, group, data }: PeopleSectionProps) {
  return (
    <PageSection id={id} title={group.title} intro={group.intro}>
      <ul className="people" data-count={name}>
        {group.people.map((person) => (
          <PersonCard key={person.name} person={person} profileText={data.profileText} profileLabel={data.profileLabel} />
        ))}
      </ul>
    </PageSection>
  );
}
