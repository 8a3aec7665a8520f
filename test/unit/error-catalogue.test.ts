/**
 * The error catalogue: one code list (src/error-codes.ts), one docs entry
 * per code (docs/errors.md), and every printed error leading to its entry.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listFiles } from '../../src/files.ts';
import { ERROR_CODES } from '../../src/error-codes.ts';
import { SiteError, formatSiteError } from '../../src/errors.ts';
import { describeError } from '../../src/report.ts';
import { REPO_ROOT } from '../helpers/site.ts';

const catalogue = suite('the error catalogue');
const codes = Object.keys(ERROR_CODES).sort();

/** The codes the code can throw: the first argument of each `new SiteError(…)` or `super(…)` of a SiteError, and the internal one. */
async function thrownCodes(): Promise<string[]> {
  const files = listFiles(path.join(REPO_ROOT, 'src')).filter((file) => /\.tsx?$/.test(file));
  const found = new Set<string>();
  for (const file of files) {
    const source = await readFile(path.join(REPO_ROOT, 'src', file), 'utf8');
    for (const match of source.matchAll(/(?:new SiteError|super)\(\s*'([a-z-]+)'/g)) found.add(match[1]);
    for (const match of source.matchAll(/errorDocsLink\('([a-z-]+)'\)/g)) found.add(match[1]);
  }
  return [...found].sort();
}

catalogue('every code in the list is thrown somewhere, and nothing throws a code the list lacks', async () => {
  const thrown = await thrownCodes();
  assert.equal(codes.filter((code) => !thrown.includes(code)), [], 'codes listed but never thrown');
  assert.equal(thrown.filter((code) => !codes.includes(code)), [], 'codes thrown but not listed');
});

catalogue('docs/errors.md has one entry per code, and no other', async () => {
  const docs = await readFile(path.join(REPO_ROOT, 'docs', 'errors.md'), 'utf8');
  const entries = [...docs.matchAll(/^## ([a-z-]+)$/gm)].map((match) => match[1]);
  assert.equal([...entries].sort(), codes, 'the headings of docs/errors.md');
  assert.is(new Set(entries).size, entries.length, 'no entry twice');
  for (const code of codes) {
    const entry = docs.split(`\n## ${code}\n`)[1].split('\n## ')[0];
    assert.match(entry, '**Means:**', `${code}: says what it means`);
    assert.match(entry, '**Fix:**', `${code}: says how to fix it`);
  }
});

catalogue('a printed error carries its code and the path of its entry; an internal one too', () => {
  const text = formatSiteError(new SiteError('symlink', 'public/env.txt is a symbolic link to public/.env', { location: { file: 'public/env.txt' } }));
  assert.match(text, '[symlink]');
  assert.match(text, 'see docs/errors.md#symlink');
  const internal = describeError(new TypeError('x is not a function'), REPO_ROOT).errors[0].text;
  assert.match(internal, 'see docs/errors.md#internal');
});

catalogue('the docs ship in the package, so the printed path leads somewhere when sitegen is installed', async () => {
  const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { files: string[] };
  assert.ok(manifest.files.includes('docs/'), `package.json files: ${manifest.files.join(', ')}`);
});

catalogue.run();
