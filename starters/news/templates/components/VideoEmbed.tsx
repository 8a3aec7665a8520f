/**
 * A YouTube or Vimeo video (templates/markdown.ts's `Embed` entry), drawn by
 * the build and worked by the page script (sitegen.config.ts), not an
 * island: a post with a video loads no React and no islands' runtime. The
 * page asks nothing of the video's host until the reader presses play; the
 * press puts the host's player (youtube-nocookie.com, player.vimeo.com) in
 * the poster's place, and the player takes the focus. The link under it
 * leads to the video on its host, with or without script.
 * The markup and words are the basic starter's island's (its styles are in
 * templates/styles/embeds.css).
 */
import { VIDEO_WORDS, wordsOf } from '../words.ts';
import { Picture } from './Picture.tsx';
import type { EmbedProps } from '../embed.ts';

export default function VideoEmbed({ player, watch, host, title, poster, lang }: EmbedProps) {
  const words = wordsOf(VIDEO_WORDS, lang);
  return (
    <figure className="video-embed">
      <div className="video-embed-frame">
        {/* Without scripts the button does nothing: the link below still leads to the video. */}
        <button type="button" className="video-embed-play" aria-label={words.play(title)} data-player={player} data-title={title}>
          {/* The button names the video; the poster would only say it again. */}
          {poster ? <Picture image={poster} alt="" sizes="(max-width: 42rem) 100vw, 42rem" /> : <span className="video-embed-drawn" aria-hidden="true">{title}</span>}
          <svg className="video-embed-icon" viewBox="0 0 68 48" aria-hidden="true" focusable="false">
            <rect width="68" height="48" rx="12" />
            <path d="M27 14v20l18-10z" />
          </svg>
        </button>
      </div>
      <figcaption><a href={watch}>{words.watch(host)}</a></figcaption>
    </figure>
  );
}
