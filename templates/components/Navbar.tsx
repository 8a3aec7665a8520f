import type { Image, Link } from './types.ts';

export interface NavbarProps {
  logo: Image;
  products: { label: string; items: Link[] };
  links: Link[];
  cta: Link;
  /** The route of the page, to mark its link. */
  current: string;
}

/**
 * The site navigation, static HTML on every page. On narrow screens the menu
 * collapses behind the toggle; the runtime's src/client/menu.ts finds the
 * toggle by `data-menu-toggle` and the menu by its aria-controls, so that
 * no page loads React for it. Without scripts the stylesheet shows the menu
 * open and hides the toggle.
 */
export function Navbar({ logo, products, links, cta, current }: NavbarProps) {
  const currentProps = (href: string) => (href === current ? { 'aria-current': 'page' as const } : {});
  const productCurrent = products.items.some((item) => item.href === current);
  return (
    <header className="navbar">
      <nav className="navbar__inner" aria-label="Main">
        <a className="navbar__logo" href="/" {...currentProps('/')}>
          <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} />
        </a>
        <button className="navbar__toggle" type="button" aria-expanded="false" aria-controls="site-menu" aria-label="Menu" data-menu-toggle="">
          {/* Three bars while the menu is shut, a cross while it is open (20-frame.css reads aria-expanded). */}
          <svg className="navbar__icon navbar__icon--open" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
          <svg className="navbar__icon navbar__icon--close" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
        <div className="navbar__menu" id="site-menu">
          <ul className="navbar__links">
            <li className="navbar__dropdown">
              <details>
                <summary className={productCurrent ? 'is-current' : undefined}>{products.label}</summary>
                <ul className="navbar__submenu">
                  {products.items.map((item) => (
                    <li key={item.href}><a href={item.href} {...currentProps(item.href)}>{item.label}</a></li>
                  ))}
                </ul>
              </details>
            </li>
            {links.map((item) => (
              <li key={item.href}><a href={item.href} {...currentProps(item.href)}>{item.label}</a></li>
            ))}
          </ul>
          <a className="button button--primary navbar__cta" href={cta.href} {...currentProps(cta.href)}>{cta.label}</a>
        </div>
      </nav>
    </header>
  );
}
