import type { Image } from './types.ts';
import { Img } from './Img.tsx';

interface FigureProps {
  image: Image;
  caption?: string;
  /** A still version of an animated image, shown instead under prefers-reduced-motion (an <img> SVG does not reliably see that setting itself). */
  still?: string;
}

/** A diagram or illustration, with a visible caption when the content gives one. */
export function Figure({ image, caption, still }: FigureProps) {
  const img = <Img image={image} className="figure__image" />;
  return (
    <figure className="figure">
      {still ? (
        <picture>
          <source srcSet={still} media="(prefers-reduced-motion: reduce)" width={image.width} height={image.height} />
          {img}
        </picture>
      ) : img}
      {caption ? <figcaption className="figure__caption">{caption}</figcaption> : null}
    </figure>
  );
}
