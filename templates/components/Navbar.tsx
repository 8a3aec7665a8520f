import type { Image } from './types.ts';

interface NavLink {
  label: string;
  href: string;
}

interface NavbarProps {
  logo: Image;
  products: { label: string; items: NavLink[] };
  links: NavLink[];
  cta: NavLink;
  current: string;
}

/**
 * The site navigation. On narrow screens the menu collapses behind the
 * toggle button; the mobile-menu island makes the button work.
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
        <button className="navbar__toggle" type="button" aria-expanded="false" aria-controls="site-menu" aria-label="Menu">
          <span className="navbar__toggle-bar" aria-hidden="true" />
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
