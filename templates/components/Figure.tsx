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
  // One <picture>: the still first (it wins under reduced motion), then a PNG or JPEG's own variants.
  const stillSource = still ? <source srcSet={still} media="(prefers-reduced-motion: reduce)" width={image.width} height={image.height} /> : undefined;
  return (
    <figure className="figure">
      <Img image={image} className="figure__image" before={stillSource} />
      {caption ? <figcaption className="figure__caption">{caption}</figcaption> : null}
    </figure>
  );
}
