/** An image from content: a public file with its size and text alternative. */
export interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** AVIF and WebP variants of a PNG or JPEG, from image(). */
  sources?: { type: string; srcSet: string }[];
}

export interface Link {
  label: string;
  href: string;
}

/** A titled entry of a list section: a need, a benefit, a sector … */
export interface Item {
  title: string;
  text?: string;
}

/** A hero banner at the top of an inner page. */
export interface Hero {
  eyebrow?: string;
  title: string;
  text?: string;
  image?: Image;
  /** The image's narrow cut, shown under 640 px. */
  narrow?: Image;
  cta?: Link;
}

/** A person on the About page. */
export interface Person {
  name: string;
  role: string;
  credential: string;
  profile: string;
  photo: Image;
}

/** A video with its poster, as IntroVideo takes it. */
export interface Video {
  src: string;
  poster: Image;
  label: string;
  /** The narrow cut phones play instead (4:5), with its own poster. */
  narrow?: { src: string; poster: Image };
}
