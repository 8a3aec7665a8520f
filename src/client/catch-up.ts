/**
 * What a visitor does in an island before React takes it over is kept. An
 * island's server HTML is a real form, so a quick visitor (or one on a slow
 * network, or with `hydrate="interaction"`, which fetches the island only
 * once they reach into it) can type and submit before React is there:
 *
 * - Typed values: React hydrates keeping what the DOM shows, but the
 *   component's state still holds the server's value, and React notes the
 *   typed text as already seen. Once hydration has committed, each control
 *   whose value differs from the one React rendered (its default, which
 *   React keeps in step) is told again, as an `input` event React takes for
 *   a change: the state then follows, as if the visitor had typed it then.
 *   It runs in one task, so nothing flickers; the caret stays where it was.
 * - Clicks on its buttons, noted by the runtime meanwhile
 *   (./hold-submits.ts), are made again in their order: the click that
 *   woke the island counts.
 * - A submit, held by the runtime meanwhile (./hold-submits.ts), is made
 *   again once the state has caught up; an AI agent's, with the answer the
 *   runtime promised it on the form (AGENT_ANSWER) for the handler to give.
 *
 * This half runs in the islands' shared code (./hydrate.tsx), so that the
 * runtime every page loads stays small.
 */
import { AGENT_ANSWER, HELD_CLICKS, HELD_SUBMIT, type HeldSubmit } from './hold-submits.ts';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Once an island's hydration has committed: its state caught up with what the visitor did, and a held submit made. */
export function catchUp(element: HTMLElement): void {
  const active = element.ownerDocument.activeElement;
  const caret = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? selectionOf(active) : undefined;
  // Read all first: React renders after each change it is told, and puts every control it controls back to its state.
  const changes = [...element.querySelectorAll<Control>('input, textarea, select')].flatMap((control) => changeOf(control) ?? []);
  for (const change of changes) change();
  if (caret) caret();
  const island = element as HTMLElement & { [HELD_SUBMIT]?: HeldSubmit; [HELD_CLICKS]?: Element[] };
  const clicks = island[HELD_CLICKS] ?? [];
  delete island[HELD_CLICKS];
  const held = island[HELD_SUBMIT];
  delete island[HELD_SUBMIT];
  const submit = () => {
    if (!held) return;
    const form = held.form as HTMLFormElement & { [AGENT_ANSWER]?: (result: unknown) => void };
    // The agent's answer rides on the replayed submit; a handler that does not take it leaves a plain one.
    if (held.answer) form[AGENT_ANSWER] = held.answer;
    if (form.isConnected) form.requestSubmit(held.submitter?.isConnected && form.contains(held.submitter) ? held.submitter : null);
    const left = form[AGENT_ANSWER];
    delete form[AGENT_ANSWER];
    left?.(form.isConnected ? 'The form was submitted; the page shows how it went.' : 'The form is gone from the page: nothing was sent.');
  };
  // One click a task, as the visitor's came: React renders after each, so a double click counts twice, not once from the same state.
  const replay = (index: number): void => {
    if (index === clicks.length) return submit();
    const control = clicks[index];
    // The same elements: hydration keeps the server's nodes. One React replaced (a mismatch) is no longer in the island.
    if (control.isConnected && element.contains(control)) (control as HTMLElement).click();
    setTimeout(() => replay(index + 1), 0);
  };
  if (clicks.length === 0) submit();
  else replay(0);
}

/** For a control the visitor changed before React was listening: what tells React about it. */
function changeOf(control: Control): (() => void) | undefined {
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    if (options.every((option) => option.selected === option.defaultSelected)) return undefined;
    const selected = options.map((option) => option.selected);
    // React reads a select on its change event.
    return () => {
      options.forEach((option, index) => (option.selected = selected[index]));
      control.dispatchEvent(new Event('change', { bubbles: true }));
    };
  }
  const checkable = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
  const field = checkable ? 'checked' : 'value';
  const shown = control[field as 'value'] as string | boolean;
  const rendered = checkable ? (control as HTMLInputElement).defaultChecked : control.defaultValue;
  if (shown === rendered || (control instanceof HTMLInputElement && ['file', 'submit', 'button', 'reset', 'image', 'hidden'].includes(control.type))) return undefined;
  return () => {
    // The element's own setter is React's: it now believes the control shows what it rendered. The prototype's
    // setter then puts the visitor's value back without telling it, and the event makes React look and see a change.
    (control as unknown as Record<string, unknown>)[field] = rendered;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), field)?.set?.call(control, shown);
    // A plain Event: a MouseEvent click would toggle a checkbox again.
    control.dispatchEvent(new Event(checkable ? 'click' : 'input', { bubbles: true }));
  };
}

/** A function that puts a text control's selection back (setting its value moved the caret to the end). */
function selectionOf(control: HTMLInputElement | HTMLTextAreaElement): (() => void) | undefined {
  let start: number | null;
  let end: number | null;
  try {
    [start, end] = [control.selectionStart, control.selectionEnd];
  } catch {
    return undefined; // an input type without a selection (email, number)
  }
  if (start === null || end === null) return undefined;
  return () => control.setSelectionRange(start, end);
}
