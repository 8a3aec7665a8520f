/**
 * `sitegen dev`'s error overlay: while the content or a template is broken,
 * open tabs show the same report as the terminal over the last good page.
 * It lives in a shadow root, so neither the site's CSS styles it nor its own
 * styles leak into the page, and every piece of the report is set as text
 * (the message may quote what an editor typed). Its stylesheet is a file
 * (/__sitegen/overlay.css) because the pages' policy allows no inline style.
 *
 * It is a non-modal dialog: focus moves to it when it appears, so a screen
 * reader reads its name and summary, but nothing traps focus there. Escape
 * or its Close button dismisses it and gives focus back.
 */
import type { ErrorReport } from '../report.ts';

export const OVERLAY_TAG = 'sitegen-error-overlay';
export const OVERLAY_STYLESHEET = '/__sitegen/overlay.css';

interface OverlayState {
  host: HTMLElement;
  dialog: HTMLElement;
  content: HTMLElement;
  /** What had focus before the overlay took it, to give it back on dismiss. */
  returnFocus: Element | null;
  onKey: (event: KeyboardEvent) => void;
}

const shown = new WeakMap<Document, OverlayState>();

/** Shows the report, or replaces the one already shown (without taking focus again). */
export function showOverlay(doc: Document, report: ErrorReport): void {
  const current = shown.get(doc);
  if (current) {
    fillReport(doc, current.content, report);
    return;
  }
  const state = createOverlay(doc);
  fillReport(doc, state.content, report);
  doc.body.append(state.host);
  shown.set(doc, state);
  doc.addEventListener('keydown', state.onKey);
  state.dialog.focus();
}

/** Removes the overlay, if any, and gives focus back to what had it. */
export function hideOverlay(doc: Document): void {
  const state = shown.get(doc);
  if (!state) return;
  shown.delete(doc);
  doc.removeEventListener('keydown', state.onKey);
  const hadFocus = state.host.shadowRoot?.activeElement != null;
  state.host.remove();
  if (hadFocus && state.returnFocus instanceof HTMLElement && state.returnFocus.isConnected) state.returnFocus.focus();
}

function createOverlay(doc: Document): OverlayState {
  const host = doc.createElement(OVERLAY_TAG);
  const root = host.attachShadow({ mode: 'open' });
  const style = element(doc, 'link', { rel: 'stylesheet', href: OVERLAY_STYLESHEET });
  const dialog = element(doc, 'div', {
    role: 'dialog', 'aria-labelledby': 'sitegen-overlay-title', 'aria-describedby': 'sitegen-overlay-summary', tabindex: '-1', class: 'panel',
  });
  const title = element(doc, 'h2', { id: 'sitegen-overlay-title' });
  title.textContent = 'sitegen: the build failed';
  const content = element(doc, 'div', {});
  const close = element(doc, 'button', { type: 'button', class: 'close' });
  close.textContent = 'Close';
  close.addEventListener('click', () => hideOverlay(doc));
  dialog.append(title, content, close);
  root.append(style, dialog);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') hideOverlay(doc);
  };
  return { host, dialog, content, returnFocus: doc.activeElement, onKey };
}

/** The summary, then each error as the terminal prints it, in a <pre> so the code frame keeps its columns. */
function fillReport(doc: Document, content: HTMLElement, report: ErrorReport): void {
  const count = report.errors.length;
  const summary = element(doc, 'p', { id: 'sitegen-overlay-summary' });
  summary.textContent = `${report.summary ?? (count === 1 ? '1 error.' : `${count} errors.`)} `
    + 'The page below is the last good build. Fix the file and save: this goes away by itself.';
  const items = report.errors.map((item) => {
    const pre = element(doc, 'pre', { class: item.label === 'error' ? 'error' : 'error internal' });
    pre.textContent = `${item.label}${item.label === 'error' ? ' ' : ': '}${item.text}`;
    return pre;
  });
  content.replaceChildren(summary, ...items);
}

function element(doc: Document, tag: string, attributes: Record<string, string>): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}
