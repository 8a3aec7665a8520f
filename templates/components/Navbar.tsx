import { Island } from 'sitegen';
import MobileMenu, { type MobileMenuProps } from '../islands/mobile-menu.tsx';

/**
 * The site navigation. The header stays outside the island so that it can
 * stick to the top of the window; the mobile-menu island inside it makes the
 * toggle, the links and Escape work.
 */
export function Navbar(props: MobileMenuProps) {
  return (
    <header className="navbar">
      <Island name="mobile-menu" component={MobileMenu} props={props} />
    </header>
  );
}
