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
  form: z.strictObject({ heading: text(), username: text(), password: text(), submit: text() }),
  failure: text(),
  license: z.strictObject({
    route: link(),
    title: text(),
    heading: text(),
    confirmation: licenseText(),
    caption: text(),
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
  return (
    <div className="login-page">
      <Island name="login" component={Login} props={{
        loginUrl: api.loginUrl, publicKey: api.publicKey, form: data.form, failure: data.failure, license: data.license, home: '/',
      }} hydrate="interaction" />
    </div>
  );
}
