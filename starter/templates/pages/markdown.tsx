import { z, type PageProps } from 'sitegen';

/** A Markdown page: its front matter's title, and its body as HTML. */
export const schema = z.strictObject({ body: z.string() });

export default function Markdown({ data, page }: PageProps<z.infer<typeof schema>>) {
  return (
    <article>
      <h1>{page.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: data.body }} />
    </article>
  );
}
