/** The fallback block shown in place of an island that failed to load or render. */
export function showIslandError(element: Element, error: unknown): void {
  const block = document.createElement('div');
  block.className = 'island-error';
  block.setAttribute('role', 'alert');
  const title = document.createElement('h2');
  title.textContent = 'Unexpected Application Error!';
  const detail = document.createElement('pre');
  detail.textContent = error instanceof Error ? error.message : String(error);
  block.append(title, detail);
  element.replaceChildren(block);
}
