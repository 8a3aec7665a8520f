import type { Translation } from 'sitegen';

/**
 * The language switcher: the page in each of the site's languages, the one
 * shown marked, each link in its own language (`lang`, `hreflang`). A
 * language that has no translation yet leads to its home page, and says so
 * in `title` (`notTranslated`, in that language's words).
 */
export function Languages({ label, translations, notTranslated }: {
  label: string; translations: readonly Translation[]; notTranslated: (locale: string) => string;
}) {
  return (
    <nav aria-label={label} className="languages">
      <ul>
        {translations.map((version) => (
          <li key={version.locale}>
            {version.current
              ? <span aria-current="true" lang={version.locale}>{version.name}</span>
              : (
                <a href={version.route} hrefLang={version.locale} lang={version.locale}
                  title={version.translated ? undefined : notTranslated(version.locale)}>{version.name}</a>
              )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
