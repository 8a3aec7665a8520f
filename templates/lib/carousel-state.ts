/**
 * The logo carousel's behaviour, apart from React and the DOM so that it can
 * be tested with a fake clock: which slide is shown, the seamless loop, the
 * visible count per window width, and when it rotates on its own.
 *
 * The track holds CLONES copies of the last slides before the real ones and
 * of the first slides after them. Moving past either end lands on a clone
 * that looks like the slide at the other end; once the slide transition is
 * over the track jumps, without animation, to that real slide.
 */

/** Spec section 9. */
export const AUTOPLAY_MS = 3000;
export const TRANSITION_MS = 500;
/** As many clones on each side as the most slides ever visible, so a loop never shows a gap. */
export const CLONES = 4;

/** Slides in view for a window width (spec section 9). */
export function visibleSlides(windowWidth: number): 1 | 2 | 3 | 4 {
  if (windowWidth <= 480) return 1;
  if (windowWidth <= 768) return 2;
  if (windowWidth <= 1024) return 3;
  return 4;
}

export interface CarouselState {
  /** Real slides. */
  count: number;
  /** Index into the track, clones included: the real slides are CLONES … CLONES + count - 1. */
  position: number;
  /** False for the jump back from a clone, which must not be seen. */
  animate: boolean;
  visible: number;
  /** The visitor's choice with the rotation button. */
  rotation: boolean;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
}

export function initialState(count: number, windowWidth = Infinity): CarouselState {
  return { count, position: CLONES, animate: true, visible: visibleSlides(windowWidth), rotation: true, hovered: false, focused: false, reducedMotion: false };
}

/** Whether the carousel advances on its own right now. */
export function isRotating(state: CarouselState): boolean {
  return state.rotation && !state.hovered && !state.focused && !state.reducedMotion;
}

/** The real slide at the front, 0-based. */
export function currentSlide(state: CarouselState): number {
  return (((state.position - CLONES) % state.count) + state.count) % state.count;
}

/** One step; clicks faster than the transition may walk into the clones, but never past them. */
export function move(state: CarouselState, step: 1 | -1): CarouselState {
  const last = state.count + 2 * CLONES - 1;
  return { ...state, position: Math.min(last, Math.max(0, state.position + step)), animate: true };
}

/** After a transition: off a clone, jump to the real slide it shows. */
export function settle(state: CarouselState): CarouselState {
  const real = CLONES + currentSlide(state);
  return real === state.position ? state : { ...state, position: real, animate: false };
}

export function isOnClone(state: CarouselState): boolean {
  return state.position < CLONES || state.position >= CLONES + state.count;
}

/** setTimeout and clearTimeout, injectable for tests. */
export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CarouselMachine {
  readonly state: CarouselState;
  next(): void;
  previous(): void;
  toggleRotation(): void;
  setHovered(hovered: boolean): void;
  setFocused(focused: boolean): void;
  setReducedMotion(reduced: boolean): void;
  resize(windowWidth: number): void;
  stop(): void;
}

/**
 * The state plus its two timers: the 3 s auto-advance, restarted by every
 * move and every change that stops or restarts rotation, and the 500 ms
 * settle that ends a move onto a clone.
 */
export function createCarousel(start: CarouselState, onChange: (state: CarouselState) => void, clock: Clock = realClock): CarouselMachine {
  let state = start;
  let autoplay: unknown;
  let settling: unknown;

  const update = (next: CarouselState, restartAutoplay: boolean) => {
    const wasRotating = isRotating(state);
    state = next;
    if (restartAutoplay || wasRotating !== isRotating(state)) schedule();
    onChange(state);
  };
  const schedule = () => {
    clock.clearTimeout(autoplay);
    autoplay = isRotating(state) ? clock.setTimeout(() => step(1), AUTOPLAY_MS) : undefined;
  };
  const step = (direction: 1 | -1) => {
    update(move(state, direction), true);
    clock.clearTimeout(settling);
    if (isOnClone(state)) settling = clock.setTimeout(() => update(settle(state), false), TRANSITION_MS);
  };

  schedule();
  return {
    get state() { return state; },
    next: () => step(1),
    previous: () => step(-1),
    toggleRotation: () => update({ ...state, rotation: !state.rotation }, false),
    setHovered: (hovered) => update({ ...state, hovered }, false),
    setFocused: (focused) => update({ ...state, focused }, false),
    setReducedMotion: (reducedMotion) => update({ ...state, reducedMotion }, false),
    resize: (windowWidth) => {
      const visible = visibleSlides(windowWidth);
      if (visible !== state.visible) update({ ...state, visible }, false);
    },
    stop: () => {
      clock.clearTimeout(autoplay);
      clock.clearTimeout(settling);
    },
  };
}
