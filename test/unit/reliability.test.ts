/**
 * What a crash, a second build or a reader during a swap cannot break
 * (issue 47): `serve` under load stays up and answers every page that
 * exists before and after while builds run beside it (some killed with
 * SIGKILL), a killed swap is put right by the next build or `serve`, its
 * leftover folders go, two builds at once take turns, and a warm build's
 * output equals a cold one's byte for byte after random edits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { startServer } from '../../src/serve/serve.ts';
import { copyFixture, treeDifferences, treeOf } from '../helpers/fixture.ts';
import { copyNewsStarter } from '../helpers/starter.ts';
import { REPO_ROOT } from '../helpers/site.ts';
import { keepAsking } from '../helpers/keep-asking.ts';
import { pageMarkdown, prng, writeCorpus } from '../../bench/corpus.ts';

const CLI = path.join(REPO_ROOT, 'bin', 'sitegen.js');

/** `sitegen build` in a process of its own (so that it can be killed), with its cache or without. */
function cliBuild(root: string, args: string[] = []): ChildProcess & { done: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, 'build', '--root', root, ...args], { env: { ...process.env, NO_COLOR: '1', SITEGEN_QUIET: '1' }, stdio: 'ignore' });
  return Object.assign(child, { done: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) });
}


/** The output of a cold build of the same root, into a folder of its own. */
async function coldOutput(root: string): Promise<Map<string, string>> {
  const outDir = path.join(root, '..', `cold-${Date.now()}`);
  await buildSite({ root, outDir, cache: false });
  const tree = await treeOf(outDir);
  await rm(outDir, { recursive: true, force: true });
  return tree;
}

test('serve under keep-alive load stays up through builds and killed builds, and answers every page that exists before and after', async () => {
  const root = await copyFixture('basic');
  await buildSite({ root });
  const outDir = path.join(root, 'dist');
  process.env.SITEGEN_QUIET = '1';
  const server = await startServer({ outDir, port: 0, host: '127.0.0.1' });
  const asking = keepAsking(server.url, ['/', '/about', '/sitemap.xml', '/img/logo.svg'], 16);
  let outcome: { answered: number; wrong: string[] } | undefined;
  try {
    for (let round = 0; round < 8; round++) {
      // A page's words change each round, so that each build really swaps a new output in.
      await writeFile(path.join(root, 'content/pages/about.yaml'), (await readFile(path.join(root, 'content/pages/about.yaml'), 'utf8')).replace(/heading: .*/, `heading: About, round ${round}`));
      const build = cliBuild(root);
      // Every other build is killed part-way: a swap may be cut anywhere.
      if (round % 2 === 1) setTimeout(() => build.kill('SIGKILL'), 150 + round * 60);
      const code = await build.done;
      // A build that finished wrote what a cold one writes; one that was killed left the last build's output whole.
      if (code === 0) assert.equal(treeDifferences(await treeOf(outDir), await coldOutput(root)), [], `round ${round}: the output equals a cold build's`);
      else assert.ok(existsSync(path.join(outDir, 'index.html')) || existsSync(path.join(path.dirname(outDir), '.dist.publish')), `round ${round}: a killed build left the output, or the journal that puts it back`);
    }
    const last = cliBuild(root);
    assert.is(await last.done, 0, 'the build after the kills succeeds');
  } finally {
    outcome = await asking.stop();
    await server.close();
  }
  const { answered, wrong } = outcome;
  assert.ok(answered > 200, `the clients were answered throughout (${answered})`);
  assert.equal(wrong, [], 'no page or asset that exists before and after was ever missing');
  const siblings = (await readdir(path.dirname(outDir))).filter((name) => name.startsWith('.dist.'));
  assert.equal(siblings, [], 'no staging or old folder is left beside dist/');
  assert.equal(treeDifferences(await treeOf(outDir), await coldOutput(root)), [], 'the output equals a cold build\'s');
});

test('a swap killed between its two renames is finished by the next serve or build; folders of dead builds are removed', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const before = await treeOf(outDir);
  const parent = path.dirname(outDir);
  // As a build of a process that no longer runs leaves it: dist/ moved aside, the journal naming both folders.
  const dead = 2 ** 22 + 12345;
  await rename(outDir, path.join(parent, `.dist.old-${dead}-1`));
  await mkdir(path.join(parent, `.dist.next-${dead}-2`));
  await writeFile(path.join(parent, '.dist.publish'), JSON.stringify({ next: `.dist.next-${dead}-3`, old: `.dist.old-${dead}-1` }));
  await mkdir(path.join(parent, `.dist.next-${dead}-9`));
  process.env.SITEGEN_QUIET = '1';
  const server = await startServer({ outDir, port: 0, host: '127.0.0.1' });
  try {
    const answer = await fetch(`${server.url}/about`);
    assert.is(answer.status, 200, 'serve put the output back before its first answer');
  } finally {
    await server.close();
  }
  assert.equal(treeDifferences(await treeOf(outDir), before), []);
  assert.equal((await readdir(parent)).filter((name) => name.startsWith('.dist.')), [], 'the journal and the dead builds\' folders are gone');
});

