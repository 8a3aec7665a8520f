/**
 * The contact and demo forms as data: their fields, the state each keeps
 * and the exact JSON each sends (spec sections 3, 4, 5 and 7). Pure, so the
 * transitions and payloads are tested without a browser. Which fields exist
 * and which are required is the reference API's contract, imported here so
 * that the forms and the server cannot drift apart.
 */
import { isRequired, type ContactRequest, type DemoRequest, type RequestField, type RequestType } from '../../server/contract.ts';

export type { ContactRequest, DemoRequest };

/** Field name → what the visitor typed, plus request_type, which has no input. */
export type FormState = Readonly<Record<string, string>>;

export interface FieldSpec {
  /** The key in the state and in the JSON sent. */
  name: RequestField;
  /** Browser-level required check (spec §5), as the contract requires it of the form's request_type. */
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
  requestType: RequestType;
  fields: readonly FieldSpec[];
  payload(state: FormState): Payload;
}

const value = (state: FormState, name: string) => state[name] ?? '';

/** A field of a form whose request_type is `type`, required exactly when the contract says so. */
const field = (type: RequestType, name: RequestField, details: Omit<FieldSpec, 'name' | 'required'>): FieldSpec => ({ name, required: isRequired(type, name), ...details });

const company = { star: true, autoComplete: 'organization' } as const;
const email = { star: true, autoComplete: 'email', inputMode: 'email' } as const;
const mobile = { star: true, autoComplete: 'tel', inputMode: 'tel' } as const;

export const contactForm: FormSpec<ContactRequest> = {
  id: 'contact',
  requestType: 'contact',
  fields: [
    field('contact', 'name', { star: true, autoComplete: 'name' }),
    field('contact', 'company_name', company),
    field('contact', 'email_id', email),
    field('contact', 'mobile_number', mobile),
    field('contact', 'message', { star: true, multiline: true }),
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
    field('demo', 'name', { star: true, autoComplete: 'given-name' }),
    field('demo', 'lastname', { star: true, autoComplete: 'family-name' }),
    field('demo', 'company_name', company),
    field('demo', 'email_id', email),
    field('demo', 'mobile_number', mobile),
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
