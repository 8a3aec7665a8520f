import type http from 'node:http';

/**
 * A request's body, or undefined as soon as it passes `limit` bytes: the
 * rest is left unread, and the caller answers 413 and closes the connection
 * (the request is paused, not destroyed, so the socket lives to carry it).
 * A client that hangs up mid-body is an error, not a wait for ever.
 */
export function readBodyUpTo(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
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
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => onError(new Error('the client closed the request before its end'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
