import { z, link, Island, localeRoute, type LayoutProps } from 'sitegen';
import Search from './islands/search.tsx';
import { wordsFor } from './strings.ts';
import { Languages } from './components/Languages.tsx';

const links = z.array(z.strictObject({ label: z.string().min(1), href: link() }));

/** The keys of content/site.yaml that the layout and the page template read. */
export const schema = z.strictObject({
  editLink: z.url({ protocol: /^https$/, message: 'expected an https address such as https://github.com/you/project/edit/main/' }).optional()
    .describe("the start of each page's edit address: the page's file (or its `source`) is added to it"),
  links: z.record(z.string(), links).default({}).describe("links at the header's end, by language (en, de)"),
  collapsed: z.array(z.string().regex(/^\/[^/].*$/, 'expected a folder as a route, such as /reference')).default([])
    .describe('sidebar groups that start folded, unless they hold the page shown'),
});

export type DocsSettings = z.infer<typeof schema>;

/**
 * The frame of every page: a skip link, the header (the site's name, the
 * search, the theme (the system's, light or dark), the menu button for narrow screens, the
 * languages and links), the page, the footer. The page template draws the
 * sidebar, the page and its contents (templates/pages/markdown.tsx).
 */
export default function Layout({ site, page, children }: LayoutProps) {
  const settings = site.layout as DocsSettings;
  const locale = page.locale ?? site.lang;
  const words = wordsFor(locale);
  const home = localeRoute(site, locale, '/');
  return (
    <>
      <a className="skip-link" href="#main">{words.skip}</a>
      <header className="site-header">
        <a className="brand" href={home}>{site.name}</a>
        <div className="site-search">
          <Island name="search" component={Search} hydrate="interaction"
            props={{ index: '/pagefind/pagefind.js', label: words.search.button, lang: locale.startsWith('de') ? 'de' : 'en', hint: words.search.shortcut }} />
        </div>
        <div className="header-tools">
          {/* Shown by the theme script (sitegen.config.ts): without scripts the page follows the system's theme. */}
          <div className="theme-pick" data-theme-pick hidden>
            <label htmlFor="theme-pick">{words.theme.label}</label>
            <select id="theme-pick" defaultValue="auto">
              <option value="auto">{words.theme.auto}</option>
              <option value="light">{words.theme.light}</option>
              <option value="dark">{words.theme.dark}</option>
            </select>
          </div>
          <button type="button" className="menu-toggle" data-menu-toggle aria-expanded="false" aria-controls="sidebar">{words.menu}</button>
          {page.translations && (
            <Languages label={words.languages} translations={page.translations} notTranslated={(locale) => wordsFor(locale).notTranslated} />
          )}
          {(settings.links[locale] ?? settings.links[site.lang] ?? []).map((item) => <a key={item.href} className="header-link" href={item.href}>{item.label}</a>)}
        </div>
      </header>
      {children}
      <footer className="site-footer">{`© ${site.year} ${site.name}`}</footer>
    </>
  );
}
