import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startProgress, type ProgressClock } from '../../src/progress.ts';

/** A terminal that records what is written, and a clock that moves only when told. */
function terminal(isTTY = true) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

function fakeClock() {
  let now = 0;
  let tick: (() => void) | undefined;
  const clock: ProgressClock = {
    now: () => now,
    setInterval: (callback) => (tick = callback),
    clearInterval: () => void (tick = undefined),
  };
  return { clock, advance: (ms: number) => { now += ms; tick?.(); }, ticking: () => tick !== undefined };
}

const ERASE = '\r\u001b[2K';

test('a build that ends within a second shows nothing', () => {
  const stream = terminal();
  const { clock, advance } = fakeClock();
  const progress = startProgress(stream, { clock });
  progress.onStage('templates', 'start');
  advance(900);
  progress.onStage('templates', 'end');
  progress.stop();
  assert.equal(stream.written, []);
});

test('a longer build shows the running stages in place on a terminal and erases the line at the end', () => {
  const stream = terminal();
  const { clock, advance, ticking } = fakeClock();
  const progress = startProgress(stream, { clock });
  progress.onStage('load', 'start');
  progress.onStage('load', 'start');
  progress.onStage('templates', 'start');
  progress.onStage('load', 'end');
  advance(1200);
  assert.equal(stream.written, [`${ERASE}building 1.2 s · now: load, templates`], 'load still runs once');
  progress.onStage('load', 'end');
  progress.onStage('pages', 'start');
  advance(300);
  assert.is(stream.written.at(-1), `${ERASE}building 1.5 s · now: templates, pages · done: load`);
  progress.stop();
  assert.is(stream.written.at(-1), ERASE, 'the line is erased');
  assert.not.ok(ticking(), 'the timer is stopped');
});

test('no progress when stderr is not a terminal, or with --json', () => {
  for (const [stream, enabled] of [[terminal(false), true], [terminal(true), false]] as const) {
    const { clock, advance } = fakeClock();
    const progress = startProgress(stream, { clock, enabled });
    progress.onStage('pages', 'start');
    advance(5000);
    progress.stop();
    assert.equal(stream.written, [], `isTTY ${stream.isTTY}, enabled ${enabled}`);
  }
});

test.run();
