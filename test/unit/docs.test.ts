/**
 * The docs cannot go stale: every code block in README.md and docs/ is run
 * by this test, run by another test that reads it, or marked as not
 * runnable with a reason; every relative link leads to a file and heading
 * that exist; the command line reference lists what `--help` lists.
 *
 * A block is marked by the comment on the line before its fence:
 * - `<!-- file: PATH -->`: written to PATH in a new starter site;
 * - `<!-- run -->`: a shell block run (with `set -e`) in the folder that
 *   holds that site, `site/`, after the page's files are written; `sitegen`
 *   and `npx sitegen` are this checkout's CLI;
 * - `<!-- run by: TEST -->`: TEST reads this page and runs the block;
 * - `<!-- not run: REASON -->`.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Command, Option } from 'commander';
import { loadSiteServer } from '../../src/site-server/load-server.ts';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';

const run = promisify(execFile);

type MarkerKind = 'file' | 'run' | 'run by' | 'not run';

interface Block {
  doc: string;
  line: number;
  lang: string;
  code: string;
  marker: { kind: MarkerKind; value: string } | undefined;
}

async function docFiles(): Promise<string[]> {
  const docs = (await readdir(path.join(REPO_ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}

/** The fenced blocks of a Markdown text (a fence inside a longer fence is the outer block's text). */
function blocksOf(doc: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,}|~{3,})(\S*)/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.trim() === open[1]);
    const previous = lines.slice(0, i).reverse().find((line) => line.trim() !== '') ?? '';
    const mark = /^<!-- (file|run by|run|not run): ?(.*?) ?-->$/.exec(previous.trim()) ?? /^<!-- (run) -->$/.exec(previous.trim());
    blocks.push({
      doc, line: i + 1, lang: open[2], code: lines.slice(i + 1, end).join('\n'),
      marker: mark ? { kind: mark[1] as MarkerKind, value: mark[2] ?? '' } : undefined,
    });
    i = end;
  }
  return blocks;
}

async function allBlocks(): Promise<Block[]> {
  const blocks: Block[] = [];
  for (const doc of await docFiles()) blocks.push(...blocksOf(doc, await readFile(path.join(REPO_ROOT, doc), 'utf8')));
  return blocks;
}

const docs = suite('the docs');

