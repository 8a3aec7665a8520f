import { useEffect, useState, type FormEvent } from 'react';
import { FormField } from './FormField.tsx';
import { afterSubmit, initialState, withValue, type FormSpec, type FormState } from '../lib/forms.ts';
import { announce, answerAgent, postJson, type OutcomeMessages } from '../lib/submit.ts';

/** The JSON props of a request form island: where it posts and its copy from content. */
export interface RequestFormProps {
  url: string;
  /** Field name → visible label. */
  labels: Record<string, string>;
  submit: string;
  requiredNote?: string;
  messages: OutcomeMessages;
  /** The form as a WebMCP tool (its toolname, tooldescription and each field's toolparamdescription). */
  tool?: { name: string; description: string; params?: Record<string, string | undefined> };
  /** What the message says when a link names a topic (`/contact?topic=soc2-report#contact-message`), by topic. */
  topics?: Record<string, string>;
}

/** The contact and demo forms: the same flow over a different FormSpec. */
export function RequestForm<Payload>({ spec, url, labels, submit, requiredNote, messages, tool, topics }: RequestFormProps & { spec: FormSpec<Payload> }) {
  const [state, setState] = useState<FormState>(() => initialState(spec));
  const [sending, setSending] = useState(false);

  // A link that asks for something (the SOC 2 report, from the trust band) fills the message in, unless the visitor
  // has written one. After hydration, so that the page as served and as hydrated agree.
  useEffect(() => {
    const topic = new URLSearchParams(window.location.search).get('topic');
    const text = topic === null || !topics || !Object.hasOwn(topics, topic) ? undefined : topics[topic];
    if (text !== undefined) setState((current) => (current.message ? current : withValue(current, 'message', text)));
  }, [topics]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const outcome = postJson(url, spec.payload(state));
    // An AI agent that submitted it (WebMCP) hears how it went, as a visitor sees it.
    answerAgent(event.nativeEvent as SubmitEvent, outcome, messages);
    announce(await outcome, messages);
    setState(afterSubmit(state));
    setSending(false);
  }

  const change = (name: string, text: string) => setState((current) => withValue(current, name, text));
  // WebMCP's declarative attributes: React writes unknown lower-case attributes as they are.
  const declared: Record<string, string> = tool ? { toolname: tool.name, tooldescription: tool.description } : {};
  return (
    <form className="request-form" method="post" onSubmit={onSubmit} aria-busy={sending} {...declared}>
      {requiredNote && <p className="request-form__note">{requiredNote}</p>}
      <div className="request-form__fields">
        {spec.fields.map((field) => (
          <FormField
            key={field.name} field={field} id={`${spec.id}-${field.name}`} label={labels[field.name] ?? field.name} value={state[field.name] ?? ''} onChange={change}
            {...(tool ? { toolParam: tool.params?.[field.name] ?? labels[field.name] ?? field.name } : {})}
          />
        ))}
      </div>
      {/* A submit before the island is live is held by sitegen's runtime and made again once it is. */}
      <button type="submit" className="button button--primary request-form__submit" disabled={sending}>{submit}</button>
    </form>
  );
}
