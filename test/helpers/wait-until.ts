/**
 * Waits until `check` holds, looking again every `everyMs`; fails with what
 * was awaited after `timeoutMs`. For conditions that come true on their own
 * time (a thread stopping, a file written by another process), in place of
 * a fixed sleep.
 */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, { timeoutMs = 10_000, everyMs = 20 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
