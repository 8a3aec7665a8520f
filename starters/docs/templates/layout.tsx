import { z, link, Island, localeRoute, type LayoutProps } from 'sitegen';
import Search from './islands/search.tsx';
import { wordsFor } from './strings.ts';
import { Languages } from './components/Languages.tsx';
import { ThemePick } from './components/ThemePick.tsx';
import { themeSchema } from './lib/theme.ts';

const links = z.array(z.strictObject({
  label: z.string().min(1).describe("the link's name: its words, or, with an icon, what a screen reader says"),
  href: link(),
  icon: z.enum(['github', 'gitlab', 'discord', 'mastodon']).optional().describe('shown instead of the words, which stay its accessible name'),
}));

/** The header links' marks: 24 × 24, drawn in the text's colour. */
const ICONS: Record<NonNullable<z.infer<typeof links>[number]['icon']>, string> = {
  github: 'M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.53-1.33-1.29-1.69-1.29-1.69-1.05-.72.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.71 1.26 3.37.96.1-.75.4-1.26.73-1.55-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.83 1.19 3.09 0 4.41-2.69 5.38-5.26 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z',
  gitlab: 'm23.6 9.6-.03-.08L20.3.98a.85.85 0 0 0-1.62.06l-2.2 6.75H7.52L5.32 1.04A.85.85 0 0 0 3.7.98L.44 9.52l-.04.08a6.07 6.07 0 0 0 2.01 7.01l.01.01.03.02 4.98 3.73 2.46 1.87 1.5 1.13a1.01 1.01 0 0 0 1.22 0l1.5-1.13 2.46-1.87 5.01-3.75.01-.01a6.07 6.07 0 0 0 2.01-7.01Z',
  discord: 'M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.4 18.4 0 0 0-5.6 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.9 19.9 0 0 0 6 3l1.3-2.1c-.7-.3-1.4-.6-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2.1a19.8 19.8 0 0 0 6-3c.5-5.2-.8-9.7-3.6-13.7ZM8 15.3c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Z',
  mastodon: 'M23.2 8c0-5.2-3.4-6.7-3.4-6.7C18 .5 15.1.2 12 .2h-.1C8.9.2 6 .5 4.3 1.3 4.3 1.3.8 2.8.8 8v4.2c.1 4.1.8 8.2 4.6 9.2 1.8.5 3.3.6 4.5.5 2.2-.1 3.5-.8 3.5-.8l-.1-1.6s-1.6.5-3.4.5c-1.8-.1-3.7-.2-4-2.4v-.6s1.7.4 4 .5c1.4.1 2.7-.1 4-.2 2.5-.3 4.7-1.8 5-3.3.4-2.3.4-5.6.4-5.6Zm-3.4 5.6h-2.1V8.5c0-1.1-.5-1.6-1.4-1.6-1 0-1.5.6-1.5 1.9v2.8h-2.1V8.8c0-1.3-.5-1.9-1.5-1.9-.9 0-1.4.5-1.4 1.6v5.1H7.7V8.3c0-1.1.3-1.9.8-2.6.6-.6 1.3-.9 2.2-.9 1.1 0 1.9.4 2.4 1.2l.5.9.5-.9c.5-.8 1.3-1.2 2.4-1.2.9 0 1.7.3 2.2.9.6.6.8 1.5.8 2.6v5.3Z',
};

/** The keys of content/site.yaml that the layout and the page template read. */
export const schema = z.strictObject({
  editLink: z.url({ protocol: /^https$/, message: 'expected an https address such as https://github.com/you/project/edit/main/' }).optional()
    .describe("the start of each page's edit address: the page's file (or its `source`) is added to it"),
  links: z.record(z.string(), links).default({}).describe("links at the header's end, by language (en, de)"),
  collapsed: z.array(z.string().regex(/^\/[^/].*$/, 'expected a folder as a route, such as /reference')).default([])
    .describe('sidebar groups that start folded, unless they hold the page shown'),
  // The page colours of styles/theme.css that an accent is drawn on.
  theme: themeSchema({ light: '#ffffff', dark: '#0f1217' }),
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
        <a className="brand" href={home}>
          {settings.theme?.logo && <img className="brand__logo" src={settings.theme.logo.src} alt={settings.theme.logo.alt} width={settings.theme.logo.width} height={settings.theme.logo.height} />}
          {site.name}
        </a>
        <div className="site-search">
          <Island name="search" component={Search} hydrate="interaction"
            props={{ index: '/pagefind/pagefind.js', label: words.search.button, lang: locale.startsWith('de') ? 'de' : 'en', hint: words.search.shortcut }} />
        </div>
        <div className="header-tools">
          <button type="button" className="menu-toggle" data-menu-toggle aria-expanded="false" aria-controls="sidebar">{words.menu}</button>
          {/* On a phone these sit at the top of the open menu, above the sidebar (styles/theme.css). */}
          <div className="header-extra">
            <ThemePick words={words.theme} icon />
            {page.translations && (
              <Languages label={words.languages} translations={page.translations} notTranslated={(locale) => wordsFor(locale).notTranslated} />
            )}
            {(settings.links[locale] ?? settings.links[site.lang] ?? []).map((item) => (
              <a key={item.href} className={item.icon ? 'header-link header-link--icon' : 'header-link'} href={item.href}>
                {item.icon ? <><svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d={ICONS[item.icon]} /></svg><span className="visually-hidden">{item.label}</span></> : item.label}
              </a>
            ))}
          </div>
        </div>
      </header>
      {children}
      <footer className="site-footer">{`© ${site.year} ${site.name}`}</footer>
    </>
  );
}
