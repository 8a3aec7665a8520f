import { z, link, type CollectionQuery, type PageProps } from 'sitegen';
import { holds, linksOf, sidebarOf, type SidebarEntry } from '../sidebar.ts';
import { wordsFor } from '../strings.ts';
import { Contents } from '../components/Contents.tsx';
import type { DocsSettings } from '../layout.tsx';

/** A docs page: its front matter's title, and its body as HTML. */
export const schema = z.strictObject({
  body: z.string(),
  toc: z.boolean().default(true).describe("false: no table of contents beside the page"),
  source: z.string().regex(/^[^/].*$/, 'expected a path in the repository, such as docs/setup.md').optional()
    .describe("the page's file in the repository, when it is not its content file: what the edit link opens"),
  hero: z.strictObject({
    tagline: z.string().min(1).describe('the sentence under the title'),
    actions: z.array(z.strictObject({
      label: z.string().min(1).describe("the button's words"),
      href: link(),
      variant: z.enum(['primary', 'secondary']).default('primary').describe('primary: filled, for the one thing to do first; secondary: outlined'),
    })).max(3).default([]).describe('up to three links drawn as buttons'),
  }).optional().describe('makes the page a landing page: its title large with this tagline and actions, feature cards, no sidebar or contents beside it'),
  features: z.array(z.strictObject({
    title: z.string().min(1),
    body: z.string().min(1).describe('a sentence or two'),
  })).max(6).default([]).describe("a landing page's cards, under its hero"),
});

type Data = z.infer<typeof schema>;

/**
 * Every page lists every other: the sidebar is the site's pages, so a page
 * is rendered once all their titles are known, and again when any title,
 * order or label changes.
 */
export const collection: CollectionQuery = { under: '/', sortBy: 'route' };

/** A docs page: the sidebar, the page with its table of contents, previous and next, the edit link and its date. */
export default function DocPage({ data, page, site, collection: listed }: PageProps<Data>) {
  const settings = site.layout as DocsSettings;
  const locale = page.locale ?? site.lang;
  const words = wordsFor(locale);
  const entries = sidebarOf(site, page, listed?.items ?? [], words.overview);
  const links = linksOf(entries);
  const at = links.findIndex((entry) => entry.route === page.route);
  const previous = at > 0 ? links[at - 1] : undefined;
  const next = at >= 0 && at < links.length - 1 ? links[at + 1] : undefined;
  const landing = data.hero !== undefined;
  const headings = data.toc && !landing ? page.headings ?? [] : [];
  const edit = settings.editLink && `${settings.editLink}${data.source ?? page.file}`;
  const updated = page.updated && new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(page.updated));
  return (
    <div className={landing ? 'docs docs--landing' : 'docs'}>
      {/* On a landing page, only the phone's menu shows it (styles/theme.css). */}
      <nav id="sidebar" className="sidebar" aria-label={words.sidebar}>
        <Entries entries={entries} route={page.route} collapsed={settings.collapsed} />
      </nav>
      <main id="main" className={headings.length > 0 ? 'with-toc' : undefined}>
        {data.hero ? <Hero title={page.title} {...data.hero} features={data.features} /> : <h1>{page.title}</h1>}
        {headings.length > 0 && (
          <nav className="toc" aria-labelledby="toc-heading">
            <h2 id="toc-heading">{words.contents}</h2>
            <Contents headings={headings} />
          </nav>
        )}
        <div className="content" dangerouslySetInnerHTML={{ __html: data.body }} />
        {!landing && <footer className="page-footer">
          {(edit || updated) && (
            <p className="page-meta">
              {edit && <a href={edit}>{words.edit}</a>}
              {updated && <span>{words.updated} <time dateTime={page.updated}>{updated}</time></span>}
            </p>
          )}
          {(previous || next) && (
            <nav className="pagination" aria-label={words.pagination}>
              {previous && <a href={previous.route} rel="prev"><span>{words.previous}</span> {previous.title}</a>}
              {next && <a href={next.route} rel="next"><span>{words.next}</span> {next.title}</a>}
            </nav>
          )}
        </footer>}
      </main>
    </div>
  );
}

/** A landing page's top: the title large, the tagline, the actions as buttons, then the feature cards. */
function Hero({ title, tagline, actions, features }: NonNullable<Data['hero']> & { title: string; features: Data['features'] }) {
  return (
    <>
      <header className="hero">
        <h1 className="hero__title">{title}</h1>
        <p className="hero__tagline">{tagline}</p>
        {actions.length > 0 && (
          <p className="hero__actions">
            {actions.map((action) => <a key={action.href} className={`button button--${action.variant}`} href={action.href}>{action.label}</a>)}
          </p>
        )}
      </header>
      {features.length > 0 && (
        <ul className="features">
          {features.map((feature) => (
            <li key={feature.title} className="feature">
              <h2 className="feature__title">{feature.title}</h2>
              <p>{feature.body}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A level of the sidebar: links, and groups that fold (open when they hold the page shown, or unless site.yaml folds them). */
function Entries({ entries, route, collapsed }: { entries: readonly SidebarEntry[]; route: string; collapsed: readonly string[] }) {
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.kind === 'link' ? entry.route : `group:${entry.folder}`}>
          {entry.kind === 'link'
            ? <a href={entry.route} aria-current={entry.route === route ? 'page' : undefined}>{entry.label}</a>
            : (
              <details open={holds(entry, route) || !collapsed.includes(entry.folder)}>
                <summary>{entry.label}</summary>
                <Entries entries={entry.entries} route={route} collapsed={collapsed} />
              </details>
            )}
        </li>
      ))}
    </ul>
  );
}
