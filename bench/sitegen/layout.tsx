// The benchmark corpus's frame: a header with a ten-link nav, the page, a footer.
// bench/eleventy/layout.11ty.js and bench/hugo/layouts/_default/single.html print the same markup.
import { z, link, type LayoutProps } from 'sitegen';

export const schema = z.strictObject({
  nav: z.array(z.strictObject({ label: z.string().min(1), href: link() })).length(10),
  footer: z.string().min(1),
});

type LayoutData = z.infer<typeof schema>;

export default function Layout({ site, children }: LayoutProps) {
  const layout = site.layout as LayoutData;
  return (
    <>
      <header className="site-header">
        <a className="site-name" href="/">{site.name}</a>
        <nav aria-label="Main">
          <ul>{layout.nav.map((item) => <li key={item.href}><a href={item.href}>{item.label}</a></li>)}</ul>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer"><p>{layout.footer}</p></footer>
    </>
  );
}
