import type { ListImage } from 'sitegen';

/**
 * An image() field's picture: a PNG or JPEG offered in AVIF and WebP at the
 * widths it has, a WebP or SVG as it is. `sizes` says how wide the page draws
 * it; `alt` overrides the field's own text (a card's picture, beside a title
 * that says it all, is decoration: `alt=""`).
 */
export function Picture({ image, sizes, alt = image.alt, eager = false, className }: {
  image: ListImage; sizes: string; alt?: string; eager?: boolean; className?: string;
}) {
  const img = (
    <img src={image.src} alt={alt} width={image.width} height={image.height} decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} className={image.sources ? undefined : className} />
  );
  if (!image.sources) return img;
  return (
    <picture className={className}>
      {image.sources.map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />)}
      {img}
    </picture>
  );
}
