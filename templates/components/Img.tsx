import type { Image } from './types.ts';

/** An image with its intrinsic size, so nothing shifts while it loads. */
export function Img({ image, className, eager = false }: { image: Image; className?: string; eager?: boolean }) {
  return (
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
}
