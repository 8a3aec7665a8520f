import type { LayoutData } from '../layout.tsx';
import { Img } from './Img.tsx';

/**
 * Where buyers look for trust: each certification with its own mark and
 * what it covers (site.yaml `trust`), on the home page and the product
 * pages, before the closing band. The footer keeps its small badges.
 */
export function TrustBand({ title, intro, marks }: LayoutData['trust']) {
  return (
    <section className="section trust" aria-labelledby="trust-title">
      <div className="trust__inner">
        <h2 id="trust-title" className="section__title">{title}</h2>
        <p className="section__intro">{intro}</p>
        <ul className="trust__marks">
          {marks.map((mark) => (
            <li key={mark.name} className="trust__mark">
              <Img image={mark.image} className="trust__image" />
              <p className="trust__name">{mark.name}</p>
              <p className="trust__scope">{mark.scope}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
