/**
 * The contact and demo calls (spec section 7), written once: the form
 * islands build the JSON they send from it (templates import it as
 * `sitegen/reference-api`), and the reference API checks what arrives against
 * it and stores it in these columns. Plain data without imports, since it
 * is bundled into the browser's islands too.
 */

/** The fields a request may carry besides request_type, in the order they are stored and listed. */
export const REQUEST_FIELDS = ['name', 'lastname', 'company_name', 'email_id', 'mobile_number', 'message'] as const;

export type RequestField = (typeof REQUEST_FIELDS)[number];

export interface RequestRule {
  required: readonly RequestField[];
  optional: readonly RequestField[];
}

const BOTH_FORMS: readonly RequestField[] = ['name', 'company_name', 'email_id', 'mobile_number'];

/**
 * What each request_type must and may carry (spec sections 3 to 5). The
 * demo form sends '' from its second submit on, since the form clears
 * request_type after every send; '' may come from either form, so it
 * accepts their union: the four fields both require, message and lastname
 * optional.
 */
export const REQUEST_RULES: Readonly<Record<'contact' | 'demo' | '', RequestRule>> = {
  contact: { required: [...BOTH_FORMS, 'message'], optional: [] },
  demo: { required: BOTH_FORMS, optional: ['lastname', 'message'] },
  '': { required: BOTH_FORMS, optional: ['lastname', 'message'] },
};

export type RequestType = keyof typeof REQUEST_RULES;

/** Fields that may be null besides a string: the demo form sends message: null. */
export const NULLABLE_FIELDS: readonly RequestField[] = ['message'];

/** The largest request body the reference API reads, in bytes; a larger one gets 413. */
export const MAX_REQUEST_BYTES = 16 * 1024;

/** True when a request of this type must carry the field (the browser's `required`). */
export function isRequired(type: RequestType, field: RequestField): boolean {
  return REQUEST_RULES[type].required.includes(field);
}

/** What the contact form sends. */
export interface ContactRequest {
  name: string;
  request_type: string;
  company_name: string;
  email_id: string;
  mobile_number: string;
  message: string;
}

/** What the demo form sends. */
export interface DemoRequest extends Omit<ContactRequest, 'message'> {
  /** The demo form has no message input; the provider's API reads null. */
  message: null;
  lastname: string;
}
