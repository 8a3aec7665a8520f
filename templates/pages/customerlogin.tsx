import { z, link, Island, type PageProps } from 'sitegen';
import Login from '../islands/login.tsx';
import { placeholders } from '../lib/license-text.ts';
import { LICENSE_FIELDS } from '../lib/license.ts';
import type { LayoutData } from '../layout.tsx';

const text = () => z.string().min(1);

/** A text with {field} placeholders, each one a field of the license the login answer carries. */
const licenseText = () => text().superRefine((value, ctx) => {
  for (const name of placeholders(value)) {
    if (!(LICENSE_FIELDS as readonly string[]).includes(name)) {
      ctx.addIssue({ code: 'custom', message: `{${name}} is not a license field; use one of ${LICENSE_FIELDS.map((field) => `{${field}}`).join(', ')}` });
    }
  }
});

export const schema = z.strictObject({
  /** The customer portal's side panel beside the form: who it is for, and what they find there. */
  portal: z.strictObject({ eyebrow: text(), title: text(), text: text(), points: z.array(text()).min(1), help: z.strictObject({ text: text(), label: text(), href: link() }) }),
  form: z.strictObject({ heading: text(), username: text(), password: text(), submit: text() }),
  failure: text(),
  license: z.strictObject({
    route: link(),
    title: text(),
    heading: text(),
    confirmation: licenseText(),
    caption: text(),
    account: z.strictObject({ signedInAs: text(), signOut: text(), print: text() }),
    rows: z.array(z.strictObject({ label: text(), value: licenseText() })).min(1),
  }),
});

type Data = z.infer<typeof schema>;

/**
 * /customerlogin. The island carries the login public key the build read
 * (site.yaml's api.publicKey, see templates/layout.tsx) and only the words of the license view: the license
 * itself arrives with a successful login, so none of it is in dist/.
 */
export default function CustomerLogin({ data, site }: PageProps<Data>) {
  const { api } = site.layout as LayoutData;
  const { portal } = data;
  // A customer portal's sign-in: the form is the specification's, the panel says whose door this is. The form
  // comes first, in the document as on a phone, where a returning customer comes to log in; from 800 px the panel
  // stands to its left (70-login.css). Once the license shows in the island, the panel steps aside (CSS :has) and
  // the license takes the width.
  return (
    <div className="login-page portal">
      <div className="portal__main">
        <Island name="login" component={Login} props={{
          loginUrl: api.loginUrl, publicKey: api.publicKey, form: data.form, failure: data.failure, license: data.license, home: '/',
        }} hydrate="interaction" />
        <p className="portal__help">{portal.help.text} <a href={portal.help.href}>{portal.help.label}</a></p>
      </div>
      <div className="portal__aside">
        <p className="portal__eyebrow">{portal.eyebrow}</p>
        <p className="portal__title">{portal.title}</p>
        <p className="portal__text">{portal.text}</p>
        <ul className="points points--checks portal__points">
          {portal.points.map((point) => <li key={point}>{point}</li>)}
        </ul>
      </div>
    </div>
  );
}
