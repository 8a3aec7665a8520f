/**
 * The navbar's mobile menu: a few listeners on the server-rendered markup
 * rather than a React island, because the navbar is on every page and a
 * toggle is not worth React's 67 KB there. The markup it expects is a button
 * with `data-menu-toggle`, `aria-expanded` and `aria-controls` naming the
 * menu (templates/components/Navbar.tsx); the stylesheet shows the menu
 * while the toggle says `aria-expanded="true"`, and shows it open when
 * scripts do not run at all.
 */

/** Marks the button that opens and closes the menu its aria-controls names. */
export const MENU_TOGGLE_ATTRIBUTE = 'data-menu-toggle';

/** Wires every menu toggle of the page. */
export function enhanceMenus(): void {
  for (const toggle of document.querySelectorAll<HTMLElement>(`[${MENU_TOGGLE_ATTRIBUTE}]`)) {
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (menu) enhanceMenu(toggle, menu);
  }
}

function enhanceMenu(toggle: HTMLElement, menu: HTMLElement): void {
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const close = () => {
    toggle.setAttribute('aria-expanded', 'false');
    for (const dropdown of menu.querySelectorAll('details')) dropdown.open = false;
  };

  toggle.addEventListener('click', () => toggle.setAttribute('aria-expanded', String(!isOpen())));
  // Any link: a product, a page, the call to action, or an in-page anchor that the open menu would cover.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) close();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const wasOpen = isOpen();
    const dropdown = menu.querySelector('details[open]');
    close();
    // Focus goes back to what opened the menu; on a wide screen, with no toggle, to the dropdown's summary.
    if (wasOpen) toggle.focus();
    else dropdown?.querySelector('summary')?.focus();
  });
}
