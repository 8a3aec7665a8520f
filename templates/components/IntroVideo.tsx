import { Island } from 'sitegen';
import Video, { type VideoProps } from '../islands/video.tsx';

/** A muted, inline video with controls; the video island plays it while it is fully in view. */
export function IntroVideo({ src, poster, label, narrow }: VideoProps) {
  // Far down its pages, and it only plays once in view: its code (and React) can wait until then.
  return <Island name="video" component={Video} props={{ src, poster, label, narrow }} hydrate="visible" />;
}
