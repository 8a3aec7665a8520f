/** When each island hydrates, driven with fake idle callbacks, observers and a fake clock. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, hydrationMoment, strategyOf, type HydrationMomentDeps } from '../../src/client/hydration-moment.ts';
import { Window } from 'happy-dom';
import { fakeClock } from '../helpers/fake-clock.ts';

const element = (hydrate?: string, margin?: string) => ({ getAttribute: (name: string) => (name === 'hydrate' ? hydrate ?? null : name === 'margin' ? margin ?? null : null) }) as unknown as Element;

/** Deps whose idle callbacks and observers run only when the test says so. */
function fakeDeps() {
  const clock = fakeClock();
  const idle: { callback: () => void; timeout: number }[] = [];
  const observers: { callback: (entries: { isIntersecting: boolean }[]) => void; observed: unknown[]; disconnected: boolean; rootMargin: string }[] = [];
  const deps: HydrationMomentDeps = {
    requestIdleCallback: (callback, { timeout }) => idle.push({ callback, timeout }),
    setTimeout: clock.setTimeout,
    IntersectionObserver: class {
      record;
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void, { rootMargin }: { rootMargin: string }) {
        this.record = { callback, observed: [] as unknown[], disconnected: false, rootMargin };
        observers.push(this.record);
      }
      observe(target: Element) { this.record.observed.push(target); }
      disconnect() { this.record.disconnected = true; }
    },
  };
  return { deps, clock, idle, observers };
}

/** Whether a promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => { done = true; });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

test('the strategy comes from the hydrate attribute; none or an unknown one means load', () => {
  assert.is(strategyOf(element()), 'load');
  assert.is(strategyOf(element('idle')), 'idle');
  assert.is(strategyOf(element('visible')), 'visible');
  assert.is(strategyOf(element('whenever')), 'load');
});

test('load resolves at once', async () => {
  const { deps } = fakeDeps();
  assert.ok(await settled(hydrationMoment(element(), 'load', deps)));
});

test('idle waits for the idle callback, which has a time-out so that a busy page still hydrates', async () => {
  const { deps, idle } = fakeDeps();
  const moment = hydrationMoment(element(), 'idle', deps);
  assert.not.ok(await settled(moment), 'resolved before the browser was idle');
  assert.is(idle.length, 1);
  assert.is(idle[0].timeout, IDLE_TIMEOUT_MS);
  idle[0].callback();
  assert.ok(await settled(moment), 'did not resolve when idle');
});

test('idle without requestIdleCallback waits a short time instead', async () => {
  const { deps, clock } = fakeDeps();
  delete deps.requestIdleCallback;
  const moment = hydrationMoment(element(), 'idle', deps);
  clock.tick(IDLE_FALLBACK_MS - 1);
  assert.not.ok(await settled(moment), 'resolved before the fallback delay');
  clock.tick(1);
  assert.ok(await settled(moment), 'did not resolve after the fallback delay');
});

test('visible waits until the element intersects (with a margin), then stops observing', async () => {
  const { deps, observers } = fakeDeps();
  const target = element('visible');
  const moment = hydrationMoment(target, 'visible', deps);
  assert.is(observers.length, 1);
  assert.equal(observers[0].observed, [target], 'the island itself is observed');
  assert.is(observers[0].rootMargin, '200px');
  observers[0].callback([{ isIntersecting: false }]);
  assert.not.ok(await settled(moment), 'resolved while out of view');
  observers[0].callback([{ isIntersecting: true }]);
  assert.ok(await settled(moment), 'did not resolve in view');
  assert.ok(observers[0].disconnected, 'still observing after hydrating');
});

test('a visible island\'s margin attribute says how near the view it starts: 0px waits until it is in view', () => {
  const { deps, observers } = fakeDeps();
  void hydrationMoment(element('visible', '0px'), 'visible', deps);
  assert.is(observers[0].rootMargin, '0px');
});

test('visible without IntersectionObserver hydrates at once rather than never', async () => {
  const { deps } = fakeDeps();
  delete deps.IntersectionObserver;
  assert.ok(await settled(hydrationMoment(element(), 'visible', deps)));
});

test('an interaction island waits for the visitor to reach into it: a pointer, a touch, focus or a key, and any one will do', async () => {
  for (const event of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown']) {
    const window = new Window();
    window.document.body.innerHTML = '<sitegen-island hydrate="interaction"><form><input id="name"></form></sitegen-island><p id="outside">x</p>';
    const island = window.document.querySelector('sitegen-island') as unknown as Element;
    const moment = hydrationMoment(island, strategyOf(island), fakeDeps().deps);
    window.document.querySelector('#outside')!.dispatchEvent(new window.Event(event, { bubbles: true }));
    assert.not.ok(await settled(moment), `${event} outside the island started it`);
    window.document.querySelector('#name')!.dispatchEvent(new window.Event(event, { bubbles: true }));
    assert.ok(await settled(moment), `${event} inside the island did not start it`);
    await window.happyDOM.close();
  }
});

test('an interaction island that already has the focus (autofocus) starts at once', async () => {
  const window = new Window();
  window.document.body.innerHTML = '<sitegen-island hydrate="interaction"><input id="name"></sitegen-island>';
  (window.document.querySelector('#name') as unknown as HTMLInputElement).focus();
  const island = window.document.querySelector('sitegen-island') as unknown as Element;
  assert.ok(await settled(hydrationMoment(island, 'interaction', fakeDeps().deps)));
  await window.happyDOM.close();
});

test('an interaction island that the address leads into (#contact-message) starts at once; one it leads elsewhere waits', async () => {
  for (const [hash, starts] of [['#name', true], ['#outside', false], ['#nowhere', false], ['#%E0%A4%A', false]] as const) {
    const window = new Window({ url: `https://www.example.com/contact?topic=soc2-report${hash}` });
    window.document.body.innerHTML = '<sitegen-island hydrate="interaction"><input id="name"></sitegen-island><p id="outside">x</p>';
    const island = window.document.querySelector('sitegen-island') as unknown as Element;
    assert.is(await settled(hydrationMoment(island, 'interaction', fakeDeps().deps)), starts, hash);
    await window.happyDOM.close();
  }
});

test.run();
