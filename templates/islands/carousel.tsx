import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import type { Image } from '../components/types.ts';
import { Img } from '../components/Img.tsx';
import { CLONES, createCarousel, initialState, isRotating, type CarouselMachine, type CarouselState } from '../lib/carousel-state.ts';

export interface CarouselProps {
  logos: Image[];
  label: string;
}

/**
 * The Trusted-by logos, as the WAI-ARIA carousel pattern describes: the
 * rotation button first, then previous and next, then the slides. The
 * behaviour lives in carousel-state.ts; this component only draws it.
 */
export default function Carousel({ logos, label }: CarouselProps) {
  const [state, setState] = useState<CarouselState>(() => initialState(logos.length));
  // Position and visible count go in a style only after hydration: the server
  // HTML must match the first client render, and the CSP forbids style
  // attributes in markup. Until then the stylesheet's defaults place the track.
  const [mounted, setMounted] = useState(false);
  const machine = useRef<CarouselMachine | null>(null);
  const trackId = useId();

  useEffect(() => {
    const carousel = createCarousel(initialState(logos.length, window.innerWidth), setState);
    machine.current = carousel;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onMotion = () => carousel.setReducedMotion(motion.matches);
    const onResize = () => carousel.resize(window.innerWidth);
    onMotion();
    setState(carousel.state);
    setMounted(true);
    motion.addEventListener('change', onMotion);
    window.addEventListener('resize', onResize);
    return () => {
      carousel.stop();
      motion.removeEventListener('change', onMotion);
      window.removeEventListener('resize', onResize);
    };
  }, [logos.length]);

  const rotating = isRotating(state);
  const trackStyle = mounted ? ({ '--position': state.position, '--visible': state.visible } as CSSProperties) : undefined;
  const slides = [...logos.slice(-CLONES), ...logos, ...logos.slice(0, CLONES)];
  return (
    // A named <section> is the region landmark the carousel pattern asks for, with no role to spell out.
    <section
      className="carousel" aria-roledescription="carousel" aria-label={label}
      onMouseEnter={() => machine.current?.setHovered(true)}
      onMouseLeave={() => machine.current?.setHovered(false)}
      // Only keyboard focus pauses: a mouse click on next would otherwise stop rotation for good.
      onFocus={(event) => machine.current?.setFocused(event.target.matches(':focus-visible'))}
      onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget)) machine.current?.setFocused(false); }}
    >
      <div className="carousel__controls">
        <button type="button" className="carousel__button carousel__rotation" onClick={() => machine.current?.toggleRotation()}
          aria-label={state.rotation ? 'Stop automatic slide show' : 'Start automatic slide show'}>
          <span aria-hidden="true" className={state.rotation ? 'carousel__icon-pause' : 'carousel__icon-play'} />
        </button>
        <button type="button" className="carousel__button" aria-controls={trackId} aria-label="Previous slide" onClick={() => machine.current?.previous()}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="carousel__button" aria-controls={trackId} aria-label="Next slide" onClick={() => machine.current?.next()}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="carousel__viewport">
        <div id={trackId} className={state.animate ? 'carousel__track' : 'carousel__track carousel__track--jump'} aria-live={rotating ? 'off' : 'polite'} style={trackStyle}>
          {slides.map((logo, index) => <Slide key={index} logo={logo} index={index - CLONES} count={logos.length} />)}
        </div>
      </div>
    </section>
  );
}

/** A real slide is a labelled group; a clone is hidden from assistive technology and from focus. */
function Slide({ logo, index, count }: { logo: Image; index: number; count: number }) {
  if (index < 0 || index >= count) {
    return <div className="carousel__slide carousel__slide--clone" aria-hidden="true" inert><Img image={logo} /></div>;
  }
  return (
    <div className="carousel__slide" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
      <Img image={logo} />
    </div>
  );
}
