/** An image from content: a public file with its size and text alternative. */
export interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface Link {
  label: string;
  href: string;
}
