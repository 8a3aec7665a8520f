interface BannerProps {
  text: string;
  link?: { label: string; href: string };
}

/** The scrolling announcement above the navbar; the motion is CSS and stops under prefers-reduced-motion. */
export function Banner({ text, link }: BannerProps) {
  return (
    <aside className="banner" aria-label="Announcement">
      <p className="banner__track">
        <span>{text}</span>
        {link ? <a href={link.href}>{link.label}</a> : null}
      </p>
    </aside>
  );
}
