import { showToast } from './toast.ts';

/** What a submit ends in: only 200 is success; another 2xx shows nothing (spec §8). */
export type Outcome = 'success' | 'error' | 'silent';

export interface OutcomeMessages {
  success: string;
  error: string;
}

export function outcomeOf(status: number): Outcome {
  if (status === 200) return 'success';
  return status >= 200 && status < 300 ? 'silent' : 'error';
}

/**
 * POSTs the payload as JSON and says how it went. Only the status is read
 * (spec §7); failures are logged with their cause, as the spec's forms do.
 * A request to this site's own origin carries an Idempotency-Key, made once
 * per submit: when the connection is lost before the answer (the request
 * may have been stored), it is sent once more with the same key, and the
 * API stores it once. A request to another origin carries none, since a
 * header of our own would make the browser ask that server's leave first
 * (a CORS preflight) and it may not grant it.
 */
export async function postJson(url: string, payload: unknown, fetcher: typeof fetch = fetch): Promise<Outcome> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (isSameOrigin(url)) headers['Idempotency-Key'] = randomKey();
  const send = () => fetcher(url, { method: 'POST', headers, body: JSON.stringify(payload) });
  try {
    const response = await send().catch((lost: unknown) => {
      if (!headers['Idempotency-Key']) throw lost;
      console.warn(lost);
      return send();
    });
    const outcome = outcomeOf(response.status);
    if (outcome === 'error') console.error(new Error(`POST ${url} answered ${response.status} ${response.statusText}`.trim()));
    return outcome;
  } catch (error) {
    console.error(error);
    return 'error';
  }
}

function isSameOrigin(url: string): boolean {
  const here = globalThis.location?.href;
  if (!here) return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
  return new URL(url, here).origin === new URL(here).origin;
}

/** 128 random bits as hex: getRandomValues works where randomUUID does not (a page over plain http on a LAN address). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The green or red toast for an outcome; a silent one shows neither. */
export function announce(outcome: Outcome, messages: OutcomeMessages, show = showToast): void {
  if (outcome === 'silent') return;
  show(messages[outcome], outcome);
}

/** A submit event as WebMCP makes it when an AI agent submits a form it filled in. */
interface AgentSubmitEvent extends SubmitEvent {
  agentInvoked?: boolean;
  respondWith?(result: Promise<unknown>): void;
}

/** Where sitegen's runtime leaves the answer it promised an agent whose submit came before the island was live. */
const AGENT_ANSWER = Symbol.for('sitegen.agent-answer');

/**
 * Tells an AI agent that submitted the form (WebMCP) how it went, in the words a visitor reads: from the submit event
 * when the agent's submit reached the live form, or through the answer sitegen's runtime promised it when it came
 * before. Call it in the submit handler, before any await.
 */
export function answerAgent(event: SubmitEvent, outcome: Promise<Outcome>, messages: OutcomeMessages): void {
  const words = outcome.then((result) => (result === 'silent' ? 'Submitted.' : messages[result]));
  const agent = event as AgentSubmitEvent;
  if (agent.agentInvoked && typeof agent.respondWith === 'function') {
    agent.respondWith(words);
    return;
  }
  const form = event.target as (EventTarget & { [AGENT_ANSWER]?: (result: unknown) => void }) | null;
  const answer = form?.[AGENT_ANSWER];
  if (!answer || !form) return;
  delete form[AGENT_ANSWER];
  void words.then(answer);
}
