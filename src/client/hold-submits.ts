/**
 * The runtime's half of keeping what a visitor does before an island is
 * live (the other half, in the islands' code, is ./catch-up.ts):
 * - a form inside an island that React does not have yet is not submitted
 *   natively, which would send its fields to the page's own address (the
 *   password in the URL, for a login). The submit is held on the island,
 *   and made again once it is live; an AI agent's submit (WebMCP) is
 *   promised an answer, which the island's handler gives once it has one;
 * - a click on a button of such an island (a pointer, a tap, or Enter or
 *   Space, which a browser makes a click) is noted, and made again once it
 *   is live: the click that wakes an `interaction` island is not lost. Only
 *   controls with no default action of their own are noted (a button that
 *   submits nothing, a role=button, tab, switch …): a link has gone already,
 *   a submit is held as a submit, and a checkbox has changed its state,
 *   which catch-up tells React.
 */

/** Where a held submit waits on its island: a registered symbol, as the runtime and the island chunks are separate bundles. */
export const HELD_SUBMIT = Symbol.for('sitegen.held-submit');

export interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
  /** For a submit an AI agent made (WebMCP): what settles the answer the runtime promised it. */
  answer?: (result: unknown) => void;
}

/**
 * Where a replayed submit carries an agent's pending answer, for the island's submit handler to settle with the real
 * outcome (a registered symbol, so that an island needs no import of sitegen's): `form[AGENT_ANSWER]?.(outcome)`.
 */
export const AGENT_ANSWER = Symbol.for('sitegen.agent-answer');

/** A submit event as WebMCP makes it when an agent submits a form it filled in. */
export interface AgentSubmitEvent extends SubmitEvent {
  agentInvoked?: boolean;
  respondWith?(result: Promise<unknown>): void;
}

/** Where the clicks made before hydration wait on their island, in order. */
export const HELD_CLICKS = Symbol.for('sitegen.held-clicks');

/** A control whose click does nothing until its island's code runs. */
const INERT_UNTIL_LIVE = 'button,[role=button],[role=tab],[role=switch],[role=menuitem],[role=option],[role=menuitemcheckbox],[role=menuitemradio]';

/** Holds every submit of a form inside an island that is not live yet, and notes every click on its buttons (call once, before the islands hydrate). */
export function holdEarlySubmits(document: Document): void {
  document.addEventListener('submit', (event) => {
    // A submit event's target is always its form.
    const island = (event.target as HTMLFormElement).closest('sitegen-island');
    if (!island || island.hasAttribute('hydrated')) return;
    event.preventDefault();
    // An agent's submit is answered, not dropped: WebMCP wants a result for a submit whose default was prevented.
    const agent = event as AgentSubmitEvent;
    const held: HeldSubmit = { form: event.target as HTMLFormElement, submitter: agent.submitter };
    if (agent.agentInvoked) agent.respondWith!(new Promise((resolve) => (held.answer = resolve)));
    (island as Element & { [HELD_SUBMIT]?: HeldSubmit })[HELD_SUBMIT] = held;
  }, true);
  document.addEventListener('click', (event) => {
    // A click's target is an element (or the document, for a click dispatched there).
    const control = (event.target as Element).closest?.(INERT_UNTIL_LIVE);
    const island = control?.closest('sitegen-island');
    if (!control || !island || island.hasAttribute('hydrated')) return;
    // A submit or reset button acts by itself: its submit is held above, its reset done by the browser.
    if (control instanceof HTMLButtonElement && control.type !== 'button' && control.form) return;
    const held = island as Element & { [HELD_CLICKS]?: Element[] };
    (held[HELD_CLICKS] ??= []).push(control);
  }, true);
}
