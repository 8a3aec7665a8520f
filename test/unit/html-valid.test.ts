/** Every page of the real build is valid HTML by html-validate's recommended rules, less the few that argue with React. */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HtmlValidate } from 'html-validate';
import { buildRealSite } from '../helpers/site.ts';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // React writes attributes in its own spelling (charSet, autoComplete, srcSet); HTML attribute names ignore case.
    'attr-case': 'off',
    // React closes void elements (<meta/>, <img/>), which HTML allows.
    'void-style': 'off',
    // React writes boolean attributes as name="" (required="", inert=""), which HTML allows.
    'attribute-boolean-style': 'off',
    // React's useId makes ids such as _R_0_: valid HTML (no whitespace), though not starting with a letter.
    'valid-id': ['error', { relaxed: true }],
    // ARIA 1.2 lets a list carry a name: the footer names its list of certification logos.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // Titles are the editors' copy; the longest (71 characters) names the product, and search engines cut by width anyway.
    'long-title': ['error', { maxlength: 75 }],
  },
});

test('every page in dist/ passes html-validate', async () => {
  const { outDir } = await buildRealSite();
  const files = (await readdir(outDir)).filter((file) => file.endsWith('.html')).sort();
  assert.ok(files.length > 20, `pages found: ${files.join(' ')}`);
  const failures: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(await readFile(path.join(outDir, file), 'utf8'), file);
    for (const result of report.results) {
      for (const message of result.messages) {
        failures.push(`${file}:${message.line}:${message.column}: ${message.ruleId}: ${message.message} (${message.selector ?? ''})`);
      }
    }
  }
  assert.ok(failures.length === 0, `html-validate:\n${failures.join('\n')}`);
});

test.run();
