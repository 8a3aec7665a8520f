import type { ReactNode } from 'react';
import { KeepWhole } from './KeepWhole.tsx';

interface PageSectionProps {
  /** Anchor and heading id; stable so that links like /sso#benefits keep working. */
  id: string;
  title: string;
  intro?: string;
  children?: ReactNode;
}

/** One band of an inner page: an h2, an optional intro, then the content. Bands alternate their tint in CSS. */
export function PageSection({ id, title, intro, children }: PageSectionProps) {
  return (
    <section id={id} className="page-section" aria-labelledby={`${id}-title`}>
      <div className="page-section__inner">
        <h2 id={`${id}-title`} className="page-section__title"><KeepWhole text={title} /></h2>
        {intro ? <p className="page-section__intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** Running text: one <p> per paragraph of content. */
export function Paragraphs({ paragraphs, className = 'prose-block' }: { paragraphs: string[]; className?: string }) {
  return (
    <div className={className}>
      {paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
    </div>
  );
}
