import { createContext, useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { HYDRATE_STRATEGIES, type HydrateStrategy } from '../client/hydration-moment.ts';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sitegen-island': { name: string; src: string; props: string; hydrate?: string; margin?: string; dangerouslySetInnerHTML: { __html: string } };
    }
  }
}

/** Per render: the hashed chunk of each island, the islands the page used, and those it hydrates on load. */
export interface IslandRegistry {
  chunks: Readonly<Record<string, string>>;
  used: Set<string>;
  /** The islands the head preloads: preloading one that waits would fetch it, and React, before it is needed. */
  onLoad: Set<string>;
}

export const IslandContext = createContext<IslandRegistry | null>(null);

interface IslandProps<P> {
  /** The client entry's file name in templates/islands/, without extension. */
  name: string;
  component: ComponentType<P>;
  props: P;
  /** When it hydrates: at once (`load`, the default), when the browser is idle, or when it scrolls into view. */
  hydrate?: HydrateStrategy;
  /**
   * For `visible`: how far from the view it starts loading, as a CSS length in px (200px by default; 0px: once any of
   * it is in view). An island just under the fold of a phone wants 0px, or it loads with the page.
   */
  margin?: string;
}

const MARGIN = /^(0|[1-9]\d{0,3})px$/;

/**
 * An interactive part of a page. The server renders the component on its own
 * (so that useId and the tree match what hydrateRoot sees on the client) and
 * wraps it in an element that carries the chunk and the props as JSON.
 */
export function Island<P extends object>({ name, component: Component, props, hydrate = 'load', margin }: IslandProps<P>) {
  const registry = useContext(IslandContext);
  if (!registry) throw new Error(`island "${name}" rendered outside a sitegen page`);
  const src = registry.chunks[name];
  if (!src) throw new Error(`island "${name}" has no client entry: add templates/islands/${name}.tsx`);
  if (!(HYDRATE_STRATEGIES as readonly string[]).includes(hydrate)) {
    throw new Error(`island "${name}": hydrate="${hydrate}" is not one of ${HYDRATE_STRATEGIES.map((value) => `"${value}"`).join(', ')}`);
  }
  if (margin !== undefined && (hydrate !== 'visible' || !MARGIN.test(margin))) {
    throw new Error(hydrate !== 'visible'
      ? `island "${name}": margin="${margin}" is for hydrate="visible", not "${hydrate}"`
      : `island "${name}": margin="${margin}" is not a length in px, such as "0px" or "200px"`);
  }
  registry.used.add(name);
  if (hydrate === 'load') registry.onLoad.add(name);
  const json = serializeProps(name, props);
  const html = renderToString(<Component {...props} />);
  // `load` writes no attribute: the runtime's default, and the HTML of a site that never asks stays as it was.
  const moment = hydrate === 'load' ? undefined : hydrate;
  return <sitegen-island name={name} src={src} props={json} hydrate={moment} margin={margin} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** JSON of the props, refusing what JSON would silently lose. */
export function serializeProps(name: string, props: unknown): string {
  check(props, 'props');
  return JSON.stringify(props);

  function check(value: unknown, at: string): void {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`island "${name}": ${at} is ${value}, which JSON cannot carry`);
      return;
    }
    if (Array.isArray(value)) return value.forEach((item, index) => check(item, `${at}[${index}]`));
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined) check(item, `${at}.${key}`);
      }
      return;
    }
    const kind = typeof value === 'object' ? (value as object).constructor?.name ?? 'object' : typeof value;
    throw new Error(`island "${name}": ${at} is a ${kind}, which JSON cannot carry; pass plain data`);
  }
}
