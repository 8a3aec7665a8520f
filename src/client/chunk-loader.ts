/**
 * Loads an island's chunk with a time-out, and turns every way that can fail
 * into one error shape: webpack's ChunkLoadError, which error trackers and
 * the spec already know ("Loading chunk NAME failed.\n(TYPE: URL)").
 */

/** A chunk that was missing, timed out, or failed to run. */
export class ChunkLoadError extends Error {
  /** 'missing', 'timeout', or the name of the error the import raised (TypeError, SyntaxError …). */
  readonly type: string;
  /** The absolute URL of the chunk. */
  readonly request: string;

  constructor(chunk: string, type: string, request: string, cause?: unknown) {
    super(`Loading chunk ${chunk} failed.\n(${type}: ${request})`, { cause });
    this.name = 'ChunkLoadError';
    this.type = type;
    this.request = request;
  }
}

/** The spec's time-out for one chunk. */
export const CHUNK_TIMEOUT_MS = 120_000;

export interface ChunkLoaderDeps {
  importModule(url: string): Promise<Record<string, unknown>>;
  /** Whether the server has the file; only asked after an import failed. */
  exists(url: string): Promise<boolean>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserDeps: ChunkLoaderDeps = {
  // The URL is data read from the island element, so the bundler leaves this import to the browser.
  importModule: (url) => import(url),
  // A host that sends unknown paths to the home page (as `sitegen serve` does) answers a missing chunk with a redirect.
  exists: (url) => fetch(url, { method: 'HEAD', cache: 'no-store' }).then((response) => response.ok && !response.redirected),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};

/**
 * Resolves to the chunk's default export. A 404 or a chunk without a default
 * function is 'missing' (webpack's word for a chunk that did not arrive); a
 * chunk that has not arrived after `timeoutMs` is 'timeout'.
 */
export function loadChunk<T extends (...args: never[]) => unknown>(
  name: string, src: string, timeoutMs = CHUNK_TIMEOUT_MS, deps: ChunkLoaderDeps = browserDeps,
): Promise<T> {
  const request = new URL(src, globalThis.location?.href ?? 'http://localhost/').href;
  return new Promise<T>((resolve, reject) => {
    const fail = (type: string, cause?: unknown) => {
      deps.clearTimeout(timer);
      reject(new ChunkLoadError(name, type, request, cause));
    };
    const timer = deps.setTimeout(() => fail('timeout'), timeoutMs);
    deps.importModule(request).then(
      (module) => {
        if (typeof module.default !== 'function') return fail('missing');
        deps.clearTimeout(timer);
        resolve(module.default as T);
      },
      async (error: unknown) => {
        // import() says "failed to fetch" for a 404 and for a network error alike; ask the server which.
        const found = await deps.exists(request).catch(() => true);
        fail(found ? errorType(error) : 'missing', error);
      },
    );
  });
}

function errorType(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
