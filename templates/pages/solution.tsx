import { z, type PageCard, image, type PageProps } from 'sitegen';
import { hero, listSection, paragraphs, closing, variant } from '../components/content-schema.ts';
import { PageHero } from '../components/PageHero.tsx';
import { PageSection, Paragraphs } from '../components/PageSection.tsx';
import { ItemList } from '../components/ItemList.tsx';
import { Closing } from '../components/Closing.tsx';
import { WithStill } from '../components/WithStill.tsx';

const title = z.string().min(1);

/** Extra groups some solution pages have: the features of social engineering protection, the SSO and leak-prevention points of ZTNA. */
const highlight = listSection().extend({
  key: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a short lower-case name such as features or sso (used as the section anchor)'),
});

/**
 * A solution page (biometrics, password-less, productivity, social
 * engineering, SSO/ZTNA): banner, what it is, optional highlights, how it is
 * used in cyber security, where, benefits, and use cases by industry.
 */
/** Its link preview says what kind of page it is, above the title (content/site.yaml draws the cards). */
export const card: PageCard = { eyebrow: 'Solution' };

export const schema = z.strictObject({
  hero,
  whatIs: z.strictObject({ title, paragraphs, still: image().optional().describe('a still of the product beside the block, from 1100 px'),
    stillNarrow: variant.optional().describe('the still\'s narrow cut, shown under 640 px') }),
  highlights: z.array(highlight).optional(),
  uses: listSection('uses'),
  places: listSection('places of use'),
  benefits: listSection('benefits'),
  industries: listSection('industries'),
  /** Every page of this kind ends on the demo band: one voice across the site. */
  closing,
});

type Data = z.infer<typeof schema>;

export default function Solution({ data }: PageProps<Data>) {
  const { whatIs, uses, places, benefits, industries } = data;
  return (
    <>
      <PageHero {...data.hero} />
      <PageSection id="what-is" title={whatIs.title}>
        <WithStill still={whatIs.still} narrow={whatIs.stillNarrow}>
          <Paragraphs paragraphs={whatIs.paragraphs} />
        </WithStill>
      </PageSection>
      {(data.highlights ?? []).map((group) => (
        <PageSection key={group.key} id={group.key} title={group.title} intro={group.intro}>
          <ItemList name={group.key} items={group.items} variant="features" />
        </PageSection>
      ))}
      <PageSection id="uses" title={uses.title} intro={uses.intro}>
        <ItemList name="uses" items={uses.items} variant={uses.items.some((item) => item.text) ? 'features' : 'checks'} />
      </PageSection>
      <PageSection id="places" title={places.title} intro={places.intro}>
        <ItemList name="places" items={places.items} variant={places.items.some((item) => item.text) ? 'tiles' : 'chips'} />
      </PageSection>
      <PageSection id="benefits" title={benefits.title} intro={benefits.intro}>
        <ItemList name="benefits" items={benefits.items} variant="checks" />
      </PageSection>
      <PageSection id="industries" title={industries.title} intro={industries.intro}>
        <ItemList name="industries" items={industries.items} variant="tiles" />
      </PageSection>
      <Closing {...data.closing} />
    </>
  );
}
