import { startDev, type DevSession } from '../../src/dev/dev.ts';

/** `sitegen dev` on a site root, on a free port of 127.0.0.1, without its "serving on" and rebuild lines in the test's output. */
export async function quietDev(root: string): Promise<DevSession> {
  const log = console.log;
  console.log = () => undefined;
  try {
    return await startDev({ root, port: 0, host: '127.0.0.1' });
  } finally {
    console.log = log;
  }
}
