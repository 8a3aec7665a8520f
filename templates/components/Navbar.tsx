import type { Image, Link } from './types.ts';

/** The products menu's icons, drawn here (stroked in the brand blue by 20-frame.css). */
export const PRODUCT_ICONS = ['identity', 'bot'] as const;
type ProductIcon = (typeof PRODUCT_ICONS)[number];

const ICON_PATHS: Record<ProductIcon, string> = {
  // A fingerprint's arcs: the behaviour that identifies a user.
  identity: 'M12 3a7 7 0 0 0-7 7v2M19 12v-2a7 7 0 0 0-10.5-6M9 21c1.5-2.5 2-5 2-8v-3a1 1 0 0 1 2 0v3c0 3.5-.6 6.5-2 9M15.5 20.5c.6-2 1-4.5 1-7.5v-3a4.5 4.5 0 0 0-9 0v3c0 2-.3 3.7-1 5',
  // A shield with a robot's eyes: bots kept out.
  bot: 'M12 3 4.5 6v5.5c0 4.8 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.7 7.5-9.5V6L12 3ZM9 10.5v1M15 10.5v1M9 15h6',
};

export interface ProductLink extends Link {
  description: string;
  icon: ProductIcon;
}

export interface NavbarProps {
  logo: Image;
  products: { label: string; items: ProductLink[] };
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
                    // The link's name is the product's; its line describes it, and the whole row is the link's target (20-frame.css).
                    <li key={item.href} className="navbar__product">
                      <svg className="navbar__product-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                        <path d={ICON_PATHS[item.icon]} />
                      </svg>
                      <a href={item.href} aria-describedby={`product-${item.icon}`} {...currentProps(item.href)}>{item.label}</a>
                      <span className="navbar__product-line" id={`product-${item.icon}`}>{item.description}</span>
                    </li>
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
