/**
 * The license the login answers with: content/private/license.yaml, checked
 * against the site's schema of it, templates/lib/license.ts (the customer
 * login page names the same fields, so both read them from that one file).
 * The content file never reaches dist/: the build skips content/private/.
 */
import { readContentFile } from 'sitegen/server';
import { schema, type License } from '../templates/lib/license.ts';

export type { License };

export const LICENSE_FILE = 'content/private/license.yaml';

/**
 * Reads content/private/license.yaml and validates it against the site's
 * schema. Undefined when the file does not exist (the API then refuses
 * logins with 503); a SiteErrors naming file, line and field when it is
 * invalid.
 */
export async function loadLicense(root: string): Promise<License | undefined> {
  return readContentFile(root, LICENSE_FILE, schema);
}
