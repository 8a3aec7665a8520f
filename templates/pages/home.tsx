import { z, type PageCard, image, link, type PageProps } from 'sitegen';
import { gridAttributes } from '../components/grid.ts';
import { Img } from '../components/Img.tsx';
import { LogoCarousel } from '../components/LogoCarousel.tsx';
import { IntroVideo } from '../components/IntroVideo.tsx';
import type { SiteData } from '../data.ts';
import type { LayoutData } from '../layout.tsx';
import { TrustBand } from '../components/TrustBand.tsx';
import { narrowCut, variant } from '../components/content-schema.ts';

const cta = z.strictObject({ label: z.string().min(1), href: link() });

/** The home page's link preview: the company's name and the tagline, centred. */
export const card: PageCard = { layout: 'centered' };

export const schema = z.strictObject({
  hero: z.strictObject({
    tagline: z.string().min(1), title: z.string().min(1), text: z.string().min(1), cta, image: image(),
    narrow: variant.optional().describe('the image\'s narrow cut, shown under 640 px'),
  }),
  trustedBy: z.strictObject({
    title: z.string().min(1),
    note: z.string().min(1).optional().describe('a line under the logos: that they are samples, until the clients\' own arrive'),
  }),
  video: z.strictObject({ title: z.string().min(1), text: z.string().min(1), src: z.string().startsWith('/'), poster: image(), label: z.string().min(1), narrow: narrowCut.optional() }),
  offerings: z.strictObject({
    title: z.string().min(1),
    intro: z.string().min(1),
    cards: z.array(z.strictObject({ name: z.string().min(1), title: z.string().min(1), text: z.string().min(1), image: image(), more: cta })).min(1),
  }),
  closing: z.strictObject({ title: z.string().min(1), text: z.string().min(1), cta }),
});

type Data = z.infer<typeof schema>;

export default function Home({ data, site }: PageProps<Data>) {
  const { hero, trustedBy, video, offerings, closing } = data;
  const logos = site.data.logos as SiteData['logos'];
  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <div className="hero__text">
            <p className="hero__tagline">{hero.tagline}</p>
            <h1>{hero.title}</h1>
            <p className="hero__lead">{hero.text}</p>
            <a className="button button--primary" href={hero.cta.href}>{hero.cta.label}</a>
          </div>
          <Img image={hero.image} className="hero__image" eager sizes="(min-width: 900px) 35rem, calc(100vw - 2rem)" {...(hero.narrow ? { narrow: hero.narrow } : {})} />
        </div>
      </section>
      {/* Not a named landmark of its own: the carousel inside is the region named by this title. */}
      <section className="section trusted">
        <h2 id="trusted-title" className="trusted__title">{trustedBy.title}</h2>
        <LogoCarousel logos={logos} label={trustedBy.title} />
        {trustedBy.note && <p className="trusted__note">{trustedBy.note}</p>}
      </section>
      <section className="band band--alt intro-video" aria-labelledby="video-title">
        <div className="section">
          <h2 id="video-title" className="section__title">{video.title}</h2>
          <p className="section__intro">{video.text}</p>
          <IntroVideo src={video.src} poster={video.poster} label={video.label} narrow={video.narrow} />
        </div>
      </section>
      <section className="section offerings" aria-labelledby="offerings-title">
        <h2 id="offerings-title" className="section__title">{offerings.title}</h2>
        <p className="section__intro">{offerings.intro}</p>
        <ul className="grid offering-cards" {...gridAttributes(offerings.cards.length, { wide: 2, medium: 2 })}>
          {offerings.cards.map((card) => (
            <li key={card.name} className="card offering-card">
              <Img image={card.image} className="offering-card__image" />
              <div className="offering-card__body">
                <h3>{card.title}</h3>
                <p>{card.text}</p>
                <a className="button button--secondary" href={card.more.href} aria-label={`${card.more.label} about ${card.name}`}>{card.more.label}</a>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <TrustBand {...(site.layout as LayoutData).trust} />
      <section className="section closing" aria-labelledby="closing-title">
        <h2 id="closing-title">{closing.title}</h2>
        <p>{closing.text}</p>
        <a className="button button--primary" href={closing.cta.href}>{closing.cta.label}</a>
      </section>
    </>
  );
}

export function jsonLd({ site }: PageProps<Data>) {
  const layout = site.layout as { contact: { phone: string; email: string }; footer: { social: { href: string }[] }; navbar: { logo: { src: string } } };
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: site.url,
    logo: new URL(layout.navbar.logo.src, site.url).href,
    description: site.description,
    foundingDate: '2021-12',
    email: layout.contact.email,
    telephone: layout.contact.phone,
    sameAs: layout.footer.social.map((item) => item.href),
  };
}
