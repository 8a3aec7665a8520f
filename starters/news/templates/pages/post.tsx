import { z, type PageProps } from 'sitegen';

/** A dated post: its front matter's title and date, and its body as HTML. */
export const schema = z.strictObject({ body: z.string() });

export default function Post({ data, page }: PageProps<z.infer<typeof schema>>) {
  return (
    <article>
      <h1>{page.title}</h1>
      {page.date && <p><time dateTime={page.date}>{page.date.slice(0, 10)}</time></p>}
      <div dangerouslySetInnerHTML={{ __html: data.body }} />
      <p><a href="/news">All news</a></p>
    </article>
  );
}
