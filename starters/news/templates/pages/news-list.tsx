import { z, type CollectionQuery, type PageCard, type PageProps } from 'sitegen';
import { wordsFor } from '../strings.ts';
import { PostCards } from '../components/PostCards.tsx';

/** The list page's own content: an introduction in Markdown. */
export const schema = z.strictObject({ body: z.string() });

/**
 * The pages this template lists: those under its own route (/news/…, or
 * /de/news/… for the German list: a collection lists its own language),
 * newest first, one to a page so that the starter shows its pagination
 * (/news, /news/2, …; raise `perPage` for a real site), with feeds at
 * /news/feed.atom, /news/feed.rss and /news/feed.json.
 */
export const collection: CollectionQuery = { sortBy: 'date', perPage: 1, feed: { content: true } };

/** A list's social card sets its title in the middle (site.yaml's `cards` turns the cards on). */
export const card: PageCard = { layout: 'centered' };

export default function NewsList({ data, page, collection: list }: PageProps<z.infer<typeof schema>>) {
  const words = wordsFor(page.locale);
  return (
    <section>
      <h1>{list && list.page > 1 ? `${page.title}, ${words.pageOf(list.page, list.pages)}` : page.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: data.body }} />
      <PostCards items={list?.items ?? []} draft={words.draft} readingTime={words.readingTime} />
      <nav aria-label={words.morePosts} className="pager">
        {list?.previous && <a rel="prev" href={list.previous}>{words.newer}</a>}
        {list?.next && <a rel="next" href={list.next}>{words.older}</a>}
      </nav>
      {list?.feeds && (
        <p className="feeds">
          {words.subscribe}: {list.feeds.atom && <a href={list.feeds.atom}>Atom</a>}
          {list.feeds.rss && <> · <a href={list.feeds.rss}>RSS</a></>}
          {list.feeds.json && <> · <a href={list.feeds.json}>JSON Feed</a></>}
        </p>
      )}
      <form method="post" action="/api/newsletter" aria-labelledby="newsletter-heading" className="newsletter">
        <h2 id="newsletter-heading">{words.newsletter}</h2>
        <p id="newsletter-note">{words.newsletterNote}</p>
        <div className="newsletter__row">
          <label htmlFor="newsletter-email">{words.email}</label>
          <input id="newsletter-email" name="email" type="email" autoComplete="email" required aria-describedby="newsletter-note" />
          <button type="submit">{words.signUp}</button>
        </div>
      </form>
    </section>
  );
}
