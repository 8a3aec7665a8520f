import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteErrors } from '../../src/errors.ts';
import { LICENSE_FILE, loadLicense } from '../license.ts';
import { REPO_ROOT, tempDir } from '../../test/helpers/site.ts';

/** A root with this license.yaml (the schema is the site's, templates/lib/license.ts, which the server imports). */
async function licenseRoot(yaml: string): Promise<string> {
  const root = await tempDir('sitegen-license-');
  await mkdir(path.join(root, 'content', 'private'), { recursive: true });
  await writeFile(path.join(root, LICENSE_FILE), yaml);
  return root;
}

test('the license is what this site\'s content/private/license.yaml holds, as its schema reads it', async () => {
  const license = await loadLicense(REPO_ROOT);
  assert.is(license?.sacCode, '997331');
  assert.is(license?.licenses, 2000);
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

test('no license.yaml: no license (the login then answers 503)', async () => {
  const root = await tempDir('sitegen-license-');
  assert.is(await loadLicense(root), undefined);
});

test.run();
