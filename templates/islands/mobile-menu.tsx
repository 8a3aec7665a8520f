import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { Image, Link } from '../components/types.ts';

export interface MobileMenuProps {
  logo: Image;
  products: { label: string; items: Link[] };
  links: Link[];
  cta: Link;
  /** The route of the page, to mark its link. */
  current: string;
}

/**
 * The main navigation. On narrow screens the menu collapses behind the
 * toggle; picking any link closes it (and the Products dropdown), and
 * Escape closes it and puts focus back on the toggle.
 */
export default function MobileMenu({ logo, products, links, cta, current }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (dropdown.current?.open) {
        dropdown.current.open = false;
        if (!open) dropdown.current.querySelector('summary')?.focus();
      }
      if (open) {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const closeOnLink = (event: MouseEvent) => {
    if (!(event.target as Element).closest('a')) return;
    setOpen(false);
    if (dropdown.current) dropdown.current.open = false;
  };
  const currentProps = (href: string) => (href === current ? { 'aria-current': 'page' as const } : {});
  const productCurrent = products.items.some((item) => item.href === current);
  return (
    <nav className="navbar__inner" aria-label="Main">
      <a className="navbar__logo" href="/" {...currentProps('/')}>
        <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} />
      </a>
      <button ref={toggle} className="navbar__toggle" type="button" aria-expanded={open} aria-controls="site-menu" aria-label="Menu"
        onClick={() => setOpen(!open)}>
        <span className="navbar__toggle-bar" aria-hidden="true" />
      </button>
      <div className="navbar__menu" id="site-menu" onClick={closeOnLink}>
        <ul className="navbar__links">
          <li className="navbar__dropdown">
            <details ref={dropdown}>
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
  );
}
