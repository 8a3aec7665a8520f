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

function formatDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
