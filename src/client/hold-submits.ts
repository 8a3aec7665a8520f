/**
 * The runtime's half of keeping what a visitor does before an island is
 * live (the other half, in the islands' code, is ./catch-up.ts): a form
 * inside an island that React does not have yet is not submitted natively,
 * which would send its fields to the page's own address (the password in
 * the URL, for a login). The submit is held on the island, and made again
 * once it is live.
 */

/** Where a held submit waits on its island: a registered symbol, as the runtime and the island chunks are separate bundles. */
export const HELD_SUBMIT = Symbol.for('sitegen.held-submit');

export interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** Holds every submit of a form inside an island that is not live yet (call once, before the islands hydrate). */
export function holdEarlySubmits(document: Document): void {
  document.addEventListener('submit', (event) => {
    const island = event.target instanceof HTMLFormElement ? event.target.closest('sitegen-island') : null;
    if (!island || island.hasAttribute('hydrated')) return;
    event.preventDefault();
    (island as Element & { [HELD_SUBMIT]?: HeldSubmit })[HELD_SUBMIT] = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
  }, true);
}
