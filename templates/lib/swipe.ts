/** How far (px) a toast must be dragged sideways before letting go dismisses it. */
export const SWIPE_DISMISS_PX = 80;
/** Movement below this is a click that wobbled, not a drag. */
const DRAG_START_PX = 6;

interface SwipeHandlers {
  onStart(): void;
  /** The drag ended short of the threshold: the element springs back. */
  onCancel(): void;
  onDismiss(): void;
}

/**
 * Lets the pointer drag an element sideways; past the threshold, letting go
 * dismisses it. The offset goes into a CSS custom property through the CSSOM,
 * which the style-src 'self' policy allows (a style attribute would not be).
 * Returns whether the last press turned into a drag, so that the click which
 * follows a drag does not count as a click.
 */
export function enableSwipe(element: HTMLElement, handlers: SwipeHandlers): () => boolean {
  let startX = 0;
  let startY = 0;
  let pointer: number | undefined;
  let dragging = false;
  let dragged = false;

  const offset = (event: PointerEvent) => event.clientX - startX;
  const reset = () => {
    pointer = undefined;
    dragging = false;
    element.classList.remove('toast--dragging');
    element.style.removeProperty('--toast-drag-x');
  };

  element.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    pointer = event.pointerId;
    startX = event.clientX;
    startY = event.clientY;
    dragged = false;
  });
  element.addEventListener('pointermove', (event) => {
    if (event.pointerId !== pointer) return;
    const dx = offset(event);
    if (!dragging) {
      // A mostly vertical move is a scroll, not a swipe.
      if (Math.abs(dx) < DRAG_START_PX || Math.abs(dx) < Math.abs(event.clientY - startY)) return;
      dragging = dragged = true;
      element.setPointerCapture?.(event.pointerId);
      element.classList.add('toast--dragging');
      handlers.onStart();
    }
    element.style.setProperty('--toast-drag-x', `${dx}px`);
  });
  const finish = (event: PointerEvent) => {
    if (event.pointerId !== pointer) return;
    const wasDragging = dragging;
    const far = Math.abs(offset(event)) >= SWIPE_DISMISS_PX;
    reset();
    if (!wasDragging) return;
    if (far && event.type === 'pointerup') handlers.onDismiss();
    else handlers.onCancel();
  };
  element.addEventListener('pointerup', finish);
  element.addEventListener('pointercancel', finish);
  return () => dragged;
}
