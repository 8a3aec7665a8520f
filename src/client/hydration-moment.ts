/**
 * When an island hydrates, as Astro's client directives say it: at once
 * (`load`, the default), when the browser is idle (`idle`), or when the
 * island comes near the viewport (`visible`); and, as Eleventy's is-land's
 * `on:interaction`, when the visitor first reaches into it (`interaction`:
 * a pointer over or down, a touch, focus, a key). Waiting means the
 * island's chunk, and React with it, is fetched only then. What the visitor
 * types or submits meanwhile is kept (./hold-submits.ts, ./catch-up.ts).
 */

export const HYDRATE_STRATEGIES = ['load', 'idle', 'visible', 'interaction'] as const;
export type HydrateStrategy = (typeof HYDRATE_STRATEGIES)[number];

/** The longest an `idle` island waits for an idle moment on a page that is never idle. */
export const IDLE_TIMEOUT_MS = 2000;
/** Browsers without requestIdleCallback (Safari) wait this long instead, as Astro does. */
export const IDLE_FALLBACK_MS = 200;
/** A `visible` island starts loading this far before it scrolls in, so it is live by the time it is seen (its `margin` attribute may say otherwise). */
export const VISIBLE_MARGIN = '200px';
/** The events that say a visitor is reaching into an `interaction` island: a mouse on its way, a finger, the keyboard. */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

type Observer = Pick<IntersectionObserver, 'observe' | 'disconnect'>;

export interface HydrationMomentDeps {
  /** Absent in old browsers: an `idle` island then waits IDLE_FALLBACK_MS. */
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  /** Absent in old browsers: a `visible` island then hydrates at once. */
  IntersectionObserver?: new (callback: (entries: { isIntersecting: boolean }[]) => void, options: { rootMargin: string }) => Observer;
}

const browserDeps = (): HydrationMomentDeps => ({
  requestIdleCallback: globalThis.requestIdleCallback?.bind(globalThis),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  IntersectionObserver: globalThis.IntersectionObserver,
});

/** The island's strategy from its `hydrate` attribute; anything unknown hydrates at once, as before the attribute existed. */
export function strategyOf(element: Element): HydrateStrategy {
  const value = element.getAttribute('hydrate');
  return (HYDRATE_STRATEGIES as readonly string[]).includes(value ?? '') ? (value as HydrateStrategy) : 'load';
}

/** Resolves when the island's moment has come. */
export function hydrationMoment(element: Element, strategy: HydrateStrategy, deps: HydrationMomentDeps = browserDeps()): Promise<void> {
  return new Promise((resolve) => {
    if (strategy === 'idle') {
      if (deps.requestIdleCallback) deps.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else deps.setTimeout(resolve, IDLE_FALLBACK_MS);
    } else if (strategy === 'interaction') {
      const start = () => {
        for (const type of INTERACTION_EVENTS) element.removeEventListener(type, start, true);
        resolve();
      };
      for (const type of INTERACTION_EVENTS) element.addEventListener(type, start, { capture: true, passive: true });
      // Already reached into (focus came before the runtime, as autofocus does), or the address leads into it (a link to
      // /contact#contact-message): the visitor came to use it, and no event may come before they do.
      if (element.querySelector(':focus, :target')) start();
    } else if (strategy === 'visible' && deps.IntersectionObserver) {
      const observer = new deps.IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      }, { rootMargin: element.getAttribute('margin') ?? VISIBLE_MARGIN });
      observer.observe(element);
    } else {
      resolve();
    }
  });
}
