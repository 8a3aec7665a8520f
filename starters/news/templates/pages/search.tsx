import { z, Island, type PageProps } from 'sitegen';
import Search from '../islands/search.tsx';

/** The search page's own content: the label of its field, and an introduction in Markdown. */
export const schema = z.strictObject({ label: z.string().min(1).default('Search this site'), body: z.string() });

/**
 * /search: Pagefind's search over every page the sitemap lists (the build
 * writes its index when content/site.yaml says `search: true`). It hydrates
 * when the visitor reaches into it, so the page loads no React before.
 */
export default function SearchPage({ data, page }: PageProps<z.infer<typeof schema>>) {
  return (
    <section>
      <h1>{page.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: data.body }} />
      <Island name="search" component={Search} props={{ index: '/pagefind/pagefind.js', label: data.label }} hydrate="interaction" />
    </section>
  );
}
