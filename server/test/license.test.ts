import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteErrors, SiteError } from '../../src/errors.ts';
import { LICENSE_FILE, LICENSE_SCHEMA_FILE, loadLicense } from '../../src/reference-api/license.ts';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';

/** A root with the site's license schema and this license.yaml. */
async function licenseRoot(yaml: string, schema?: string): Promise<string> {
  const root = await tempDir('sitegen-license-');
  await mkdir(path.join(root, 'content', 'private'), { recursive: true });
  await mkdir(path.join(root, 'templates', 'lib'), { recursive: true });
  if (schema === undefined) await cp(path.join(REPO_ROOT, LICENSE_SCHEMA_FILE), path.join(root, LICENSE_SCHEMA_FILE));
  else await writeFile(path.join(root, LICENSE_SCHEMA_FILE), schema);
  await writeFile(path.join(root, LICENSE_FILE), yaml);
  return root;
}

test('the license is what this site\'s content/private/license.yaml holds, as its schema reads it', async () => {
  const license = await loadLicense(REPO_ROOT);
  assert.is(license?.sacCode, '997331');
  assert.is(license?.licenses, 2000);
});

test('the license\'s fields are the site\'s: another site\'s schema, with other fields, is the one applied', async () => {
  const root = await licenseRoot('customer: Example Ltd\nseats: 25\n', `import { z } from 'sitegen';
export const schema = z.strictObject({ customer: z.string(), seats: z.number().int() });
`);
  assert.equal(await loadLicense(root), { customer: 'Example Ltd', seats: 25 });
});

test('a license.yaml the site\'s schema refuses stops the API with the file, the line and the field', async () => {
  const root = await licenseRoot((await readFile(path.join(REPO_ROOT, LICENSE_FILE), 'utf8')).replace('sacCode: "997331"', 'sacCode: 997331'));
  try {
    await loadLicense(root);
    assert.unreachable('an invalid license was accepted');
  } catch (error) {
    assert.instance(error, SiteErrors);
    const [first] = (error as SiteErrors).errors;
    assert.is(first.location?.file, LICENSE_FILE);
    assert.is(first.field, 'sacCode');
    assert.ok((first.location?.line ?? 0) > 1, `a line: ${JSON.stringify(first.location)}`);
  }
});

test('a license.yaml in a site with no license schema is one error naming the file to write', async () => {
  const root = await licenseRoot('customer: Example Ltd\n');
  await rm(path.join(root, LICENSE_SCHEMA_FILE));
  try {
    await loadLicense(root);
    assert.unreachable('a license without a schema was accepted');
  } catch (error) {
    assert.instance(error, SiteError);
    assert.is((error as SiteError).message, `${LICENSE_SCHEMA_FILE} is missing: the reference API needs it to read ${LICENSE_FILE}`);
  }
});

test('no license.yaml: no license, and the site\'s schema is never compiled', async () => {
  const root = await tempDir('sitegen-license-');
  assert.is(await loadLicense(root), undefined);
});

test.run();