docs('the README stays short: at most about 150 lines', async () => {
  const lines = (await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8')).split('\n').length;
  assert.ok(lines <= 160, `README.md has ${lines} lines`);
});

docs('every code block is run, run by a test that reads its page, or says why it is not run', async () => {
  const blocks = await allBlocks();
  assert.ok(blocks.length > 20, `found ${blocks.length} blocks`);
  const unmarked = blocks.filter((block) => !block.marker).map((block) => `${block.doc}:${block.line}`);
  assert.equal(unmarked, [], 'blocks with no marker on the line before');
  for (const block of blocks) {
    if (block.marker?.kind === 'not run') assert.ok(block.marker.value.length > 10, `${block.doc}:${block.line}: say why it is not run`);
    if (block.marker?.kind === 'run by') {
      const test = path.join(REPO_ROOT, block.marker.value);
      assert.ok(existsSync(test), `${block.doc}:${block.line}: ${block.marker.value} does not exist`);
      assert.match(await readFile(test, 'utf8'), block.doc, `${block.marker.value} does not read ${block.doc}`);
    }
  }
});

docs('the runnable examples run: each page\'s files in a new starter site, then its shell blocks', async () => {
  const blocks = await allBlocks();
  const pages = [...new Set(blocks.filter((block) => block.marker?.kind === 'run' || block.marker?.kind === 'file').map((block) => block.doc))];
  assert.ok(pages.length >= 2, `pages with runnable examples: ${pages.join(', ')}`);
  const cli = path.join(REPO_ROOT, 'bin', 'sitegen.js');
  // uvu sets FORCE_COLOR, which would win over NO_COLOR with a warning.
  const { FORCE_COLOR: _color, ...inherited } = process.env;
  const env = { ...inherited, NO_COLOR: '1', SITEGEN_QUIET: '1' };
  for (const page of pages) {
    const work = await tempDir('sitegen-docs-');
    await run(process.execPath, [cli, 'init', path.join(work, 'site')], { env });
    for (const block of blocks.filter((item) => item.doc === page && item.marker?.kind === 'file')) {
      const file = path.join(work, 'site', block.marker!.value);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, block.code + '\n');
    }
    for (const block of blocks.filter((item) => item.doc === page && item.marker?.kind === 'run')) {
      const script = [
        'set -e',
        `sitegen() { ${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} "$@"; }`,
        'npx() { if [ "$1" = sitegen ]; then shift; sitegen "$@"; else command npx "$@"; fi; }',
        block.code,
      ].join('\n');
      const result = await runBlock(script, work, env);
      if (result.code !== 0) {
        assert.unreachable(`${page}:${block.line} failed (${result.code}):\n${block.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
      }
    }
  }
});

/**
 * Runs a shell block in a process group of its own, until the shell exits
 * (not until every process it started has closed its output: a server a
 * block started in the background may still hold it), then stops whatever
 * the block left running.
 */
function runBlock(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('bash', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const stopGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // The group is gone: nothing was left running.
    }
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => { stderr += '\n(stopped after 120 s)'; stopGroup(); }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      stopGroup();
      resolve({ code, stdout, stderr });
    });
  });
}

/** GitHub's id for a heading: lower case, punctuation but - and _ dropped, spaces as -. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

async function headingsOf(file: string): Promise<Set<string>> {
  const text = await readFile(file, 'utf8');
  const outside = text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
  return new Set([...outside.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1])));
}

docs('every relative link leads to a file, and to a heading of it', async () => {
  const broken: string[] = [];
  for (const doc of await docFiles()) {
    const text = (await readFile(path.join(REPO_ROOT, doc), 'utf8')).replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
    // Links written inside `code` are examples, not links.
    for (const [, target] of text.replace(/`[^`\n]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file, anchor] = target.split('#');
      const resolved = file ? path.resolve(path.dirname(path.join(REPO_ROOT, doc)), file) : path.join(REPO_ROOT, doc);
      if (!existsSync(resolved)) {
        broken.push(`${doc}: ${target} (no such file)`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !(await headingsOf(resolved)).has(anchor)) broken.push(`${doc}: ${target} (no such heading)`);
    }
  }
  assert.equal(broken, [], 'broken links');
});

docs('the command line reference lists each command\'s flags as --help does, the generator\'s and this site\'s', async () => {
  const { program } = await import('../../src/cli.ts') as { program: Command };
  const generator = commandsOf(program);
  assert.equal(generator.map(([name]) => name).sort(), ['build', 'check', 'dev', 'init', 'serve', 'start'], 'the generator\'s commands, and only those');
  assertFlagsDocumented(generator, await readFile(path.join(REPO_ROOT, 'docs', 'cli.md'), 'utf8'), 'docs/cli.md');
  // This site's commands, declared by its server as the command line declares them.
  const site = new Command('sitegen');
  const server = await loadSiteServer(REPO_ROOT);
  server?.commands?.({ program: site, rootOption: () => new Option('--root <dir>').default('.'), run: (action) => action });
  const declared = commandsOf(site);
  assert.equal(declared.map(([name]) => name).sort(), ['keys', 'submissions', 'users add'], 'the site\'s commands');
  assertFlagsDocumented(declared, await readFile(path.join(REPO_ROOT, 'server', 'README.md'), 'utf8'), 'server/README.md');
});

/** Every command without subcommands, named as typed (`users add`). */
function commandsOf(program: Command): [string, Command][] {
  const commands: [string, Command][] = [];
  const walk = (command: Command, prefix: string) => {
    for (const sub of command.commands) {
      const name = `${prefix} ${sub.name()}`.trim();
      if (sub.commands.length > 0) walk(sub, name);
      else commands.push([name, sub]);
    }
  };
  walk(program, '');
  return commands;
}

function assertFlagsDocumented(commands: [string, Command][], reference: string, file: string): void {
  for (const [name, command] of commands) {
    const section = reference.split(`\n### sitegen ${name}\n`)[1]?.split('\n### ')[0];
    assert.ok(section, `${file} has no "### sitegen ${name}"`);
    const documented = [...section.matchAll(/^\| `(--[a-z-]+)/gm)].map((match) => match[1]).sort();
    const flags = command.options.map((option) => option.long!).filter((flag) => flag !== '--help').sort();
    assert.equal(documented, flags, `the flags of sitegen ${name}`);
  }
}

docs.run();
