/**
 * The contact and demo forms as data: their fields, the state each keeps
 * and the exact JSON each sends (spec sections 3, 4, 5 and 7). Pure, so the
 * transitions and payloads are tested without a browser.
 */

/** Field name → what the visitor typed, plus request_type, which has no input. */
export type FormState = Readonly<Record<string, string>>;

export interface FieldSpec {
  /** The key in the state and in the JSON sent. */
  name: string;
  /** Browser-level required check (spec §5). */
  required: boolean;
  /** The asterisk in the label; the demo's last name shows it without being required. */
  star: boolean;
  multiline?: boolean;
  autoComplete?: string;
  /** Only picks the on-screen keyboard: e-mail and mobile are plain text with no format check. */
  inputMode?: 'email' | 'tel';
}

export interface FormSpec<Payload> {
  /** Prefix of the input ids, unique on the page. */
  id: string;
  requestType: string;
  fields: readonly FieldSpec[];
  payload(state: FormState): Payload;
}

export interface ContactRequest {
  name: string;
  request_type: string;
  company_name: string;
  email_id: string;
  mobile_number: string;
  message: string;
}

export interface DemoRequest extends Omit<ContactRequest, 'message'> {
  /** The demo form has no message input; the provider's API reads null. */
  message: null;
  lastname: string;
}

const value = (state: FormState, name: string) => state[name] ?? '';

const email: FieldSpec = { name: 'email_id', required: true, star: true, autoComplete: 'email', inputMode: 'email' };
const mobile: FieldSpec = { name: 'mobile_number', required: true, star: true, autoComplete: 'tel', inputMode: 'tel' };
const company: FieldSpec = { name: 'company_name', required: true, star: true, autoComplete: 'organization' };

export const contactForm: FormSpec<ContactRequest> = {
  id: 'contact',
  requestType: 'contact',
  fields: [
    { name: 'name', required: true, star: true, autoComplete: 'name' },
    company,
    email,
    mobile,
    { name: 'message', required: true, star: true, multiline: true },
  ],
  payload: (state) => ({
    name: value(state, 'name'),
    request_type: value(state, 'request_type'),
    company_name: value(state, 'company_name'),
    email_id: value(state, 'email_id'),
    mobile_number: value(state, 'mobile_number'),
    message: value(state, 'message'),
  }),
};

export const demoForm: FormSpec<DemoRequest> = {
  id: 'demo',
  requestType: 'demo',
  fields: [
    { name: 'name', required: true, star: true, autoComplete: 'given-name' },
    { name: 'lastname', required: false, star: true, autoComplete: 'family-name' },
    company,
    email,
    mobile,
  ],
  payload: (state) => ({
    name: value(state, 'name'),
    request_type: value(state, 'request_type'),
    company_name: value(state, 'company_name'),
    email_id: value(state, 'email_id'),
    mobile_number: value(state, 'mobile_number'),
    message: null,
    lastname: value(state, 'lastname'),
  }),
};

/** Every field empty and request_type at the form's default. */
export function initialState(spec: FormSpec<unknown>): FormState {
  return { request_type: spec.requestType, ...Object.fromEntries(spec.fields.map((field) => [field.name, ''])) };
}

/** Typing updates the matching field and nothing else. */
export function withValue(state: FormState, name: string, text: string): FormState {
  return { ...state, [name]: text };
}

/**
 * After every submit, success or not, everything is cleared, request_type
 * included: the spec's forms do this, so a second submit in the same visit
 * carries an empty request_type (spec §4).
 */
export function afterSubmit(state: FormState): FormState {
  return Object.fromEntries(Object.keys(state).map((name) => [name, '']));
}
