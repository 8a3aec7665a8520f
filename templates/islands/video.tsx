import { useEffect, useRef, useState } from 'react';
import type { Video as VideoContent } from '../components/types.ts';

export type VideoProps = VideoContent;

/**
 * Where the narrow cut takes over, as for the diagrams: under 640 px the wide cut's words fall under 14 px.
 * The stylesheet gives the player the narrow cut's shape (4:5) under the same query.
 */
export const NARROW_CUT = '(max-width: 639px)';

/**
 * A muted inline video that plays while it is wholly in view and pauses when
 * it is not, with the brand's own play/pause button (a real <button>, so the
 * keyboard and screen readers reach it) and a thin progress line in place of
 * the browser's control bar. A visitor who pauses it keeps it paused until
 * they play it again. The markup is the same on the server and the client;
 * everything else happens in the effect.
 *
 * With a narrow cut, phones play it instead: <source media> picks the file
 * (once, when the video loads), and the poster is a <picture> over the video
 * with the same query, since a <video>'s poster attribute cannot follow the
 * width. The picture goes once the video has played.
 */
export default function Video({ src, poster, label, narrow }: VideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const progress = useRef<HTMLSpanElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  useEffect(() => watchVisibility(ref.current!, progress.current!, (now) => {
    setPlaying(now);
    if (now) setStarted(true);
  }), []);
  const toggle = () => {
    const video = ref.current!;
    // A pause() during the play() promise rejects it with AbortError: expected, not an error.
    if (video.paused) video.play().catch(() => {});
    else video.pause();
  };
  return (
    <div className={narrow ? 'video-player video-player--cuts' : 'video-player'}>
      {narrow ? (
        <video ref={ref} className="video" width={poster.width} height={poster.height}
          muted playsInline preload="none" aria-label={label} onClick={toggle}>
          <source src={narrow.src} media={NARROW_CUT} type="video/mp4" />
          <source src={src} type="video/mp4" />
        </video>
      ) : (
        <video ref={ref} className="video" src={src} poster={poster.src} width={poster.width} height={poster.height}
          muted playsInline preload="none" aria-label={label} onClick={toggle} />
      )}
      {narrow ? (
        <picture className="video-player__poster" hidden={started}>
          <source srcSet={narrow.poster.src} media={NARROW_CUT} width={narrow.poster.width} height={narrow.poster.height} />
          <img src={poster.src} alt="" width={poster.width} height={poster.height} loading="lazy" decoding="async" />
        </picture>
      ) : null}
      <button type="button" className="video-player__toggle" onClick={toggle} aria-label={`${playing ? 'Pause' : 'Play'}: ${label}`}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />}
        </svg>
      </button>
      <span className="video-player__progress" aria-hidden="true"><span ref={progress} /></span>
    </div>
  );
}

function watchVisibility(video: HTMLVideoElement, progress: HTMLElement, setPlaying: (playing: boolean) => void): () => void {
  // React sets `muted` as a property, not an attribute; make sure autoplay is allowed.
  video.muted = true;
  let pausedByVisitor = false;
  let pausingOurselves = false;
  const onPlay = () => { pausedByVisitor = false; setPlaying(true); };
  const onPause = () => {
    // The end of the video also pauses it; that is no choice of the visitor's.
    if (!pausingOurselves && !video.ended) pausedByVisitor = true;
    pausingOurselves = false;
    setPlaying(false);
  };
  // Through the CSSOM, which the site's CSP allows (a style attribute it would not).
  const onTime = () => { progress.style.transform = `scaleX(${video.duration ? video.currentTime / video.duration : 0})`; };
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const observer = new IntersectionObserver(([entry]) => {
    const wholly = entry.isIntersecting && entry.intersectionRatio >= 1;
    if (wholly && video.paused && !pausedByVisitor && !reducedMotion.matches) {
      video.play().catch(() => {});
    } else if (!wholly && !video.paused) {
      pausingOurselves = true;
      video.pause();
    }
  }, { threshold: 1 });
  video.addEventListener('play', onPlay);
  video.addEventListener('pause', onPause);
  video.addEventListener('timeupdate', onTime);
  observer.observe(video);
  return () => {
    observer.disconnect();
    video.removeEventListener('play', onPlay);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('timeupdate', onTime);
  };
}
