/**
 * The gate's browser code (see ../gate.ts), which the runtime calls before
 * the islands: load the provider's script, call its global function with the
 * tenant id and two callbacks, and go on only when it calls the success one.
 * Self-contained: the runtime imports it as its own chunk.
 */
import type { GateSettings } from '../api.ts';

/** The class the gate's inline head script puts on <html> in mode `page` (PENDING in ../gate.ts); its inline style hides the body while it is there. */
const PENDING = 'gate-pending';

type GateFunction = (tenantId: string, onSuccess: () => void, onFailure: (reason?: unknown) => void) => void;

/**
 * Resolves when the check succeeds; never settles otherwise, because a page
 * (or its islands) must not render for a failed or silent check.
 */
export default function passGate(gate: GateSettings): Promise<void> {
  return new Promise((resolve) => {
    // The spec: the failure handler only logs. warn, not error: a visitor the
    // provider turns away is the gate working, not a fault of the site, and
    // error trackers (and our tests) treat console.error as a fault.
    const failed = (reason?: unknown) => console.warn('sitegen gate: the bot-detection check failed', reason ?? '');
    loadScript(gate.script).then(() => {
      const found = globalFunction(gate.function);
      if (!found) return failed(`${gate.function} is not a function`);
      const succeeded = () => {
        document.documentElement.classList.remove(PENDING);
        resolve();
      };
      try {
        found.check.call(found.owner, gate.tenantId, succeeded, failed);
      } catch (error) {
        failed(error);
      }
    }, () => failed(`could not load ${gate.script}`));
  });
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject();
    document.head.append(script);
  });
}

/** The function and the object it hangs on, so that `Provider.check` runs with `this` = Provider. */
function globalFunction(dottedName: string): { check: GateFunction; owner: unknown } | undefined {
  let owner: unknown;
  let value: unknown = globalThis;
  for (const part of dottedName.split('.')) {
    owner = value;
    value = (value as Record<string, unknown> | null | undefined)?.[part];
  }
  return typeof value === 'function' ? { check: value as GateFunction, owner } : undefined;
}
