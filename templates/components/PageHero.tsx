import type { ReactNode } from 'react';
import type { Hero } from './types.ts';
import { Img } from './Img.tsx';
import { KeepWhole } from './KeepWhole.tsx';

/** The dark banner that opens every inner page; it holds the page's only h1, and after its text any actions given as children. */
export function PageHero({ eyebrow, title, text, image, narrow, cta, children }: Hero & { children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className={image ? 'page-hero__inner page-hero__inner--image' : 'page-hero__inner'}>
        <div className="page-hero__text">
          {eyebrow ? <p className="page-hero__eyebrow">{eyebrow}</p> : null}
          <h1><KeepWhole text={title} /></h1>
          {text ? <p className="page-hero__lead">{text}</p> : null}
          {cta ? <a className="button button--primary" href={cta.href}>{cta.label}</a> : null}
          {children}
        </div>
        {/* At most 30rem wide (styles/50-pages.css), the screen's width less its gutters on a phone. */}
        {image ? <Img image={image} className="page-hero__image" eager sizes="(min-width: 800px) 30rem, calc(100vw - 2rem)" {...(narrow ? { narrow } : {})} /> : null}
      </div>
    </section>
  );
}
