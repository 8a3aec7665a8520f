import type { PageHeading } from 'sitegen';

/**
 * A table of contents: each heading a link to its id, its subheadings in a
 * list under it, down to `depth` (h3 by default). The news starter's posts
 * and the docs starter's pages use it.
 */
export function Contents({ headings, depth = 3 }: { headings: readonly PageHeading[]; depth?: number }) {
  return (
    <ol>
      {headings.map((heading) => (
        <li key={heading.id}>
          <a href={`#${heading.id}`}>{heading.text}</a>
          {heading.depth < depth && heading.children.length > 0 && <Contents headings={heading.children} depth={depth} />}
        </li>
      ))}
    </ol>
  );
}
