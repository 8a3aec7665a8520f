/**
 * The sitemap's <lastmod>: the last commit of each content file in a git
 * work tree, its modification time when the file is not committed or the
 * site is no git work tree.
 */
import { execFileSync } from 'node:child_process';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { parseLog } from '../../src/emit/content-dates.ts';
import { copyFixture } from '../helpers/fixture.ts';

/** <loc> → <lastmod> of every entry of a built sitemap. */
async function sitemapDates(outDir: string): Promise<Record<string, string | undefined>> {
  const xml = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  return Object.fromEntries([...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)]
    .map(([, loc, lastmod]) => [new URL(loc).pathname, lastmod]));
}

function git(root: string, args: string[], date?: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
  execFileSync('git', args, { cwd: root, env, stdio: 'ignore' });
}

test('outside git, lastmod is each content file\'s modification time', async () => {
  const root = await copyFixture('basic');
  await utimes(path.join(root, 'content/pages/about.yaml'), new Date('2024-05-06T07:08:09Z'), new Date('2024-05-06T07:08:09Z'));
  const { outDir } = await buildSite({ root, cache: false });
  const dates = await sitemapDates(outDir);
  assert.is(dates['/about'], '2024-05-06T07:08:09.000Z');
  assert.ok(dates['/'], 'the home page has no lastmod');
});

test('in a git work tree, lastmod is the last commit of the file; a file not committed yet has its modification time', async () => {
  const root = await copyFixture('basic');
  git(root, ['init', '-q']);
  git(root, ['add', '.']);
  git(root, ['commit', '-qm', 'first'], '2023-01-02T03:04:05+00:00');
  await writeFile(path.join(root, 'content/pages/about.yaml'), (await readFile(path.join(root, 'content/pages/about.yaml'), 'utf8')).replace('About the fixture', 'About us'));
  git(root, ['commit', '-qam', 'about'], '2023-06-07T08:09:10+00:00');
  await writeFile(path.join(root, 'content/pages/new.yaml'), 'template: page\ntitle: New\ndescription: New page.\nheading: New\nlinks: []\n');
  await utimes(path.join(root, 'content/pages/new.yaml'), new Date('2025-02-03T04:05:06Z'), new Date('2025-02-03T04:05:06Z'));
  // A file touched since its commit keeps the commit's date: the history, not the checkout, says when it changed.
  await utimes(path.join(root, 'content/pages/index.yaml'), new Date(), new Date());
  const { outDir } = await buildSite({ root, cache: false });
  const dates = await sitemapDates(outDir);
  assert.is(dates['/about'], '2023-06-07T08:09:10+00:00');
  assert.is(dates['/'], '2023-01-02T03:04:05+00:00');
  assert.is(dates['/caf%C3%A9'], '2023-01-02T03:04:05+00:00', 'a non-ASCII file name');
  assert.is(dates['/new'], '2025-02-03T04:05:06.000Z');
});

test('git log is read newest first: a file\'s first date is its last change', () => {
  const log = '\x012024-03-01T00:00:00+00:00\n\ncontent/pages/a.yaml\n\x012024-01-01T00:00:00+00:00\n\ncontent/pages/a.yaml\ncontent/pages/b.md\n';
  assert.equal(Object.fromEntries(parseLog(log)), {
    'content/pages/a.yaml': '2024-03-01T00:00:00+00:00',
    'content/pages/b.md': '2024-01-01T00:00:00+00:00',
  });
});

test.run();
