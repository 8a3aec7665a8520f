import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ZodType } from 'zod';
import { NODE_REQUIRE_BANNER, SITE_CODE, loadEsbuild } from '../esbuild.ts';
import { SiteError, throwIfAny } from '../errors.ts';
import { contentHash } from '../files.ts';
import { parseContentFile } from '../load/parse.ts';
import { VENDOR_SPECIFIERS, vendorModules } from '../render/vendor.ts';
import { validateDoc } from '../validate/validate.ts';

export const LICENSE_FILE = 'content/private/license.yaml';

/**
 * The site module that says what a license holds: its `schema` export, a zod
 * schema written with the templates' `z`. The license's fields are the
 * site's business, not the server's: the customer login page names the same
 * fields, so both read them from this one file of the site.
 */
export const LICENSE_SCHEMA_FILE = 'templates/lib/license.ts';

/** The license as the site's schema made it; sent as it is with a successful login. */
export type License = Record<string, unknown>;

/**
 * Reads content/private/license.yaml and validates it against the site's
 * schema. Undefined when the file does not exist (the API then refuses
 * logins with 503); a SiteErrors naming file, line and field when it is
 * invalid, and an error naming the schema file when the site has none.
 */
export async function loadLicense(root: string): Promise<License | undefined> {
  let source: string;
  try {
    source = await readFile(path.join(root, LICENSE_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const schema = await loadLicenseSchema(root);
  const { value, errors } = validateDoc(parseContentFile(LICENSE_FILE, source), schema);
  throwIfAny(errors);
  return value as License;
}

/**
 * Compiles the site's license module with esbuild as the build compiles
 * templates (the same `sitegen` and the same vendored zod), and imports it.
 * The compiled file goes to ROOT/.sitegen/cache/, named by its contents.
 */
async function loadLicenseSchema(root: string): Promise<ZodType> {
  const entry = path.join(root, LICENSE_SCHEMA_FILE);
  const hint = `export the license's zod schema from ${LICENSE_SCHEMA_FILE} as \`schema\``;
  if (!existsSync(entry)) {
    throw new SiteError('license-schema', `${LICENSE_SCHEMA_FILE} is missing: the reference API needs it to read ${LICENSE_FILE}`, { hint });
  }
  const vendor = await vendorModules();
  const vendored = new RegExp(`^(${VENDOR_SPECIFIERS.map((specifier) => specifier.replace(/[/.]/g, '\\$&')).join('|')})$`);
  let code: string;
  try {
    const result = await (await loadEsbuild()).build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      ...SITE_CODE,
      banner: NODE_REQUIRE_BANNER,
      plugins: [{ name: 'sitegen-vendor', setup: (build) => void build.onResolve({ filter: vendored }, (args) => ({ path: vendor[args.path], external: true })) }],
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(error);
    throw new SiteError('license-schema', `${LICENSE_SCHEMA_FILE} does not compile (${first}): the reference API needs it to read ${LICENSE_FILE}`, { hint, cause: error });
  }
  const file = path.join(root, '.sitegen', 'cache', 'reference-api', `license-${contentHash(code)}.mjs`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, code);
  const { schema } = (await import(pathToFileURL(file).href)) as { schema?: ZodType };
  if (!schema || typeof schema.safeParse !== 'function') {
    throw new SiteError('license-schema', `${LICENSE_SCHEMA_FILE} exports no zod \`schema\`: the reference API needs it to read ${LICENSE_FILE}`, { hint });
  }
  return schema;
}
