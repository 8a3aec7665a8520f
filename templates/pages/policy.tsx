import { z, type PageCard, type PageProps } from 'sitegen';

/** Its link preview says what kind of page it is, above the title (content/site.yaml draws the cards). */
export const card: PageCard = { eyebrow: 'Policy' };

export const schema = z.strictObject({
  heading: z.string().min(1),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD'),
  body: z.string(),
});

type Data = z.infer<typeof schema>;

/** A policy page from Markdown: each `##` heading is one section. */
export default function Policy({ data }: PageProps<Data>) {
  return (
    <article className="policy">
      <header className="policy__header">
        <h1>{data.heading}</h1>
        <p>Last updated: <time dateTime={data.updated}>{formatDate(data.updated)}</time></p>
      </header>
      <div className="policy__body prose" dangerouslySetInnerHTML={{ __html: data.body }} />
    </article>
  );
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "1 March 2025", as toLocaleDateString('en-GB', { dateStyle: 'long' }) writes it, by hand: the site's one use of
 * Intl's date formatting loaded its locale data in every build, 10 to 25 ms for three policy pages.
 */
function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
