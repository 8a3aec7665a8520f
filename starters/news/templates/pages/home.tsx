import { z, localeRoute, type CollectionQuery, type PageProps } from 'sitegen';
import { wordsFor } from '../strings.ts';
import { PostCards } from '../components/PostCards.tsx';
import { Picture } from '../components/Picture.tsx';

/** The home page's own words: an introduction in Markdown, under the posts. */
export const schema = z.strictObject({ body: z.string() });

/**
 * The pages of the home page's language, newest first: the posts among them
 * (the dated pages) lead the page, the newest large, the next few as cards.
 */
export const collection: CollectionQuery = { sortBy: 'date' };

/** How many posts the home page shows as cards under the newest. */
const CARDS = 6;

export default function Home({ data, page, site, collection: list }: PageProps<z.infer<typeof schema>>) {
  const words = wordsFor(page.locale);
  const posts = (list?.items ?? []).filter((item) => item.date !== undefined);
  const [lead, ...rest] = posts;
  return (
    <section className="home">
      <h1 className="visually-hidden">{page.title}</h1>
      {lead && (
        <article className={lead.cover ? 'lead lead--pictured' : 'lead'} aria-labelledby="lead-title">
          {lead.cover && <Picture image={lead.cover} sizes="(max-width: 60rem) 100vw, 40rem" eager className="lead__picture" />}
          <div className="lead__words">
            <p className="lead__eyebrow">{words.latest}</p>
            <h2 id="lead-title" className="lead__title"><a href={lead.route}>{lead.title}</a></h2>
            <p className="card__meta">
              <time dateTime={lead.date}>{lead.date!.slice(0, 10)}</time>
              {lead.readingTime !== undefined && <span>{words.readingTime(lead.readingTime)}</span>}
            </p>
            <p className="lead__summary">{lead.summary ?? lead.description}</p>
          </div>
        </article>
      )}
      {rest.length > 0 && (
        <>
          <h2 className="section-title">{words.earlier}</h2>
          <PostCards items={rest.slice(0, CARDS)} draft={words.draft} readingTime={words.readingTime} />
        </>
      )}
      <p><a href={localeRoute(site, page.locale ?? site.lang, '/news')}>{words.allNews}</a></p>
      <div className="home__intro" dangerouslySetInnerHTML={{ __html: data.body }} />
    </section>
  );
}
