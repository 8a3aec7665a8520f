import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { parseContentFile } from '../load/parse.ts';
import { validateDoc } from '../validate/validate.ts';
import { throwIfAny } from '../errors.ts';

export const LICENSE_FILE = 'content/private/license.yaml';

const isoDate = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

/** The license a customer sees after logging in. Only the reference API reads it; the build never does. */
export const licenseSchema = z.strictObject({
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

export type License = z.infer<typeof licenseSchema>;

/**
 * Reads and validates content/private/license.yaml; undefined when the file
 * does not exist (the API then refuses logins with 503), a SiteErrors naming
 * file, line and field when it is invalid.
 */
export async function loadLicense(root: string): Promise<License | undefined> {
  let source: string;
  try {
    source = await readFile(path.join(root, LICENSE_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const { value, errors } = validateDoc(parseContentFile(LICENSE_FILE, source), licenseSchema);
  throwIfAny(errors);
  return value;
}
