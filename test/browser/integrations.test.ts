/**
 * An integration from another package (test/fixtures/integration-package),
 * installed into a new site with `npm install` as a `file:` dependency, as
 * docs/integrations.md says: the site builds, its pages carry the package's
 * Markdown syntax and head script, its page made from data is built like a
 * content page, the file it writes after the build is there, and Chromium opens every page behind the site's own headers with
 * no CSP violation, failed request or console error.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { checkSite } from '../../src/check/check-output.ts';
import { FIXTURES, tempDir } from '../helpers/site.ts';
import { initStarter } from '../helpers/starter.ts';

const run = promisify(execFile);

test('another package\'s integration, installed with npm, builds a site Chromium opens with no CSP violation', async () => {
  const packages = await tempDir('sitegen-integration-package-');
  const packageDir = path.join(packages, 'sitegen-glossary');
  await cp(path.join(FIXTURES, 'integration-package'), packageDir, { recursive: true });
  const root = await initStarter('basic', 'sitegen-integration-site-');
  // `sitegen init` wrote the site's package.json: the integration is installed into it like any package.
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `file:${packageDir}`], { cwd: root });
  assert.equal(JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')).dependencies, { 'sitegen-glossary': `file:${path.relative(root, packageDir).split(path.sep).join('/')}` });
  await writeFile(path.join(root, 'sitegen.config.ts'), [
    "import { defineConfig } from 'sitegen/config';",
    "import { glossary } from 'sitegen-glossary';",
    '',
    "export default defineConfig({ integrations: [glossary({ beacon: 'https://collect.example.com', terms: { CDN: 'Content Delivery Network' } })] });",
    '',
  ].join('\n'));
  await writeFile(path.join(root, 'content/pages/terms.md'), '---\ntitle: Terms\ndescription: The words we use.\n---\n\nEvery [[API|Application Programming Interface]] has a [[SLA|Service Level Agreement]].\n');
  const { outDir } = await buildSite({ root, outDir: path.join(root, 'dist') });

  const html = await readFile(path.join(outDir, 'terms.html'), 'utf8');
  assert.match(html, '<abbr title="Application Programming Interface">API</abbr>');
  assert.match(html, '<script>navigator.sendBeacon("https://collect.example.com/hit", location.pathname)</script>');
  assert.match(await readFile(path.join(outDir, '_headers'), 'utf8'), "connect-src 'self' https://collect.example.com");
  // The page made from data: built like a content page, in the sitemap like one.
  assert.match(await readFile(path.join(outDir, 'glossary.html'), 'utf8'), '<li><strong>CDN</strong>: Content Delivery Network</li>');
  assert.match(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8'), '/glossary</loc>');
  const terms = JSON.parse(await readFile(path.join(outDir, 'glossary.json'), 'utf8'));
  assert.equal(terms.SLA, { meaning: 'Service Level Agreement', pages: ['/terms'] });

  const report = await checkSite(root, outDir, { browser: true });
  assert.equal(report.problems, []);
  // The beacon's host cannot be reached from these machines (no internet): its request fails, and that is all.
  const unreachable = (problem: { kind: string; detail: string }) => problem.kind === 'request' && problem.detail === 'https://collect.example.com/hit failed (net::ERR_NAME_NOT_RESOLVED)';
  assert.equal(report.browser?.filter((problem) => !unreachable(problem)), [], 'CSP violations, console errors or broken images in Chromium');
  assert.equal(report.browser?.filter(unreachable).map((problem) => problem.page).sort(), ['/', '/404', '/glossary', '/terms'],
    'the beacon was sent from every page (the policy allowed it)');
});

test.run();
