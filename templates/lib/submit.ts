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
 */
export async function postJson(url: string, payload: unknown, fetcher: typeof fetch = fetch): Promise<Outcome> {
  try {
    const response = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const outcome = outcomeOf(response.status);
    if (outcome === 'error') console.error(new Error(`POST ${url} answered ${response.status} ${response.statusText}`.trim()));
    return outcome;
  } catch (error) {
    console.error(error);
    return 'error';
  }
}

/** The green or red toast for an outcome; a silent one shows neither. */
export function announce(outcome: Outcome, messages: OutcomeMessages, show = showToast): void {
  if (outcome === 'silent') return;
  show(messages[outcome], outcome);
}
