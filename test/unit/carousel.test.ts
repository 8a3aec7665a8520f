import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  AUTOPLAY_MS, CLONES, TRANSITION_MS, createCarousel, currentSlide, initialState, isRotating, visibleSlides, type CarouselState,
} from '../../templates/lib/carousel-state.ts';
import { fakeClock } from '../helpers/fake-clock.ts';

const COUNT = 14;

function setup(width = 1280) {
  const clock = fakeClock();
  const changes: CarouselState[] = [];
  const machine = createCarousel(initialState(COUNT, width), (state) => changes.push(state), clock);
  return { clock, changes, machine };
}

test('the visible count follows the window width (1 ≤ 480 < 2 ≤ 768 < 3 ≤ 1024 < 4)', () => {
  const cases: [number, number][] = [[320, 1], [480, 1], [481, 2], [768, 2], [769, 3], [1024, 3], [1025, 4], [1920, 4]];
  for (const [width, visible] of cases) assert.is(visibleSlides(width), visible, `at ${width} px`);
});

test('resizing changes the visible count and nothing else', () => {
  const { machine } = setup(1280);
  machine.resize(600);
  assert.is(machine.state.visible, 2);
  assert.is(currentSlide(machine.state), 0);
  machine.resize(400);
  assert.is(machine.state.visible, 1);
  machine.stop();
});

test('it starts on the first real slide and advances one slide every 3000 ms', () => {
  const { clock, machine } = setup();
  assert.is(machine.state.position, CLONES);
  clock.tick(AUTOPLAY_MS - 1);
  assert.is(currentSlide(machine.state), 0, 'moved before 3000 ms');
  clock.tick(1);
  assert.is(currentSlide(machine.state), 1);
  assert.ok(machine.state.animate);
  clock.tick(AUTOPLAY_MS * 2);
  assert.is(currentSlide(machine.state), 3);
  machine.stop();
});

test('past the last slide it shows the clone, then after 500 ms jumps without animation to the first', () => {
  const { clock, machine } = setup();
  clock.tick(AUTOPLAY_MS * (COUNT - 1));
  assert.is(currentSlide(machine.state), COUNT - 1);
  machine.next();
  assert.is(machine.state.position, CLONES + COUNT, 'on the clone of the first slide');
  assert.ok(machine.state.animate, 'the move onto the clone animates');
  clock.tick(TRANSITION_MS - 1);
  assert.is(machine.state.position, CLONES + COUNT, 'jumped before the transition ended');
  clock.tick(1);
  assert.is(machine.state.position, CLONES, 'back on the real first slide');
  assert.not.ok(machine.state.animate, 'the jump back must not animate');
  machine.next();
  assert.ok(machine.state.animate, 'the next move animates again');
  assert.is(currentSlide(machine.state), 1);
  machine.stop();
});

test('before the first slide it shows the clone, then after 500 ms jumps to the last', () => {
  const { clock, machine } = setup();
  machine.previous();
  assert.is(machine.state.position, CLONES - 1);
  assert.is(currentSlide(machine.state), COUNT - 1);
  clock.tick(TRANSITION_MS);
  assert.is(machine.state.position, CLONES + COUNT - 1);
  assert.not.ok(machine.state.animate);
  machine.stop();
});

test('fast clicks walk into the clones but not past them, and still settle on the right slide', () => {
  const { clock, machine } = setup();
  for (let index = 0; index < 10; index++) machine.previous();
  assert.is(machine.state.position, 0, 'stopped at the outermost clone');
  clock.tick(TRANSITION_MS);
  assert.is(machine.state.position, CLONES + COUNT - CLONES, 'the real slide the outermost clone shows');
  machine.stop();
});

test('a manual move restarts the 3000 ms countdown', () => {
  const { clock, machine } = setup();
  clock.tick(2000);
  machine.next();
  clock.tick(2000);
  assert.is(currentSlide(machine.state), 1, 'auto-advanced too soon after a manual move');
  clock.tick(1000);
  assert.is(currentSlide(machine.state), 2);
  machine.stop();
});

test('hover pauses; leaving resumes with a fresh 3000 ms', () => {
  const { clock, machine } = setup();
  clock.tick(2500);
  machine.setHovered(true);
  assert.not.ok(isRotating(machine.state));
  clock.tick(10_000);
  assert.is(currentSlide(machine.state), 0, 'advanced while hovered');
  machine.setHovered(false);
  clock.tick(AUTOPLAY_MS - 1);
  assert.is(currentSlide(machine.state), 0);
  clock.tick(1);
  assert.is(currentSlide(machine.state), 1);
  machine.stop();
});

test('keyboard focus pauses until it leaves', () => {
  const { clock, machine } = setup();
  machine.setFocused(true);
  clock.tick(10_000);
  assert.is(currentSlide(machine.state), 0);
  machine.next();
  clock.tick(10_000);
  assert.is(currentSlide(machine.state), 1, 'a move while focused must not restart rotation');
  machine.setFocused(false);
  clock.tick(AUTOPLAY_MS);
  assert.is(currentSlide(machine.state), 2);
  machine.stop();
});

test('the rotation button stops and starts rotation', () => {
  const { clock, machine } = setup();
  machine.toggleRotation();
  assert.not.ok(machine.state.rotation);
  clock.tick(10_000);
  assert.is(currentSlide(machine.state), 0);
  machine.toggleRotation();
  clock.tick(AUTOPLAY_MS);
  assert.is(currentSlide(machine.state), 1);
  machine.stop();
});

test('no auto-advance under prefers-reduced-motion; the buttons still move', () => {
  const { clock, machine } = setup();
  machine.setReducedMotion(true);
  clock.tick(10_000);
  assert.is(currentSlide(machine.state), 0);
  machine.next();
  assert.is(currentSlide(machine.state), 1);
  machine.stop();
});

test('stop() leaves no timer behind', () => {
  const { clock, machine } = setup();
  machine.next();
  machine.stop();
  assert.is(clock.pending, 0);
});

test.run();
