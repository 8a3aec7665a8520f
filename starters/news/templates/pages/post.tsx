import { z, image, localeRoute, tagSlug, type PageCard, type PageHeading, type PageProps } from 'sitegen';
import { wordsFor } from '../strings.ts';
import { Contents } from '../components/Contents.tsx';
import { Picture } from '../components/Picture.tsx';

/** A dated post: its front matter's title and date, an optional cover image, and its body as HTML. */
export const schema = z.strictObject({ body: z.string(), cover: image().optional() });

/** A post's social card: "News" in the post's language and its date above its title (a page's own `image` replaces the card). */
export const card = ({ page }: PageProps<unknown>): PageCard => {
  const news = wordsFor(page.locale).news;
  return { layout: 'headline', eyebrow: page.date ? `${news} · ${page.date.slice(0, 10)}` : news };
};

/** A post's feature image, for the home page's lead and the cards of the lists: its cover. */
export const cover = (data: z.infer<typeof schema>) => data.cover;

export default function Post({ data, page, site }: PageProps<z.infer<typeof schema>>) {
  const words = wordsFor(page.locale);
  const locale = page.locale ?? site.lang;
  return (
    <article className="post">
      {/* As a magazine sets a story: its section (the first tag) above the title, the description as its standfirst. */}
      <header className="post__header">
        {page.tags[0] && <p className="post__eyebrow"><a href={localeRoute(site, locale, `/tags/${tagSlug(page.tags[0])}`)}>{page.tags[0]}</a></p>}
        <h1>{page.title}</h1>
        {page.description && <p className="post__standfirst">{page.description}</p>}
        <p className="post__meta">
          {page.date && <time dateTime={page.date}>{page.date.slice(0, 10)}</time>}
          {page.readingTime !== undefined && `${page.date ? ' · ' : ''}${words.readingTime(page.readingTime)}`}
        </p>
      </header>
      {data.cover && <Picture image={data.cover} sizes="(max-width: 60rem) 100vw, 60rem" eager className="post__cover" />}
      {countOf(page.headings ?? []) >= 3 && (
        <nav className="contents" aria-labelledby="contents-heading">
          <h2 id="contents-heading">{words.contents}</h2>
          <Contents headings={page.headings!} depth={6} />
        </nav>
      )}
      <div className="post__body" dangerouslySetInnerHTML={{ __html: data.body }} />
      {page.tags.length > 0 && (
        <nav className="post__tags" aria-label={words.tags}>
          <ul className="terms">
            {page.tags.map((tag) => <li key={tag}><a href={localeRoute(site, locale, `/tags/${tagSlug(tag)}`)}>{tag}</a></li>)}
          </ul>
        </nav>
      )}
      <p><a href={localeRoute(site, locale, '/news')}>{words.allNews}</a></p>
    </article>
  );
}

/** How many headings the tree holds, at every depth. */
function countOf(headings: readonly PageHeading[]): number {
  return headings.reduce((sum, heading) => sum + 1 + countOf(heading.children), 0);
}