test('two builds at once take turns: both succeed, and the output is a cold build\'s', async () => {
  const root = await copyFixture('basic');
  await buildSite({ root });
  await writeFile(path.join(root, 'content/pages/about.yaml'), (await readFile(path.join(root, 'content/pages/about.yaml'), 'utf8')).replace(/heading: .*/, 'heading: About, twice'));
  for (let pair = 0; pair < 3; pair++) {
    const codes = await Promise.all([cliBuild(root).done, cliBuild(root).done]);
    assert.equal(codes, [0, 0], `pair ${pair}`);
  }
  assert.not.ok(existsSync(path.join(root, '.sitegen', 'build.lock')), 'the lock is given back');
  assert.equal(treeDifferences(await treeOf(path.join(root, 'dist')), await coldOutput(root)), []);
});

test('a lock left by a killed build is taken over', async () => {
  const root = await copyFixture('basic');
  await mkdir(path.join(root, '.sitegen'), { recursive: true });
  await writeFile(path.join(root, '.sitegen', 'build.lock'), `${2 ** 22 + 54321} 0 stale`);
  const { outDir } = await buildSite({ root });
  assert.ok(existsSync(path.join(outDir, 'index.html')));
});

/** A small deterministic random source, so that a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

test('a warm build\'s output equals a cold one\'s after random edits, deletions and additions (news starter)', async () => {
  const root = await copyNewsStarter('sitegen-warm-cold-');
  const now = new Date('2026-11-20T12:00:00Z');
  await buildSite({ root, now });
  const next = random(47);
  const posts = path.join(root, 'content', 'pages', 'news');
  for (let step = 0; step < 8; step++) {
    const files = (await readdir(posts, { recursive: true })).map(String).filter((file) => /\.md$/.test(file) && file !== 'index.md');
    const pick = files[Math.floor(next() * files.length)];
    const choice = next();
    let did: string;
    if (choice < 0.4 && pick) {
      const file = path.join(posts, pick);
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: (.*)$/m, (_, title: string) => `title: ${title.replace(/ \(edit \d+\)$/, '')} (edit ${step})`));
      did = `edited ${pick}`;
    } else if (choice < 0.6 && pick && files.length > 2 && !pick.includes('/')) {
      await rm(path.join(posts, pick));
      did = `removed ${pick}`;
    } else {
      const name = `added-${step}.md`;
      const day = String(1 + Math.floor(next() * 27)).padStart(2, '0');
      await writeFile(path.join(posts, name), `---\ntitle: Added ${step}\ndescription: A post added at step ${step}.\ndate: 2026-10-${day}\ntags: [${next() < 0.5 ? 'photos' : 'notes'}]\n---\n\nWords of post ${step}.\n`);
      did = `added ${name}`;
    }
    const { outDir } = await buildSite({ root, now });
    const warm = await treeOf(outDir);
    const cold = path.join(root, '..', `cold-${step}`);
    await buildSite({ root, outDir: cold, cache: false, now });
    assert.equal(treeDifferences(warm, await treeOf(cold)), [], `step ${step}: ${did}`);
    await rm(cold, { recursive: true, force: true });
  }
});

test('a warm build\'s output equals a cold one\'s after random edits, deletions and additions (a generated corpus with agent files and a sitemap)', async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'sitegen-warm-corpus-'));
  const { sitegen: root } = await writeCorpus(base, 240, 47);
  // The agent files list every page in order (llms.txt, llms-full.txt): where a warm build's order showed.
  await writeFile(path.join(root, 'sitegen.config.ts'), "import { agents, defineConfig, sitemap } from 'sitegen/config';\nexport default defineConfig({ integrations: [agents(), sitemap()] });\n");
  const pages = path.join(root, 'content', 'pages');
  await buildSite({ root });
  const next = prng(4747);
  for (let step = 0; step < 6; step++) {
    const files = (await readdir(pages)).filter((file) => file.endsWith('.md')).sort();
    const did: string[] = [];
    // A few changes at once, anywhere in the list: the first page, the last, and between.
    for (let change = 0; change < 3; change++) {
      const pick = files[change === 0 ? 0 : Math.floor(next() * files.length)];
      const choice = next();
      if (choice < 0.5) {
        const file = path.join(pages, pick);
        await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: "(.*)"$/m, (_, title: string) => `title: "${title} ${step}"`));
        did.push(`edited ${pick}`);
      } else if (choice < 0.7 && files.some((file) => !file.startsWith('page-') || file.length > 13)) {
        // Only an added page goes (the generated ones link to each other): from the front, the back or between.
        const added = files.filter((file) => !file.startsWith('page-') || file.length > 13);
        const gone = added[Math.floor(next() * added.length)];
        await rm(path.join(pages, gone));
        files.splice(files.indexOf(gone), 1);
        did.push(`removed ${gone}`);
      } else {
        // Named to sort first, last or between the others.
        const name = [`a-added-${step}-${change}.md`, `page-00000-${step}${change}.md`, `zz-added-${step}-${change}.md`][Math.floor(next() * 3)];
        await writeFile(path.join(pages, name), pageMarkdown(1000 + step * 10 + change, 240, 47));
        did.push(`added ${name}`);
      }
    }
    const { outDir } = await buildSite({ root });
    const warm = await treeOf(outDir);
    assert.ok(warm.has('llms-full.txt') && warm.has('sitemap.xml'), 'the corpus writes the agent files and the sitemap');
    assert.equal(treeDifferences(warm, await coldOutput(root)), [], `step ${step}: ${did.join(', ')}`);
  }
  await rm(base, { recursive: true, force: true });
});

test.run();
