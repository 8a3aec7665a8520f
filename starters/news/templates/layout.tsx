import { z, link, localeRoute, type LayoutProps } from 'sitegen';
import { wordsFor } from './strings.ts';
import { Languages } from './components/Languages.tsx';
import { ThemePick } from './components/ThemePick.tsx';
import { themeSchema, type Theme } from './lib/theme.ts';

const menu = z.array(z.strictObject({ label: z.string().min(1), href: link() })).min(1);

/** The keys of content/site.yaml that the layout reads: the menu in each of the site's languages, and the look. */
export const schema = z.strictObject({
  nav: z.record(z.string(), menu).describe('the menu of each language, by its tag (en, de)'),
  // The page colours of styles/site.css that an accent is drawn on.
  theme: themeSchema({ light: '#ffffff', dark: '#111418' }),
});

/**
 * The frame of every page: a skip link; the masthead (the site's name, and
 * on the home page its description); the menu in the page's language with
 * the language switch and the theme (the system's, light or dark), which on
 * a phone fold behind a Menu button (sitegen's runtime opens it, Escape
 * closes it and gives the focus back); the page; the footer.
 */
export default function Layout({ site, page, children }: LayoutProps) {
  const { nav, theme } = site.layout as z.infer<typeof schema>;
  const locale = page.locale ?? site.lang;
  const words = wordsFor(page.locale);
  const items = nav[locale] ?? nav[site.lang] ?? [];
  const home = localeRoute(site, locale, '/');
  const isHome = page.route === home;
  return (
    <>
      <a className="skip-link" href="#main">{words.skip}</a>
      <header className={isHome ? 'site-header site-header--home' : 'site-header'}>
        <div className="site-header__bar">
          <a className="brand" href={home} aria-current={isHome ? 'page' : undefined}><Logo theme={theme} />{site.name}</a>
          <button type="button" className="menu-toggle" data-menu-toggle aria-expanded="false" aria-controls="site-menu">{words.menu}</button>
          <div className="site-menu" id="site-menu">
            <nav aria-label="Main">
              <ul>
                {items.map((item) => (
                  <li key={item.href}><a href={item.href} aria-current={item.href === page.route ? 'page' : undefined}>{item.label}</a></li>
                ))}
              </ul>
            </nav>
            {page.translations && (
              <Languages label={words.languages} translations={page.translations} notTranslated={(other) => wordsFor(other).notTranslated} />
            )}
            <ThemePick words={words.theme} />
          </div>
        </div>
        {isHome && <p className="masthead__description">{site.description}</p>}
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">{`© ${site.year} ${site.name}`}</footer>
    </>
  );
}

/** The theme's logo before the site's name: its alt text is read before the name (empty, it is only a picture). */
export function Logo({ theme }: { theme: Theme }) {
  const logo = theme?.logo;
  return logo ? <img className="brand__logo" src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} /> : null;
}
