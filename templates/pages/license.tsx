import { z, link, type PageProps } from 'sitegen';

export const schema = z.strictObject({
  heading: z.string().min(1),
  text: z.string().min(1),
  home: z.strictObject({ label: z.string().min(1), href: link() }),
});

type Data = z.infer<typeof schema>;

/**
 * What /license is when loaded or reloaded: the license exists only in the
 * memory of the page that logged in, so this page sends the visitor to the
 * home page at once, without JavaScript too (the refresh in the head).
 */
export function head({ data }: PageProps<Data>) {
  return <meta httpEquiv="refresh" content={`0; url=${data.home.href}`} />;
}

export default function LicenseRedirect({ data }: PageProps<Data>) {
  return (
    <div className="login-page">
      <h1>{data.heading}</h1>
      <p>{data.text} <a href={data.home.href}>{data.home.label}</a></p>
    </div>
  );
}
