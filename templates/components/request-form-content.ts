/**
 * The content schema of a request form (labels, button, notices). Server
 * side only: the islands receive the validated copy as props, so zod never
 * reaches the browser.
 */
import { z } from 'sitegen';
import type { FormSpec } from '../lib/forms.ts';

const text = z.string().min(1);

/**
 * A label for every field of the form, and no label for a field it does not have; and, for agents, the form as a
 * WebMCP tool: its name and what it does, and what a field means where its label alone does not say (its label
 * otherwise).
 */
export function requestFormContent(spec: FormSpec<unknown>) {
  const labels = Object.fromEntries(spec.fields.map((field) => [field.name, text]));
  return z.strictObject({
    requiredNote: text.optional(),
    labels: z.strictObject(labels as Record<string, typeof text>),
    submit: text,
    messages: z.strictObject({ success: text, error: text }),
    tool: z.strictObject({
      name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'expected a tool name such as send_message (lower case, digits and _)'),
      description: text.describe('what the form does, for an AI agent deciding whether to use it'),
      params: z.strictObject(Object.fromEntries(spec.fields.map((field) => [field.name, text.optional()])) as Record<string, z.ZodOptional<typeof text>>).optional()
        .describe("what a field means, where its label alone does not say; its label otherwise"),
    }).optional().describe('the form as a WebMCP tool that AI agents can fill in (the toolname and tooldescription attributes)'),
    topics: z.record(z.string().regex(/^[a-z0-9-]+$/, 'expected a topic such as soc2-report (lower case, digits and -)'), text).optional()
      .describe('what the message says when a link names a topic (/contact?topic=NAME#contact-message); for a form with a message field'),
  });
}
