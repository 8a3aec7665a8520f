import type { Image } from './types.ts';

/** A muted, inline video with controls; the video island plays it while it is fully in view. */
export function IntroVideo({ src, poster, label }: { src: string; poster: Image; label: string }) {
  return (
    <video className="video" src={src} poster={poster.src} width={poster.width} height={poster.height}
      muted playsInline controls preload="none" aria-label={label} />
  );
}
