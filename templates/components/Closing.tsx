import type { Link } from './types.ts';

/** The call to action that ends an inner page; it reuses the home page's closing band. */
export function Closing({ title, text, cta }: { title: string; text: string; cta: Link }) {
  return (
    <section className="section closing" aria-labelledby="closing-title">
      <h2 id="closing-title">{title}</h2>
      <p>{text}</p>
      <a className="button button--primary" href={cta.href}>{cta.label}</a>
    </section>
  );
}
