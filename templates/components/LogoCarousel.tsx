import { Island } from 'sitegen';
import Carousel from '../islands/carousel.tsx';
import type { Image } from './types.ts';

/** The Trusted-by logos: server HTML that the carousel island brings to life. */
export function LogoCarousel({ logos, label }: { logos: Image[]; label: string }) {
  // Under the hero: on a phone it is just out of view as the page loads (within the default 200 px margin, hence 0px),
  // and its code and React wait until it is seen; on a wide screen it is in view and starts at once.
  return <Island name="carousel" component={Carousel} props={{ logos, label }} hydrate="visible" margin="0px" />;
}
