/**
 * The content schema of a request form (labels, button, notices). Server
 * side only: the islands receive the validated copy as props, so zod never
 * reaches the browser.
 */
import { z } from 'sitegen';
import type { FormSpec } from '../lib/forms.ts';

const text = z.string().min(1);

/** A label for every field of the form, and no label for a field it does not have. */
export function requestFormContent(spec: FormSpec<unknown>) {
  const labels = Object.fromEntries(spec.fields.map((field) => [field.name, text]));
  return z.strictObject({
    requiredNote: text.optional(),
    labels: z.strictObject(labels as Record<string, typeof text>),
    submit: text,
    messages: z.strictObject({ success: text, error: text }),
  });
}
