import { Island } from 'sitegen';
import Carousel from '../islands/carousel.tsx';
import type { Image } from './types.ts';

/** The Trusted-by logos: server HTML that the carousel island brings to life. */
export function LogoCarousel({ logos, label }: { logos: Image[]; label: string }) {
  return <Island name="carousel" component={Carousel} props={{ logos, label }} />;
}
