/**
 * The theme menu: System, Light or Dark. Hidden until the page script shows
 * it (../lib/theme.ts THEME_MENU), since it works only with scripts; without
 * them the page follows the system's theme. `icon`: a half-filled circle
 * before the choice, its label then read by screen readers only.
 */
export function ThemePick({ words, icon = false }: { words: { label: string; auto: string; light: string; dark: string }; icon?: boolean }) {
  return (
    <div className="theme-pick" data-theme-pick hidden>
      <label htmlFor="theme-pick" className={icon ? 'visually-hidden' : undefined}>{words.label}</label>
      {icon && (
        <svg className="theme-pick__icon" width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M12 3a9 9 0 1 0 0 18V3Z" /><circle cx="12" cy="12" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      )}
      <select id="theme-pick" defaultValue="auto">
        <option value="auto">{words.auto}</option>
        <option value="light">{words.light}</option>
        <option value="dark">{words.dark}</option>
      </select>
    </div>
  );
}
