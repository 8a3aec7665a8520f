import { z, type CollectionQuery, type PageProps } from 'sitegen';
import { wordsFor } from '../strings.ts';
import { PostCards } from '../components/PostCards.tsx';

/** The tag index's own content: an introduction in Markdown. */
export const schema = z.strictObject({ body: z.string() });

/**
 * Hugo's taxonomy: this page (/tags) lists every tag the pages use, and each
 * tag gets its own pages (/tags/photos), newest first, ten to a page, and its
 * own feeds (/tags/photos/feed.atom, .rss, .json) to follow one subject. The
 * German index (/de/tags) lists the German posts' tags: a collection lists
 * its own language.
 */
export const collection: CollectionQuery = { taxonomy: 'tags', sortBy: 'date', perPage: 10, feed: true };

export default function Tags({ data, page, collection: list }: PageProps<z.infer<typeof schema>>) {
  const words = wordsFor(page.locale);
  if (!list?.term) {
    return (
      <section>
        <h1>{page.title}</h1>
        <div dangerouslySetInnerHTML={{ __html: data.body }} />
        <ul className="terms">
          {list?.terms?.map((term) => <li key={term.slug}><a href={term.route}>{term.name}</a> <span className="terms__count">{term.count}</span></li>)}
        </ul>
      </section>
    );
  }
  return (
    <section>
      <h1>{words.tagged(list.term.name)}{list.page > 1 ? `, ${words.pageOf(list.page, list.pages)}` : ''}</h1>
      <PostCards items={list.items} draft={words.draft} readingTime={words.readingTime} />
      <nav aria-label={words.morePosts} className="pager">
        {list.previous && <a rel="prev" href={list.previous}>{words.newer}</a>}
        {list.next && <a rel="next" href={list.next}>{words.older}</a>}
      </nav>
      {list.index && <p><a href={list.index}>{words.allTags}</a></p>}
    </section>
  );
}
