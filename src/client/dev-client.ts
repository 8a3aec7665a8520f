/**
 * The client that `sitegen dev` adds to every page it serves (never to a
 * build): it follows the dev server's event stream. `reload` reloads the tab
 * after a rebuild; `build-error` shows the error overlay with the report the
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
events.addEventListener('build-error', (event) => showOverlay(document, JSON.parse((event as MessageEvent<string>).data) as ErrorReport));
events.addEventListener('build-ok', () => {
  // The stand-in for a page that failed to build has nothing to show once it is fixed: load the real page.
  if (document.documentElement.dataset.sitegenErrorPage !== undefined) location.reload();
  else hideOverlay(document);
});
