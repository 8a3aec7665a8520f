import { z, type PageCard, asset, image, type PageProps } from 'sitegen';
import { hero, listSection, paragraphs, variant, video, closing } from '../components/content-schema.ts';
import { PageHero } from '../components/PageHero.tsx';
import { PageSection, Paragraphs } from '../components/PageSection.tsx';
import { ItemList, PointList } from '../components/ItemList.tsx';
import { Figure } from '../components/Figure.tsx';
import { IntroVideo } from '../components/IntroVideo.tsx';
import { Closing } from '../components/Closing.tsx';
import { WithStill } from '../components/WithStill.tsx';
import { TrustBand } from '../components/TrustBand.tsx';
import type { LayoutData } from '../layout.tsx';

const title = z.string().min(1);

/**
 * A product page (adapID AI's adaptive, password-less and continuous pages,
 * BotShield AI). They share one shape; each section a product lacks is left
 * out of its content file.
 */
/** Its link preview says what kind of page it is, above the title (content/site.yaml draws the cards). */
export const card: PageCard = { eyebrow: 'Product' };

export const schema = z.strictObject({
  hero,
  intro: z.strictObject({ title, paragraphs, bullets: z.array(title).min(1).optional(), still: image().optional().describe('a still of the product beside the block, from 1100 px'),
    stillNarrow: variant.optional().describe('the still\'s narrow cut, shown under 640 px') }),
  needs: listSection('needs').optional(),
  solutions: listSection('solution items'),
  howItWorks: z.strictObject({
    title,
    intro: title.optional(),
    paragraphs: paragraphs.optional(),
    video: video.optional(),
    image: image().optional(),
    /** The still version of an animated image, for visitors who ask for reduced motion. */
    still: asset().optional(),
    /** The image drawn for screens under 640 px wide, and its still version. */
    narrow: variant.optional(),
    narrowStill: variant.optional(),
  }).refine((how) => how.paragraphs || how.video || how.image, 'expected paragraphs, a video or an image to show how it works'),
  diagram: z.strictObject({ title, intro: title.optional(), image: image(), narrow: variant.optional(), caption: title.optional() }).optional(),
  benefits: z.strictObject({
    title,
    intro: title.optional(),
    items: listSection().shape.items.optional(),
    image: image().optional(),
    narrow: variant.optional(),
  }).refine((benefits) => benefits.items || benefits.image, 'expected benefit items, a benefits diagram, or both'),
  sectors: listSection('sectors or use cases'),
  /** Every page of this kind ends on the demo band: one voice across the site. */
  closing,
});

type Data = z.infer<typeof schema>;

export default function Product({ data, site }: PageProps<Data>) {
  const { intro, needs, solutions, howItWorks, diagram, benefits, sectors } = data;
  return (
    <>
      <PageHero {...data.hero} />
      <PageSection id="overview" title={intro.title}>
        <WithStill still={intro.still} narrow={intro.stillNarrow}>
          <Paragraphs paragraphs={intro.paragraphs} />
          {intro.bullets ? <PointList name="bullets" points={intro.bullets} className="points points--checks" /> : null}
        </WithStill>
      </PageSection>
      {needs ? (
        <PageSection id="why" title={needs.title} intro={needs.intro}>
          <ItemList name="needs" items={needs.items} variant="cards" />
        </PageSection>
      ) : null}
      <PageSection id="solution" title={solutions.title} intro={solutions.intro}>
        <ItemList name="solutions" items={solutions.items} variant="features" />
      </PageSection>
      <PageSection id="how-it-works" title={howItWorks.title} intro={howItWorks.intro}>
        {howItWorks.paragraphs ? <Paragraphs paragraphs={howItWorks.paragraphs} /> : null}
        {howItWorks.video ? <div className="media-frame"><IntroVideo {...howItWorks.video} /></div> : null}
        {howItWorks.image ? <Figure image={howItWorks.image} still={howItWorks.still} narrow={howItWorks.narrow} narrowStill={howItWorks.narrowStill} /> : null}
      </PageSection>
      {diagram ? (
        <PageSection id="flow" title={diagram.title} intro={diagram.intro}>
          <Figure image={diagram.image} narrow={diagram.narrow} caption={diagram.caption} />
        </PageSection>
      ) : null}
      <PageSection id="benefits" title={benefits.title} intro={benefits.intro}>
        {benefits.image ? <Figure image={benefits.image} narrow={benefits.narrow} /> : null}
        {benefits.items ? <ItemList name="benefits" items={benefits.items} variant="checks" /> : null}
      </PageSection>
      <PageSection id="industries" title={sectors.title} intro={sectors.intro}>
        <ItemList name="sectors" items={sectors.items} variant={sectors.items.some((item) => item.text) ? 'tiles' : 'chips'} />
      </PageSection>
      <TrustBand {...(site.layout as LayoutData).trust} />
      <Closing {...data.closing} />
    </>
  );
}
