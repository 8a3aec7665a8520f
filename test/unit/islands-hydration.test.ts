/**
 * Each island's server HTML must be exactly what its first client render
 * hydrates: the production React of the browser bundle does not report
 * attribute mismatches, so check here with the development build, which
 * does, in happy-dom.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Window } from 'happy-dom';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import Carousel from '../../templates/islands/carousel.tsx';
import Video from '../../templates/islands/video.tsx';

const image = (name: string) => ({ src: `/img/${name}.svg`, alt: name, width: 200, height: 64 });

const ISLANDS: [string, ComponentType<any>, object][] = [
  ['carousel', Carousel, { label: 'Trusted by', logos: Array.from({ length: 14 }, (_, index) => image(`logo-${index}`)) }],
  ['video', Video, { src: '/video/intro.mp4', poster: image('poster'), label: 'Introduction' }],
];

const window = new Window({ url: 'http://localhost/', width: 1280, height: 800 });
class FakeIntersectionObserver {
  observe() {}
  disconnect() {}
}
Object.assign(window, { IntersectionObserver: FakeIntersectionObserver });
for (const key of ['window', 'document', 'navigator', 'HTMLElement', 'Element', 'Node', 'IntersectionObserver', 'matchMedia', 'getComputedStyle']) {
  Object.defineProperty(globalThis, key, { value: key === 'window' ? window : (window as any)[key], configurable: true, writable: true });
}
(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

for (const [name, Island, props] of ISLANDS) {
  test(`${name}: hydration finds the server HTML as it would render it`, async () => {
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    const html = renderToString(createElement(Island, props));
    const container = window.document.createElement('div');
    container.innerHTML = html;
    window.document.body.append(container);
    const complaints: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => complaints.push(args.map(String).join(' '));
    try {
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container as unknown as Element, createElement(Island, props), {
          onRecoverableError: (error) => complaints.push(String(error)),
        });
      });
      await act(async () => root!.unmount());
    } finally {
      console.error = original;
      container.remove();
    }
    assert.equal(complaints, [], `${name} hydration complaints`);
  });
}

test.after(() => window.happyDOM.close());
test.run();
