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
  /** The image's narrow cut, which screens under 640 px show instead (a still's one column, its words large enough on a phone). */
  narrow?: Image;
}

/** Where a narrow cut takes over: the width under which a still's wide cut shows its words under 11 px. */
export const NARROW_MEDIA = '(max-width: 639px)';

/** An image with its intrinsic size, so nothing shifts while it loads; a PNG or JPEG in AVIF or WebP where the browser takes them. */
export function Img({ image, className, eager = false, sizes, before, narrow }: ImgProps) {
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
  if (!image.sources && !before && !narrow) return img;
  const shown = sizes ?? `(max-width: ${image.width}px) 100vw, ${image.width}px`;
  return (
    <picture>
      {before}
      {/* The narrow cut first: the first <source> that matches wins. Shown the column's width, a gutter each side. */}
      {narrow && (narrow.sources ?? []).map((source) => (
        <source key={`narrow-${source.type}`} media={NARROW_MEDIA} type={source.type} srcSet={source.srcSet} sizes="calc(100vw - 2rem)" width={narrow.width} height={narrow.height} />
      ))}
      {narrow && <source media={NARROW_MEDIA} srcSet={narrow.src} width={narrow.width} height={narrow.height} />}
      {(image.sources ?? []).map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={shown} />)}
      {img}
    </picture>
  );
}
