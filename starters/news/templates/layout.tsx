import { z, link, type LayoutProps } from 'sitegen';
import { wordsFor } from './strings.ts';
import { Languages } from './components/Languages.tsx';

const menu = z.array(z.strictObject({ label: z.string().min(1), href: link() })).min(1);

/** The keys of content/site.yaml that the layout reads: the menu in each of the site's languages. */
export const schema = z.strictObject({
  nav: z.record(z.string(), menu).describe('the menu of each language, by its tag (en, de)'),
});

/** The frame of every page: the menu in the page's language, the language switcher, the page, the footer. */
export default function Layout({ site, page, children }: LayoutProps) {
  const { nav } = site.layout as z.infer<typeof schema>;
  const words = wordsFor(page.locale);
  const items = nav[page.locale ?? site.lang] ?? nav[site.lang] ?? [];
  return (
    <>
      <header className="site-header">
        <nav aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.href}><a href={item.href} aria-current={item.href === page.route ? 'page' : undefined}>{item.label}</a></li>
            ))}
          </ul>
        </nav>
        {page.translations && (
          <Languages label={words.languages} translations={page.translations} notTranslated={(locale) => wordsFor(locale).notTranslated} />
        )}
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">{`© ${site.year} ${site.name}`}</footer>
    </>
  );
}
