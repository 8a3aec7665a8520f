import type { Image } from './types.ts';
import { Img } from './Img.tsx';

interface FigureProps {
  image: Image;
  caption?: string;
  /** A still version of an animated image, shown instead under prefers-reduced-motion (an <img> SVG does not reliably see that setting itself). */
  still?: string;
  /** The image drawn for screens under 640 px (a stacked diagram whose labels stay legible), and its still version. */
  narrow?: Image;
  narrowStill?: Image;
}

/** Where the narrow drawing takes over: the width from which the wide one's labels are 12 px or more. */
const NARROW = '(max-width: 639px)';
const REDUCED = '(prefers-reduced-motion: reduce)';

/** A diagram or illustration, with a visible caption when the content gives one. */
export function Figure({ image, caption, still, narrow, narrowStill }: FigureProps) {
  // One <picture>, the first matching source wins: narrow before wide, and a still before its moving version.
  const sources = [
    narrowStill ? <source key="narrow-still" srcSet={narrowStill.src} media={`${NARROW} and ${REDUCED}`} width={narrowStill.width} height={narrowStill.height} /> : null,
    narrow ? <source key="narrow" srcSet={narrow.src} media={NARROW} width={narrow.width} height={narrow.height} /> : null,
    still ? <source key="still" srcSet={still} media={REDUCED} width={image.width} height={image.height} /> : null,
  ].filter(Boolean);
  return (
    <figure className="figure">
      <Img image={image} className="figure__image" before={sources.length ? sources : undefined} />
      {caption ? <figcaption className="figure__caption">{caption}</figcaption> : null}
    </figure>
  );
}
