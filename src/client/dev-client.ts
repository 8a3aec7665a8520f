/**
 * The client that `sitegen dev` adds to every page it serves (never to a
 * build): it follows the dev server's event stream. `reload` reloads the tab
 * after a rebuild; `styles` (only stylesheets changed) swaps the page's
 * stylesheets for the rebuilt ones in place, keeping scroll, focus and what
 * the islands hold; `build-error` shows the error overlay with the report the
 * terminal printed (sent at once on connecting while the site is broken);
 * `build-ok` removes it. Not `error`: EventSource fires that name itself when
 * the connection drops.
 */
import type { ErrorReport } from '../report.ts';
import { hideOverlay, showOverlay } from './dev-overlay.ts';

const events = new EventSource('/__sitegen/events');
// Tests wait for this mark before saving a file.
events.addEventListener('open', () => {
  document.documentElement.dataset.sitegenDev = 'connected';
});
events.addEventListener('reload', () => location.reload());
events.addEventListener('styles', () => void swapStylesheets().catch(() => location.reload()));
events.addEventListener('build-error', (event) => showOverlay(document, JSON.parse((event as MessageEvent<string>).data) as ErrorReport));
events.addEventListener('build-ok', () => {
  // The stand-in for a page that failed to build has nothing to show once it is fixed: load the real page.
  if (document.documentElement.dataset.sitegenErrorPage !== undefined) location.reload();
  else hideOverlay(document);
});

/**
 * The page as the server has it now: each stylesheet whose address changed (the hashed bundle's name) is loaded
 * beside the old one, which goes once the new one has loaded, so nothing flashes unstyled. Anything else about the
 * stylesheets that differs (one more, one fewer) reloads the page.
 */
async function swapStylesheets(): Promise<void> {
  const response = await fetch(location.href, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${response.status}`);
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
  const selector = 'link[rel="stylesheet"]';
  const now = [...document.querySelectorAll<HTMLLinkElement>(selector)];
  const next = [...fresh.querySelectorAll<HTMLLinkElement>(selector)];
  if (now.length !== next.length || now.length === 0) throw new Error('the stylesheets changed in number');
  await Promise.all(now.map((old, index) => {
    const wanted = next[index];
    if (old.getAttribute('href') === wanted.getAttribute('href')) return undefined;
    const link = document.importNode(wanted, true);
    return new Promise<void>((resolve, reject) => {
      link.addEventListener('load', () => {
        old.remove();
        resolve();
      });
      link.addEventListener('error', () => reject(new Error(`${link.href} did not load`)));
      old.after(link);
    });
  }));
  document.documentElement.dataset.sitegenStyles = String(Number(document.documentElement.dataset.sitegenStyles ?? '0') + 1);
}
