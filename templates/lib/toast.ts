/**
 * Toast notices, in plain DOM code. Several islands (contact, demo, login)
 * show them, so this module ends up in a chunk they share: written without
 * React or a toast library it costs about 1 kB there and can run before,
 * or outside, any React tree. The live regions it writes into are rendered
 * by the server (templates/components/Toaster.tsx): a region that exists
 * before its first message is what makes screen readers announce that message.
 */
import { browserClock, startCountdown, type Clock, type Countdown } from './countdown.ts';
import { enableSwipe } from './swipe.ts';

export type ToastKind = 'success' | 'error';

/** The product's toasts close after 3 s (spec §9), not the library default of 5 s. */
export const AUTO_CLOSE_MS = 3000;

/** The markup contract shared with Toaster.tsx. */
export const TOASTER_CLASS = 'toasts';
export const REGION_ATTRIBUTE = 'data-toast-region';
export const REGIONS: Record<ToastKind, { role: 'status' | 'alert'; live: 'polite' | 'assertive' }> = {
  success: { role: 'status', live: 'polite' },
  error: { role: 'alert', live: 'assertive' },
};
export const DEFAULT_CLOSE_LABEL = 'Close notification';

export interface Toaster {
  show(message: string, kind: ToastKind): void;
}

let pageToaster: Toaster | undefined;

/** Shows a green (success) or red (error) notice at the top right that closes itself after 3 s. */
export function showToast(message: string, kind: ToastKind): void {
  pageToaster ??= createToaster(document, browserClock);
  pageToaster.show(message, kind);
}

/**
 * A toaster over one document. Every toast pauses while the window has lost
 * focus, so a visitor who switched away still gets to read it on return.
 */
export function createToaster(doc: Document, clock: Clock): Toaster {
  const view = doc.defaultView!;
  const open = new Set<Countdown>();
  view.addEventListener('blur', () => open.forEach((toast) => toast.pause('blur')));
  view.addEventListener('focus', () => open.forEach((toast) => toast.resume('blur')));

  return {
    show(message, kind) {
      const region = findRegion(doc, kind);
      placeBelowHeader(doc, region);
      const element = toastElement(doc, message, kind, closeLabel(region));
      const close = () => {
        timer.cancel();
        open.delete(timer);
        element.remove();
      };
      const timer = startCountdown(clock, AUTO_CLOSE_MS, close);
      if (!doc.hasFocus()) timer.pause('blur');
      open.add(timer);
      wireToast(element, timer, close);
      region.append(element);
    },
  };
}

/**
 * Puts the toasts just below the header as it stands when one shows (the
 * banner above the sticky navbar may have scrolled away), so that they never
 * cover its links ("Contact", "Request Demo"); they stay at the right.
 */
function placeBelowHeader(doc: Document, region: HTMLElement): void {
  const toaster = region.closest<HTMLElement>(`.${TOASTER_CLASS}`);
  const header = doc.querySelector<HTMLElement>('.navbar');
  if (!toaster || !header) return;
  toaster.style.setProperty('--toasts-top', `${Math.max(0, Math.round(header.getBoundingClientRect().bottom))}px`);
}

function wireToast(element: HTMLElement, timer: Countdown, close: () => void): void {
  element.addEventListener('mouseenter', () => timer.pause('hover'));
  element.addEventListener('mouseleave', () => timer.resume('hover'));
  // Keyboard users reach the close button; the toast waits while they are on it.
  element.addEventListener('focusin', () => timer.pause('focus'));
  element.addEventListener('focusout', () => timer.resume('focus'));
  const wasDragged = enableSwipe(element, {
    onStart: () => timer.pause('drag'),
    onCancel: () => timer.resume('drag'),
    onDismiss: close,
  });
  element.addEventListener('click', () => {
    if (!wasDragged()) close();
  });
}

function toastElement(doc: Document, message: string, kind: ToastKind, label: string): HTMLElement {
  const element = doc.createElement('div');
  element.className = `toast toast--${kind}`;
  const text = doc.createElement('p');
  text.className = 'toast__message';
  text.textContent = message;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'toast__close';
  button.setAttribute('aria-label', label);
  const cross = doc.createElement('span');
  cross.setAttribute('aria-hidden', 'true');
  cross.textContent = '×';
  button.append(cross);
  element.append(text, button);
  return element;
}

/** The server-rendered region; if a layout forgot the Toaster, one is made so the notice still shows. */
function findRegion(doc: Document, kind: ToastKind): HTMLElement {
  const found = doc.querySelector<HTMLElement>(`[${REGION_ATTRIBUTE}="${kind}"]`);
  if (found) return found;
  let toaster = doc.querySelector<HTMLElement>(`.${TOASTER_CLASS}`);
  if (!toaster) {
    toaster = doc.createElement('div');
    toaster.className = TOASTER_CLASS;
    doc.body.append(toaster);
  }
  const region = doc.createElement('div');
  region.className = `${TOASTER_CLASS}__region`;
  region.setAttribute(REGION_ATTRIBUTE, kind);
  region.setAttribute('role', REGIONS[kind].role);
  region.setAttribute('aria-live', REGIONS[kind].live);
  toaster.append(region);
  return region;
}

function closeLabel(region: HTMLElement): string {
  return region.closest<HTMLElement>(`.${TOASTER_CLASS}`)?.dataset.closeLabel || DEFAULT_CLOSE_LABEL;
}
