import { Img } from './Img.tsx';
import { PhoneLink } from './PhoneLink.tsx';
import { SocialIcon, type SocialIconName } from './SocialIcon.tsx';
import type { Image, Link } from './types.ts';

interface FooterProps {
  about: string;
  logo: Image;
  siteName: string;
  officesTitle: string;
  offices: { city: string; lines: string[] }[];
  quickLinks: { title: string; links: Link[] };
  compliance: { title: string; links: Link[] };
  social: { label: string; href: string; icon: SocialIconName }[];
  certificationsLabel: string;
  certifications: Image[];
  contact: { phone: string; email: string };
  copyright: string;
  year: number;
}

export function Footer(props: FooterProps) {
  const { about, logo, officesTitle, offices, quickLinks, compliance, social, certificationsLabel, certifications, contact, copyright, year } = props;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section className="footer__brand" aria-label={props.siteName}>
          <Img image={logo} className="footer__logo" />
          <p>{about}</p>
          <ul className="footer__social">
            {social.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-label={item.label} target="_blank" rel="noopener noreferrer">
                  <SocialIcon name={item.icon} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section className="footer__offices" aria-labelledby="footer-offices">
          <h2 id="footer-offices" className="footer__title">{officesTitle}</h2>
          {offices.map((office) => (
            <address key={office.city} className="footer__office">
              <strong>{office.city}</strong>
              {office.lines.map((line) => <span key={line}>{line}</span>)}
            </address>
          ))}
          <p className="footer__contact">
            <PhoneLink phone={contact.phone} />
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
        </section>
        <FooterLinks id="footer-quick" {...quickLinks} />
        <FooterLinks id="footer-compliance" {...compliance} />
      </div>
      <div className="footer__bottom">
        <ul className="footer__certifications" aria-label={certificationsLabel}>
          {certifications.map((item) => <li key={item.src}><Img image={item} /></li>)}
        </ul>
        <p className="footer__copyright">{copyright.replace('{year}', String(year))}</p>
      </div>
    </footer>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: Link[] }) {
  return (
    <nav className="footer__links" aria-labelledby={id}>
      <h2 id={id} className="footer__title">{title}</h2>
      <ul>
        {links.map((item) => <li key={item.href}><a href={item.href}>{item.label}</a></li>)}
      </ul>
    </nav>
  );
}
