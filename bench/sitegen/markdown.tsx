// The benchmark corpus's page: the title and the Markdown body as HTML.
import { z, type PageProps } from 'sitegen';

export const schema = z.strictObject({ body: z.string() });

export default function Markdown({ data, page }: PageProps<z.infer<typeof schema>>) {
  return (
    <article className="page">
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: data.body }} />
    </article>
  );
}
