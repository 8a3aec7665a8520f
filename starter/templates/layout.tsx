import { z, link, type LayoutProps } from 'sitegen';

/** The keys of content/site.yaml that the layout reads. */
export const schema = z.strictObject({
  nav: z.array(z.strictObject({ label: z.string().min(1), href: link() })).min(1),
});

/** The frame of every page: the navigation, the page, the footer. */
export default function Layout({ site, page, children }: LayoutProps) {
  const { nav } = site.layout as z.infer<typeof schema>;
  return (
    <>
      <header className="site-header">
        <nav aria-label="Main">
          <ul>
            {nav.map((item) => (
              <li key={item.href}><a href={item.href} aria-current={item.href === page.route ? 'page' : undefined}>{item.label}</a></li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">{`© ${site.year} ${site.name}`}</footer>
    </>
  );
}
