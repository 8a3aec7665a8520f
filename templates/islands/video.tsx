import { useEffect, useRef } from 'react';
import type { Image } from '../components/types.ts';

export interface VideoProps {
  src: string;
  poster: Image;
  label: string;
}

/**
 * A muted inline video with controls that plays while it is wholly in view
 * and pauses when it is not. A visitor who pauses it keeps it paused until
 * they play it again. The markup is the same on the server and the client;
 * everything else happens in the effect.
 */
export default function Video({ src, poster, label }: VideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => watchVisibility(ref.current!), []);
  return (
    <video ref={ref} className="video" src={src} poster={poster.src} width={poster.width} height={poster.height}
      muted playsInline controls preload="none" aria-label={label} />
  );
}

function watchVisibility(video: HTMLVideoElement): () => void {
  // React sets `muted` as a property, not an attribute; make sure autoplay is allowed.
  video.muted = true;
  let pausedByVisitor = false;
  let pausingOurselves = false;
  const onPlay = () => { pausedByVisitor = false; };
  const onPause = () => {
    // The end of the video also pauses it; that is no choice of the visitor's.
    if (!pausingOurselves && !video.ended) pausedByVisitor = true;
    pausingOurselves = false;
  };
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const observer = new IntersectionObserver(([entry]) => {
    const wholly = entry.isIntersecting && entry.intersectionRatio >= 1;
    if (wholly && video.paused && !pausedByVisitor && !reducedMotion.matches) {
      // A pause() during the play() promise rejects it with AbortError: expected, not an error.
      video.play().catch(() => {});
    } else if (!wholly && !video.paused) {
      pausingOurselves = true;
      video.pause();
    }
  }, { threshold: 1 });
  video.addEventListener('play', onPlay);
  video.addEventListener('pause', onPause);
  observer.observe(video);
  return () => {
    observer.disconnect();
    video.removeEventListener('play', onPlay);
    video.removeEventListener('pause', onPause);
  };
}
