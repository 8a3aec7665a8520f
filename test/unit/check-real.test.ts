/** `sitegen check` on the real site: its content is valid and every internal link, image and script of the build resolves. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSite } from '../../src/check/check-output.ts';
import { buildRealSite, REPO_ROOT } from '../helpers/site.ts';

test('sitegen check finds no problem in the real build', async () => {
  const { outDir } = await buildRealSite();
  const report = await checkSite(REPO_ROOT, outDir);
  assert.ok(report.pages >= 20, `pages checked: ${report.pages}`);
  assert.ok(report.references > 0, 'references were followed');
  assert.ok(report.problems.length === 0, `sitegen check:\n${report.problems.join('\n')}`);
});

test.run();
