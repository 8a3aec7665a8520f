import type http from 'node:http';
import { MAX_REQUEST_BYTES } from './contract.ts';

/** The largest request body the API reads (the contract's limit). */
export const MAX_BODY_BYTES = MAX_REQUEST_BYTES;

export type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; error: string };

/**
 * Reads a JSON request body of at most `limit` bytes. A body announced or
 * found to be larger is refused as soon as that is known, without reading
 * the rest: the caller answers 413 and closes the connection.
 */
export async function readJsonBody(req: http.IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return { ok: false, status: 415, error: 'send the body as application/json' };
  const tooLarge = { ok: false, status: 413, error: `the body is larger than ${limit} bytes` } as const;
  if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge;
  const chunks = await readUpTo(req, limit);
  if (!chunks) return tooLarge;
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))) };
  } catch {
    return { ok: false, status: 400, error: 'the body is not valid JSON' };
  }
}

/** The body's chunks, or undefined as soon as it passes the limit (the rest is left unread). */
function readUpTo(req: http.IncomingMessage, limit: number): Promise<Buffer[] | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      // Not destroying the request: the socket must live long enough to carry the 413.
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(chunks);
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // A client that hangs up mid-body must not leave the handler waiting for ever.
    const onClose = () => onError(new Error('the client closed the request before its end'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
