import { z, Island, type PageProps } from 'sitegen';
import ContactForm from '../islands/contact-form.tsx';
import { contactForm } from '../lib/forms.ts';
import { requestFormContent } from '../components/request-form-content.ts';
import type { LayoutData } from '../layout.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';

const text = z.string().min(1);

export const schema = z.strictObject({
  heading: text,
  intro: text,
  offices: z.strictObject({ title: text }),
  reach: z.strictObject({ title: text, phone: text, email: text }),
  form: requestFormContent(contactForm).extend({ title: text }),
});

type Data = z.infer<typeof schema>;

/** Contact us: the offices and the phone and e-mail come from site.yaml, shared with the footer. */
export default function Contact({ data, site }: PageProps<Data>) {
  const { contact, footer } = site.layout as LayoutData;
  const { title, ...form } = data.form;
  return (
    <div className="form-page form-page--contact">
      <header className="form-page__header">
        <h1>{data.heading}</h1>
        <p className="lead">{data.intro}</p>
      </header>
      <div className="form-page__body">
        {/* Not an <aside>: the offices and the ways to reach us are this page's main content. */}
        <div className="contact-info">
          {/* Unnamed, so not a second "Our Offices" region beside the footer's. */}
          <section>
            <h2 id="contact-offices" className="contact-info__title">{data.offices.title}</h2>
            <ul className="contact-info__offices">
              {footer.offices.map((office) => (
                <li key={office.city}>
                  <address className="contact-info__office">
                    <strong>{office.city}</strong>
                    {office.lines.map((line) => <span key={line}>{line}</span>)}
                  </address>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="contact-reach">
            <h2 id="contact-reach" className="contact-info__title">{data.reach.title}</h2>
            <dl className="contact-info__reach">
              <dt>{data.reach.phone}</dt>
              <dd><PhoneLink phone={contact.phone} /></dd>
              <dt>{data.reach.email}</dt>
              <dd><a href={`mailto:${contact.email}`}>{contact.email}</a></dd>
            </dl>
          </section>
        </div>
        <section className="form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{title}</h2>
          <Island name="contact-form" component={ContactForm} props={{ url: (site.layout as LayoutData).api.contactUrl, ...form }} hydrate="interaction" />
        </section>
      </div>
    </div>
  );
}
