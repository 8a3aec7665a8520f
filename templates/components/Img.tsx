import type { ReactNode } from 'react';
import type { Image } from './types.ts';

interface ImgProps {
  image: Image;
  className?: string;
  eager?: boolean;
  /** How wide the image shows, for the browser to pick a PNG or JPEG's variant; by default the full width up to its own. */
  sizes?: string;
  /** <source> elements the browser should consider before the variants (a still image under reduced motion). */
  before?: ReactNode;
}

/** An image with its intrinsic size, so nothing shifts while it loads; a PNG or JPEG in AVIF or WebP where the browser takes them. */
export function Img({ image, className, eager = false, sizes, before }: ImgProps) {
  const img = (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  if (!image.sources && !before) return img;
  const shown = sizes ?? `(max-width: ${image.width}px) 100vw, ${image.width}px`;
  return (
    <picture>
      {before}
      {(image.sources ?? []).map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={shown} />)}
      {img}
    </picture>
  );
}
