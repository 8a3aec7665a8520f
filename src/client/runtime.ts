/**
 * The script every page loads: it finds the islands in the server HTML and
 * hydrates each from its own lazily loaded chunk. Kept free of React so that
 * a page without islands ships only this file.
 */
import { showIslandError } from './island-error.ts';

type Mount = (element: HTMLElement, props: unknown) => void;

for (const element of document.querySelectorAll<HTMLElement>('sitegen-island')) {
  const src = element.getAttribute('src')!;
  import(src)
    .then((module: { default: Mount }) => module.default(element, JSON.parse(element.getAttribute('props') ?? '{}')))
    .catch((error) => {
      console.error(error);
      showIslandError(element, error);
    });
}
