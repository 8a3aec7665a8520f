import type { LayoutData } from '../layout.tsx';
import { Img } from './Img.tsx';

/**
 * Where buyers look for trust: each certification with its own mark, what it
 * covers and who audited it (site.yaml `trust`), a link that asks for the
 * report, and the privacy posture beside them, set apart: GDPR and CCPA are
 * laws the service is run to, not certificates. On the home page and the
 * product pages, before the closing band. The footer keeps its small badges.
 */
export function TrustBand({ title, intro, marks, report, privacy }: LayoutData['trust']) {
  return (
    <section className="section trust" aria-labelledby="trust-title">
      <div className="trust__inner">
        <h2 id="trust-title" className="section__title">{title}</h2>
        <p className="section__intro">{intro}</p>
        <div className="trust__body">
          <ul className="trust__marks">
            {marks.map((mark) => (
              <li key={mark.name} className="trust__mark">
                <Img image={mark.image} className="trust__image" />
                <p className="trust__name">{mark.name}</p>
                <p className="trust__scope">{mark.scope}</p>
                <p className="trust__auditor">{mark.auditor}</p>
              </li>
            ))}
          </ul>
          <section className="trust__privacy" aria-labelledby="trust-privacy-title">
            <h3 id="trust-privacy-title" className="trust__privacy-title">{privacy.title}</h3>
            <p className="trust__name">{privacy.name}</p>
            <p className="trust__scope">{privacy.text}</p>
          </section>
        </div>
        <p className="trust__report"><a href={report.href}>{report.label}</a></p>
      </div>
    </section>
  );
}
