import { z, link, type PageProps } from 'sitegen';
import { LinkCards } from '../components/LinkCards.tsx';
import { PageHero } from '../components/PageHero.tsx';

const text = () => z.string().min(1);

export const schema = z.strictObject({
  eyebrow: text(),
  heading: text(),
  text: text(),
  home: z.strictObject({ label: text(), href: link() }),
  contact: z.strictObject({ label: text(), href: link() }),
  /** Where most visitors are headed: a few pages, each with a line on what it holds. */
  links: z.array(z.strictObject({ label: text(), href: link(), text: text() })).min(1),
});

type Data = z.infer<typeof schema>;

/**
 * The site's own not-found page (content/pages/404.yaml), which a site with
 * `fallback: not-found` answers every unknown address with, status 404. The
 * real site keeps the specification's `fallback: redirect`, which sends
 * those addresses home instead, and builds this page only to be ready.
 */
export default function NotFound({ data }: PageProps<Data>) {
  return (
    <>
      <PageHero eyebrow={data.eyebrow} title={data.heading} text={data.text}>
        <div className="not-found__actions">
          <a className="button button--primary" href={data.home.href}>{data.home.label}</a>
          <a className="button button--on-dark" href={data.contact.href}>{data.contact.label}</a>
        </div>
      </PageHero>
      <section className="page-section" aria-label="Popular pages">
        <div className="page-section__inner">
          <LinkCards links={data.links} level="h2" most={{ wide: 4, medium: 2 }} />
        </div>
      </section>
    </>
  );
}
