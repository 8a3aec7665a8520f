import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk, type ChunkLoaderDeps } from '../../src/client/chunk-loader.ts';
import { fakeClock, type FakeClock } from '../helpers/fake-clock.ts';

const SRC = 'http://localhost/assets/carousel-AB12.js';

function deps(clock: FakeClock, overrides: Partial<ChunkLoaderDeps>): ChunkLoaderDeps {
  return {
    importModule: () => new Promise(() => {}),
    exists: async () => true,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<ChunkLoadError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, ChunkLoadError, 'expected a ChunkLoadError');
    return error as ChunkLoadError;
  }
  throw new Error('the chunk loaded, but it should have failed');
}

test('the error has webpack\'s shape: name, message with type and URL, type, request', () => {
  const error = new ChunkLoadError('carousel', 'timeout', SRC);
  assert.is(error.name, 'ChunkLoadError');
  assert.is(error.message, `Loading chunk carousel failed.\n(timeout: ${SRC})`);
  assert.is(error.type, 'timeout');
  assert.is(error.request, SRC);
  assert.instance(error, Error);
});

test('a chunk that has not arrived after 120 s is a timeout, not a moment before', async () => {
  const clock = fakeClock();
  let settled = false;
  const loading = loadChunk('carousel', SRC, undefined, deps(clock, {}));
  loading.catch(() => {}).finally(() => { settled = true; });
  assert.is(CHUNK_TIMEOUT_MS, 120_000);
  clock.tick(CHUNK_TIMEOUT_MS - 1);
  await Promise.resolve();
  assert.not.ok(settled, 'gave up before 120 s');
  clock.tick(1);
  const error = await failure(loading);
  assert.is(error.type, 'timeout');
  assert.is(error.message, `Loading chunk carousel failed.\n(timeout: ${SRC})`);
});

test('a chunk the server does not have is missing', async () => {
  const clock = fakeClock();
  const error = await failure(loadChunk('video', SRC, undefined, deps(clock, {
    importModule: () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${SRC}`)),
    exists: async () => false,
  })));
  assert.is(error.type, 'missing');
  assert.is(error.message, `Loading chunk video failed.\n(missing: ${SRC})`);
  assert.instance(error.cause, TypeError, 'keeps the import error as the cause');
  assert.is(clock.pending, 0, 'the time-out timer was left running');
});

test('a chunk without a default function is missing too', async () => {
  const error = await failure(loadChunk('video', SRC, undefined, deps(fakeClock(), { importModule: async () => ({ other: 1 }) })));
  assert.is(error.type, 'missing');
});

test('a chunk that exists but fails to run reports the error\'s type', async () => {
  const error = await failure(loadChunk('menu', SRC, undefined, deps(fakeClock(), {
    importModule: () => Promise.reject(new SyntaxError('Unexpected token')),
  })));
  assert.is(error.type, 'SyntaxError');
  assert.is(error.message, `Loading chunk menu failed.\n(SyntaxError: ${SRC})`);
});

test('when the server cannot be asked either, the import error\'s type stands', async () => {
  const error = await failure(loadChunk('menu', SRC, undefined, deps(fakeClock(), {
    importModule: () => Promise.reject(new TypeError('Failed to fetch')),
    exists: () => Promise.reject(new TypeError('offline')),
  })));
  assert.is(error.type, 'TypeError');
});

test('a relative src is reported as an absolute URL', async () => {
  const error = await failure(loadChunk('menu', '/assets/menu.js', undefined, deps(fakeClock(), { importModule: async () => ({}) })));
  assert.ok(/^https?:\/\/[^/]+\/assets\/menu\.js$/.test(error.request), error.request);
});

test('a loaded chunk resolves to its default export and clears the time-out', async () => {
  const clock = fakeClock();
  const mount = () => 'mounted';
  const loaded = await loadChunk<typeof mount>('menu', SRC, undefined, deps(clock, { importModule: async () => ({ default: mount }) }));
  assert.is(loaded, mount);
  assert.is(clock.pending, 0);
});

test.run();
