import type { ReactNode } from 'react';

interface BannerProps {
  text: string;
  link?: { label: string; href: string };
}

/**
 * The scrolling announcement above the navbar. The message is written twice
 * so that the loop is seamless: the track starts with the first copy in view
 * (a visitor's first frame reads the message from its start) and moves left
 * by one copy per turn. The second copy is hidden from assistive technology
 * and from focus. The motion is CSS and stops under prefers-reduced-motion.
 */
export function Banner({ text, link }: BannerProps) {
  const message = (rest: { 'aria-hidden'?: true; inert?: true } = {}): ReactNode => (
    <span className="banner__item" {...rest}>
      <span>{text}</span>
      {link ? <a href={link.href}>{link.label}</a> : null}
    </span>
  );
  return (
    <aside className="banner" aria-label="Announcement">
      <p className="banner__track">
        {message()}
        {message({ 'aria-hidden': true, inert: true })}
      </p>
    </aside>
  );
}
