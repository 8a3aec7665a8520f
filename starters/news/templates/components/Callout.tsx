import { z, link } from 'sitegen';

/** A Callout's props, as an editor writes them in a `::: Callout` block (templates/markdown.ts). */
export const schema = z.strictObject({
  text: z.string().min(1),
  link: link(),
  label: z.string().min(1).describe('the link\'s words, which say where it leads on their own'),
});

/** A boxed sentence with one link, set apart from the text around it. */
export default function Callout({ text, link: href, label }: z.infer<typeof schema>) {
  return (
    <div className="callout">
      <p>{text}</p>
      <a href={href}>{label}</a>
    </div>
  );
}
