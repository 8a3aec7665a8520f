import type { Image } from './types.ts';
import { Img } from './Img.tsx';

/** The Trusted-by logos. Static markup for now; the carousel island takes it over. */
export function LogoCarousel({ logos, label }: { logos: Image[]; label: string }) {
  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <ul className="carousel__track">
        {logos.map((logo, index) => (
          <li key={logo.src} className="carousel__slide" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${logos.length}`}>
            <Img image={logo} />
          </li>
        ))}
      </ul>
    </div>
  );
}
