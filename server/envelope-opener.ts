import { Worker } from 'node:worker_threads';
import { workerFile } from 'sitegen/server';
import type { Credentials } from './envelope.ts';

export interface EnvelopeOpener {
  /** The credentials inside a login envelope, or undefined when it is malformed (see openEnvelope). */
  open(body: unknown): Promise<Credentials | undefined>;
  /** Stops the thread; envelopes still open are refused with an error. */
  close(): Promise<void>;
}

export interface EnvelopeWorkerData {
  privateKeyPem: string;
}
export interface EnvelopeJob {
  id: number;
  body: unknown;
}
export type EnvelopeAnswer = { id: number; credentials: Credentials | undefined } | { id: number; error: string };

interface Pending {
  resolve(credentials: Credentials | undefined): void;
  reject(error: Error): void;
}

/**
 * Opens login envelopes on a worker thread (envelope.worker.ts), one after
 * the other, so that their RSA work never holds up the pages. The thread
 * starts with the first envelope and stops after `idleMs` without one, so a
 * server nobody logs in to (and each test's server) keeps no thread.
 */
export function createEnvelopeOpener(privateKeyPem: string, { idleMs = 30_000 } = {}): EnvelopeOpener {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let thread: Promise<Worker> | undefined;
  let running: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  const stop = async () => {
    const stopping = thread;
    thread = undefined;
    running = undefined;
    await (await stopping?.catch(() => undefined))?.terminate();
  };
  const start = async (): Promise<Worker> => {
    const worker = new Worker(workerFile(new URL('./envelope.worker.ts', import.meta.url)), { workerData: { privateKeyPem } satisfies EnvelopeWorkerData });
    // The server's sockets keep the process alive; an idle decryption thread must not.
    worker.unref();
    worker.on('message', (answer: EnvelopeAnswer) => {
      const job = pending.get(answer.id);
      pending.delete(answer.id);
      if ('error' in answer) job?.reject(new Error(`opening a login envelope failed: ${answer.error}`));
      else job?.resolve(answer.credentials);
      if (pending.size === 0) idleTimer = setTimeout(() => void stop(), idleMs).unref();
    });
    // A thread that dies takes its envelopes with it; the next envelope starts a new one.
    const lost = (error: Error) => {
      if (running !== worker) return;
      thread = undefined;
      running = undefined;
      failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the login decryption thread stopped (exit code ${code})`)));
    running = worker;
    return worker;
  };

  return {
    async open(body) {
      clearTimeout(idleTimer);
      thread ??= start();
      // A thread that could not start (say, the compiled file is missing) is tried again with the next envelope.
      const starting = thread;
      const worker = await starting.catch((error: Error) => {
        if (thread === starting) thread = undefined;
        throw error;
      });
      const id = nextId++;
      return new Promise<Credentials | undefined>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          worker.postMessage({ id, body } satisfies EnvelopeJob);
        } catch {
          // A body the thread cannot be sent (too deep to clone, say) is one more malformed envelope; and with
          // nothing left pending the idle thread must still stop, as it would after an answer.
          pending.delete(id);
          if (pending.size === 0) idleTimer = setTimeout(() => void stop(), idleMs).unref();
          resolve(undefined);
        }
      });
    },
    async close() {
      clearTimeout(idleTimer);
      failAll(new Error('the login decryption thread was closed'));
      await stop();
    },
  };
}
