/**
 * The `::: Embed` block's props, checked at the Markdown file's line: a
 * YouTube or Vimeo address, the video's title (the play button's name and
 * the frame's), and an optional poster. The host's player address is worked
 * out here, at build, so the browser's code carries no parser and no zod.
 * templates/markdown.ts pairs this schema with what draws the video (the
 * `video-embed` island here; the news starter's page script instead).
 *
 * A poster is an image beside the page (`./still.jpg`), in public/, or on a
 * host that site.yaml's `images.remote` lists (YouTube's stills are on
 * https://i.ytimg.com): fetched and resized at build, so the page still asks
 * nothing of the video's host. Without one the poster is drawn from the title.
 */
import { z, image } from 'sitegen';

/** The video hosts' players, on their privacy-enhanced domains: the only origins a page with an embed may frame. */
export const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

const ID = /^[\w-]{6,}$/;

/** The host and the player's address for a video's address, or undefined for one that is not a video of either host. */
export function videoOf(address: string): { host: 'YouTube' | 'Vimeo'; player: string; watch: string } | undefined {
  const url = URL.parse(address);
  if (!url || url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (host === 'youtu.be') youtube = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube = parts[0] === 'watch' ? url.searchParams.get('v') ?? undefined : ['embed', 'shorts', 'live'].includes(parts[0]) ? parts[1] : undefined;
  }
  if (youtube !== undefined) {
    if (!ID.test(youtube)) return undefined;
    const start = Number.parseInt(url.searchParams.get('t') ?? url.searchParams.get('start') ?? '', 10);
    const query = `autoplay=1${Number.isFinite(start) && start > 0 ? `&start=${start}` : ''}`;
    return { host: 'YouTube', player: `https://www.youtube-nocookie.com/embed/${youtube}?${query}`, watch: `https://www.youtube.com/watch?v=${youtube}` };
  }
  const vimeo = host === 'vimeo.com' ? parts[0] : host === 'player.vimeo.com' && parts[0] === 'video' ? parts[1] : undefined;
  if (vimeo !== undefined && /^\d+$/.test(vimeo)) {
    return { host: 'Vimeo', player: `https://player.vimeo.com/video/${vimeo}?autoplay=1&dnt=1`, watch: `https://vimeo.com/${vimeo}` };
  }
  return undefined;
}

/** An `Embed` block's props: what its component is given is the host, the player's and the watch page's addresses, the title, the poster. */
export const embedSchema = z.strictObject({
  url: z.string().refine((value) => videoOf(value) !== undefined, 'expected a YouTube or Vimeo address, such as https://www.youtube.com/watch?v=… or https://vimeo.com/…'),
  title: z.string().min(1).describe('the video\'s title: the play button says it'),
  // Written as a path (`./still.jpg`); the button names the video, so the poster's alt text stays empty.
  poster: z.preprocess((value) => (typeof value === 'string' ? { src: value, alt: '' } : value), image()).optional(),
}).transform(({ url, title, poster }) => ({ ...videoOf(url)!, title, ...(poster ? { poster } : {}) }));

/**
 * What draws an `Embed` block is given: the host, the player's address on its privacy-enhanced domain and the video's
 * own page on its host (the way to it without JavaScript), the title, the poster (read and resized at build like any
 * image() field; without one, a poster drawn with the title), and the page's language, which the words follow.
 */
export type EmbedProps = z.output<typeof embedSchema> & { lang: string };
