import { loadChunk } from './chunk-loader.ts';
import { hydrationMoment, strategyOf } from './hydration-moment.ts';

/** What an island chunk exports by default (see the generated entry in src/bundle/bundle-islands.ts). */
type Mount = (element: HTMLElement, props: unknown) => void;

/** Shows an island's failure in its place (./island-error.ts: the runtime hands it in, so that this chunk shares no code with it). */
type ShowError = (element: Element, error: unknown) => void;

/**
 * Hydrates every island of the page, each on its own and at its own moment
 * (its `hydrate` attribute): one that fails shows the error block and the
 * others go on. Its chunk, and React, are fetched only when that moment comes.
 */
export function hydrateIslands(showIslandError: ShowError, root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('sitegen-island')) {
    void hydrationMoment(element, strategyOf(element)).then(() => hydrateIsland(element, showIslandError));
  }
}

async function hydrateIsland(element: HTMLElement, showIslandError: ShowError): Promise<void> {
  const name = element.getAttribute('name') ?? '?';
  try {
    const mount = await loadChunk<Mount>(name, element.getAttribute('src') ?? '');
    mount(element, JSON.parse(element.getAttribute('props') ?? '{}'));
  } catch (error) {
    console.error(error);
    showIslandError(element, error);
  }
}
