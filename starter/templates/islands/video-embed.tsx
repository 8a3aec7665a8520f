import { useRef, useState } from 'react';
import { VIDEO_WORDS, wordsOf } from '../words.ts';
import type { EmbedProps } from '../embed.ts';

/** Worked out at build by templates/embed.ts (a type only: the island carries none of its code). */
export type VideoEmbedProps = EmbedProps;

/**
 * A YouTube or Vimeo video that asks nothing of its host until the visitor
 * presses play: a poster and a button, then the host's player in a frame
 * (youtube-nocookie.com, player.vimeo.com), which takes the focus. It
 * hydrates when the visitor reaches into it; the press that woke it plays.
 * The link under it leads to the video on its host, with or without script.
 */
export default function VideoEmbed({ player, watch, host, title, poster, lang }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const words = wordsOf(VIDEO_WORDS, lang);
  return (
    <figure className="video-embed">
      <div className="video-embed-frame">
        {playing ? (
          <iframe
            ref={(element) => { frame.current = element; element?.focus(); }}
            src={player} title={title} allow="autoplay; fullscreen; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button type="button" className="video-embed-play" aria-label={words.play(title)} onClick={() => setPlaying(true)}>
            {poster ? <Poster image={poster} /> : <span className="video-embed-drawn" aria-hidden="true">{title}</span>}
            <svg className="video-embed-icon" viewBox="0 0 68 48" aria-hidden="true" focusable="false">
              <rect width="68" height="48" rx="12" />
              <path d="M27 14v20l18-10z" />
            </svg>
          </button>
        )}
      </div>
      <figcaption><a href={watch}>{words.watch(host)}</a></figcaption>
    </figure>
  );
}

function Poster({ image }: { image: NonNullable<VideoEmbedProps['poster']> }) {
  // The button names the video; the poster would only say it again.
  const img = <img src={image.src} alt="" width={image.width} height={image.height} loading="lazy" decoding="async" />;
  if (!image.sources) return img;
  return (
    <picture>
      {image.sources.map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes="(max-width: 42rem) 100vw, 42rem" />)}
      {img}
    </picture>
  );
}
