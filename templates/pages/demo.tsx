import { z, Island, type PageProps } from 'sitegen';
import DemoForm from '../islands/demo-form.tsx';
import { demoForm } from '../lib/forms.ts';
import { requestFormContent } from '../components/request-form-content.ts';
import type { LayoutData } from '../layout.tsx';

export const schema = z.strictObject({
  heading: z.string().min(1),
  intro: z.string().min(1),
  form: requestFormContent(demoForm),
});

type Data = z.infer<typeof schema>;

/** Request a demo: the heading, the intro and the form, nothing else to distract. */
export default function Demo({ data, site }: PageProps<Data>) {
  return (
    <div className="form-page form-page--demo">
      <section className="form-card" aria-labelledby="demo-title">
        <h1 id="demo-title">{data.heading}</h1>
        <p className="lead">{data.intro}</p>
        <Island name="demo-form" component={DemoForm} props={{ url: (site.layout as LayoutData).api.contactUrl, ...data.form }} hydrate="interaction" />
      </section>
    </div>
  );
}
