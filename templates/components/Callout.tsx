import { z, link } from 'sitegen';

/** A Callout's props, as an editor writes them in a `::: Callout` block of a Markdown page (templates/markdown.ts). */
export const schema = z.strictObject({
  text: z.string().min(1).describe('one or two sentences'),
  link: link().describe('where the button leads: /route, https://… or mailto:'),
  label: z.string().min(1).describe('the button\'s words, which say where it leads on their own'),
});

/** A boxed sentence with one button, set apart from the text around it. */
export default function Callout({ text, link: href, label }: z.infer<typeof schema>) {
  return (
    <div className="callout">
      <p>{text}</p>
      <a className="button button--primary" href={href}>{label}</a>
    </div>
  );
}
