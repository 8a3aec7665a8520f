/**
 * The shape of this site's license (content/private/license.yaml): the one
 * place that names its fields. The reference API validates the file against
 * `schema` when it starts and sends the license with a successful login; the
 * customer login page checks that its `{field}` texts name these fields.
 * Build and server side only: the islands render whatever record they get.
 */
import { z } from 'sitegen';

const isoDate = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

export const schema = z.strictObject({
  client: z.string().min(1),
  product: z.string().min(1),
  version: z.string().min(1),
  licenses: z.number().int().positive(),
  type: z.string().min(1),
  validityYears: z.number().int().positive(),
  activation: isoDate(),
  end: isoDate(),
  agreementDate: isoDate(),
  sacCode: z.string().regex(/^\d+$/, 'expected the SAC/HSN code as digits in quotes, such as "997331"'),
  tender: z.string().min(1),
});

export type License = z.infer<typeof schema>;

/** The fields a text of the license view may name as `{field}`. */
export const LICENSE_FIELDS = Object.keys(schema.shape) as (keyof License)[];
