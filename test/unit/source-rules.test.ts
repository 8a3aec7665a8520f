/**
 * Rules of sitegen's own source that keep one thing in one place: a path
 * made POSIX by one helper, a function exported by one module.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listFiles } from '../../src/files.ts';
import { REPO_ROOT } from '../helpers/site.ts';

const SRC = path.join(REPO_ROOT, 'src');

async function sources(): Promise<{ file: string; text: string }[]> {
  const files = listFiles(SRC).filter((file) => /\.tsx?$/.test(file));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(path.join(SRC, file), 'utf8') })));
}

const rules = suite('source rules');

rules('a path gets forward slashes through toPosix, not split(path.sep).join(\'/\') written out', async () => {
  const offenders = (await sources()).filter(({ file, text }) => file !== 'files.ts' && text.includes(".split(path.sep).join('/')")).map(({ file }) => file);
  assert.equal(offenders, [], 'files that write it out again');
});

rules('outputPathOf is exported by one module, render/output-path.ts', async () => {
  const exporters = (await sources()).filter(({ text }) => /export (function outputPathOf|\{[^}]*\boutputPathOf\b[^}]*\})/.test(text)).map(({ file }) => file);
  assert.equal(exporters, ['render/output-path.ts']);
});

rules.run();
