import { z, Island, type PageProps } from 'sitegen';
import DemoForm from '../islands/demo-form.tsx';
import { demoForm } from '../lib/forms.ts';
import { requestFormContent } from '../components/request-form-content.ts';
import type { LayoutData } from '../layout.tsx';

const text = () => z.string().min(1);

export const schema = z.strictObject({
  heading: text(),
  intro: text(),
  /** What the demo is, beside the form: its subjects, its length, who joins, and a customer's words. */
  panel: z.strictObject({
    eyebrow: text(),
    title: text(),
    covers: z.strictObject({ title: text(), points: z.array(text()).min(1) }),
    facts: z.array(z.strictObject({ label: text(), value: text() })).min(1),
    quote: z.strictObject({
      text: text(),
      name: text(),
      role: text(),
      sample: text().optional().describe('the words that mark the quote as a sample (Sample quote), until a customer agrees to be quoted'),
    }),
  }),
  form: requestFormContent(demoForm),
});

type Data = z.infer<typeof schema>;

/**
 * Request a demo: the specification's heading, intro and form first, and
 * beside them (below on a phone, after the form) what the visitor asks for:
 * what the demo covers, how long it takes and who joins; then a customer's
 * words, under the form from 900 px.
 */
export default function Demo({ data, site }: PageProps<Data>) {
  const { panel } = data;
  return (
    <div className="form-page form-page--demo">
      <section className="form-card" aria-labelledby="demo-title">
        <h1 id="demo-title">{data.heading}</h1>
        <p className="lead">{data.intro}</p>
        <Island name="demo-form" component={DemoForm} props={{ url: (site.layout as LayoutData).api.contactUrl, ...data.form }} hydrate="interaction" />
      </section>
      <aside className="demo-panel" aria-labelledby="demo-panel-title">
        <p className="demo-panel__eyebrow">{panel.eyebrow}</p>
        <h2 id="demo-panel-title" className="demo-panel__title">{panel.title}</h2>
        <h3 className="demo-panel__subtitle">{panel.covers.title}</h3>
        <ul className="points points--checks demo-panel__points">
          {panel.covers.points.map((point) => <li key={point}>{point}</li>)}
        </ul>
        <dl className="demo-panel__facts">
          {panel.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </aside>
      {/* After the panel in reading order; beside it, under the form, from 900 px, so the two columns end together. */}
      <figure className="demo-panel__quote">
        {panel.quote.sample && <p className="demo-panel__sample">{panel.quote.sample}</p>}
        <blockquote><p>{panel.quote.text}</p></blockquote>
        <figcaption><strong>{panel.quote.name}</strong>, {panel.quote.role}</figcaption>
      </figure>
    </div>
  );
}
