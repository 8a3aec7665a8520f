/**
 * The worker thread that opens login envelopes (see envelope-opener.ts): the
 * RSA and AES work happens here, never on the thread that serves pages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openEnvelope, readPrivateKey } from './envelope.ts';
import type { EnvelopeAnswer, EnvelopeJob, EnvelopeWorkerData } from './envelope-opener.ts';

const privateKey = readPrivateKey((workerData as EnvelopeWorkerData).privateKeyPem);

parentPort!.on('message', ({ id, body }: EnvelopeJob) => {
  let answer: EnvelopeAnswer;
  try {
    answer = { id, credentials: openEnvelope(body, privateKey) };
  } catch (error) {
    answer = { id, error: (error as Error).message };
  }
  parentPort!.postMessage(answer);
});
