import type { ReactNode } from 'react';
import type { ImageValue } from 'sitegen';
import { Img } from './Img.tsx';

/**
 * A block's text with a still of the product beside it from 1100 px (below
 * it on narrower screens), so that a short "What is …?" block leaves no half
 * of its row empty. Without a still, the text alone.
 */
export function WithStill({ still, narrow, children }: { still?: ImageValue; narrow?: ImageValue; children: ReactNode }) {
  if (!still) return <>{children}</>;
  return (
    <div className="with-still">
      <div className="with-still__text">{children}</div>
      {/* At most 30rem wide, 28rem beside the text (styles/50-pages.css). */}
      <Img image={still} className="with-still__image" sizes="(min-width: 1100px) 28rem, (min-width: 30rem) 30rem, calc(100vw - 2rem)" {...(narrow ? { narrow } : {})} />
    </div>
  );
}
