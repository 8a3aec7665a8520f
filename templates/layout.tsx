import { z, endpoint, image, link, localFile, type LayoutProps } from 'sitegen';
import { publicKeyFromPem } from './lib/rsa-public-key.ts';
import { Banner } from './components/Banner.tsx';
import { Navbar } from './components/Navbar.tsx';
import { Footer } from './components/Footer.tsx';
import { PRODUCT_ICONS } from './components/Navbar.tsx';
import { Toaster } from './components/Toaster.tsx';

const navLink = z.strictObject({ label: z.string().min(1), href: link() });

/**
 * Where the forms and the login send their calls, and the login's public key
 * (a PEM file made by `sitegen keys`, read at build time). Without the key
 * the site still builds, with a warning, and the login cannot work.
 */
const api = z.strictObject({
  contactUrl: endpoint('/api/contact').default('/api/contact'),
  loginUrl: endpoint('/api/login').default('/api/login'),
  publicKey: localFile({ optional: true, missing: 'the customer login will not work until the key pair exists: run `sitegen keys` (`npm start` makes it)' })
    .transform((pem, ctx) => {
      if (pem === undefined) return undefined;
      try {
        return publicKeyFromPem(pem);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not an RSA public key in PEM form: run `sitegen keys --force` to make a new key pair' });
        return z.NEVER;
      }
    })
    .optional(),
}).default({ contactUrl: '/api/contact', loginUrl: '/api/login' });

/** The keys of content/site.yaml that the frame (banner, navbar, footer) and the pages with forms read. */
export const schema = z.strictObject({
  api,
  banner: z.strictObject({ text: z.string().min(1), link: navLink.optional() }),
  navbar: z.strictObject({
    logo: image(),
    products: z.strictObject({
      label: z.string().min(1),
      items: z.array(navLink.extend({
        description: z.string().min(1).max(60).describe('one short line under the name, in the menu'),
        icon: z.enum(PRODUCT_ICONS),
      })).min(1),
    }),
    links: z.array(navLink),
    cta: navLink,
  }),
  contact: z.strictObject({ phone: z.string().min(1), email: z.email() }),
  /** The accessible name of a toast's close button. */
  toastCloseLabel: z.string().min(1),
  /**
   * The trust band of the home page and the product pages (components/TrustBand.tsx): each certification drawn, with
   * its scope and its auditor, a way to ask for the report, and the privacy posture beside them (a law one complies
   * with is no certificate).
   */
  trust: z.strictObject({
    title: z.string().min(1),
    intro: z.string().min(1),
    marks: z.array(z.strictObject({
      name: z.string().min(1),
      scope: z.string().min(1).describe("what the certificate covers and when, as the auditor's report says; marked (sample) until it is real"),
      auditor: z.string().min(1).describe('who audited or certified it, as the certificate names them; marked (sample) until it is real'),
      image: image(),
    })).min(1),
    report: navLink.describe('where a buyer asks for the audit report'),
    privacy: z.strictObject({
      title: z.string().min(1),
      name: z.string().min(1).describe('the laws the service is run to (GDPR, CCPA)'),
      text: z.string().min(1),
    }),
  }),
  footer: z.strictObject({
    /** The logo drawn for the footer's dark ground (light words), shown without a plate behind it. */
    logo: image(),
    about: z.string().min(1),
    officesTitle: z.string().min(1),
    offices: z.array(z.strictObject({ city: z.string().min(1), lines: z.array(z.string().min(1)).min(1) })).min(1),
    quickLinks: z.strictObject({ title: z.string().min(1), links: z.array(navLink) }),
    compliance: z.strictObject({ title: z.string().min(1), links: z.array(navLink) }),
    social: z.array(z.strictObject({ label: z.string().min(1), href: link(), icon: z.enum(['linkedin', 'x', 'youtube', 'instagram', 'facebook']) })),
    certificationsLabel: z.string().min(1),
    certifications: z.array(image()),
    copyright: z.string().includes('{year}', { message: 'expected the text to contain {year}, where the current year goes' }),
  }),
});

export type LayoutData = z.infer<typeof schema>;

export default function Layout({ site, page, children }: LayoutProps) {
  const layout = site.layout as LayoutData;
  return (
    <>
      <a className="skip-link" href="#main">Skip to main content</a>
      <Banner {...layout.banner} />
      <Navbar {...layout.navbar} current={page.route} />
      <main id="main" tabIndex={-1}>{children}</main>
      <Footer {...layout.footer} contact={layout.contact} siteName={site.name} year={site.year} />
      <Toaster closeLabel={layout.toastCloseLabel} />
    </>
  );
}
