import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Window } from 'happy-dom';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createToaster, AUTO_CLOSE_MS, type Toaster } from '../../templates/lib/toast.ts';
import { SWIPE_DISMISS_PX } from '../../templates/lib/swipe.ts';
import type { Clock } from '../../templates/lib/countdown.ts';
import { Toaster as ToasterRegions } from '../../templates/components/Toaster.tsx';

/** A clock that moves only when the test says so. */
function fakeClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      timers.set(nextId, { at: now + ms, callback });
      return nextId++;
    },
    clearTimeout: (id) => void timers.delete(id),
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
  };
}

function setup() {
  const window = new Window();
  const document = window.document as unknown as Document;
  document.body.innerHTML = renderToStaticMarkup(createElement(ToasterRegions));
  const clock = fakeClock();
  const toaster: Toaster = createToaster(document, clock);
  const toasts = () => [...document.querySelectorAll<HTMLElement>('.toast')];
  const fire = (target: EventTarget, type: string, init: Record<string, unknown> = {}) => {
    const EventType = type.startsWith('pointer') ? window.PointerEvent : type.startsWith('mouse') ? window.MouseEvent : window.Event;
    target.dispatchEvent(new EventType(type, { bubbles: !type.startsWith('mouse'), ...init }) as unknown as Event);
  };
  // happy-dom's Window is typed apart from the DOM's; it is an EventTarget all the same.
  return { window: window as unknown as EventTarget, document, clock, toaster, toasts, fire };
}

test('the live regions are in the server HTML before any toast: status for success, alert for error', () => {
  const html = renderToStaticMarkup(createElement(ToasterRegions));
  assert.match(html, /role="status"[^>]*aria-live="polite"/, 'missing: a polite status region');
  assert.match(html, /role="alert"[^>]*aria-live="assertive"/, 'missing: an assertive alert region');
});

test('a toast goes into the region of its kind, coloured by its kind, with a named close button', () => {
  const { document, toaster, toasts } = setup();
  toaster.show('Details submitted successfully', 'success');
  toaster.show('Error submitting details', 'error');
  const [success, error] = toasts();
  assert.is(success.closest('[role]')?.getAttribute('role'), 'status');
  assert.is(error.closest('[role]')?.getAttribute('role'), 'alert');
  assert.ok(success.classList.contains('toast--success'), 'missing: toast--success class');
  assert.ok(error.classList.contains('toast--error'), 'missing: toast--error class');
  assert.is(success.querySelector('.toast__message')?.textContent, 'Details submitted successfully');
  assert.is(document.querySelector('.toast__close')?.getAttribute('aria-label'), 'Close notification');
});

test('a toast closes itself after 3000 ms, not before', () => {
  const { clock, toaster, toasts } = setup();
  assert.is(AUTO_CLOSE_MS, 3000);
  toaster.show('hello', 'success');
  clock.advance(2999);
  assert.is(toasts().length, 1, 'closed before 3000 ms');
  clock.advance(1);
  assert.is(toasts().length, 0, 'still open at 3000 ms');
});

test('hovering pauses the countdown and leaving resumes it with the time that was left', () => {
  const { clock, toaster, toasts, fire } = setup();
  toaster.show('hello', 'success');
  clock.advance(2000);
  fire(toasts()[0], 'mouseenter');
  clock.advance(10_000);
  assert.is(toasts().length, 1, 'closed while hovered');
  fire(toasts()[0], 'mouseleave');
  clock.advance(999);
  assert.is(toasts().length, 1, 'lost the time that was left');
  clock.advance(1);
  assert.is(toasts().length, 0, 'did not close after resuming');
});

test('losing window focus pauses every toast; focus resumes them', () => {
  const { window, clock, toaster, toasts, fire } = setup();
  toaster.show('one', 'success');
  toaster.show('two', 'error');
  clock.advance(1000);
  fire(window, 'blur');
  clock.advance(60_000);
  assert.is(toasts().length, 2, 'closed while the window was blurred');
  fire(window, 'focus');
  clock.advance(2000);
  assert.is(toasts().length, 0, 'did not close after focus came back');
});

test('hover and blur overlap: leaving the toast while still blurred keeps it paused', () => {
  const { window, clock, toaster, toasts, fire } = setup();
  toaster.show('hello', 'success');
  fire(toasts()[0], 'mouseenter');
  fire(window, 'blur');
  fire(toasts()[0], 'mouseleave');
  clock.advance(5000);
  assert.is(toasts().length, 1, 'resumed while the window was still blurred');
  fire(window, 'focus');
  clock.advance(3000);
  assert.is(toasts().length, 0);
});

test('a click on the toast or on its close button dismisses it', () => {
  const { toaster, toasts } = setup();
  toaster.show('one', 'success');
  toaster.show('two', 'success');
  toasts()[0].click();
  assert.is(toasts().length, 1, 'click on the toast did not dismiss it');
  toasts()[0].querySelector<HTMLElement>('.toast__close')!.click();
  assert.is(toasts().length, 0, 'click on the close button did not dismiss it');
});

test('a sideways drag past the threshold dismisses; a short one springs back and the timer goes on', () => {
  const { clock, toaster, toasts, fire } = setup();
  toaster.show('hello', 'success');
  const toast = toasts()[0];
  const drag = (dx: number) => {
    fire(toast, 'pointerdown', { pointerId: 1, button: 0, clientX: 100, clientY: 10 });
    fire(toast, 'pointermove', { pointerId: 1, clientX: 100 + dx, clientY: 10 });
    fire(toast, 'pointerup', { pointerId: 1, clientX: 100 + dx, clientY: 10 });
  };
  drag(SWIPE_DISMISS_PX / 2);
  toast.click(); // the click that follows a drag is not a dismissal
  assert.is(toasts().length, 1, 'a short drag dismissed the toast');
  assert.is(toast.style.getPropertyValue('--toast-drag-x'), '', 'the toast did not spring back');
  clock.advance(AUTO_CLOSE_MS);
  assert.is(toasts().length, 0, 'the timer did not resume after a short drag');

  toaster.show('again', 'success');
  const second = toasts()[0];
  fire(second, 'pointerdown', { pointerId: 2, button: 0, clientX: 100, clientY: 10 });
  fire(second, 'pointermove', { pointerId: 2, clientX: 100 + SWIPE_DISMISS_PX + 10, clientY: 12 });
  fire(second, 'pointerup', { pointerId: 2, clientX: 100 + SWIPE_DISMISS_PX + 10, clientY: 12 });
  assert.is(toasts().length, 0, 'a long drag did not dismiss the toast');
});

test('without a server-rendered Toaster, the regions are made so the notice still shows', () => {
  const { document, toaster } = setup();
  document.body.innerHTML = '';
  toaster.show('hello', 'error');
  assert.is(document.querySelector('[data-toast-region="error"]')?.getAttribute('role'), 'alert');
  assert.is(document.querySelectorAll('.toast').length, 1);
});

test.run();
