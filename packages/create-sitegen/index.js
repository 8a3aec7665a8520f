#!/usr/bin/env node
/**
 * `npm create sitegen@latest [folder] -- --sitegen SPEC [--starter basic|news|docs]`
 *
 * Asks for what it is not told (the folder, the starter) when a person is at
 * the terminal, and takes the defaults otherwise; writes the folder's
 * package.json with sitegen and Node 24 (the `node` package, which npm
 * scripts run before the machine's own Node) as dependencies; installs them;
 * and has the installed sitegen write the starter (`sitegen init`). Plain
 * JavaScript on the Node that runs `npm create`, however old: sitegen itself
 * then runs on the Node 24 it installed.
 *
 * `--sitegen SPEC` says which sitegen to install: a packed tarball or a
 * folder (a path is made absolute, so that it means the same from the new
 * folder), as the tests give. It is required for now: sitegen is not on the
 * npm registry, where the name `sitegen` is another project's, and
 * installing that would run a stranger's install scripts in the new site.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const STARTERS = {
  basic: 'one Markdown page, a layout and a stylesheet',
  news: 'a news section: dated posts, tags, feeds, two languages',
  docs: 'a documentation site: sidebar, search, code tabs',
};

function fail(message, hint) {
  console.error(`create-sitegen: ${message}${hint ? `\n  ${hint}` : ''}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      starter: { type: 'string', short: 's' },
      sitegen: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  fail(error.message, 'usage: npm create sitegen@latest [folder] -- --sitegen SPEC [--starter basic|news|docs]');
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(`usage: npm create sitegen@latest [folder] -- --sitegen SPEC [--starter ${Object.keys(STARTERS).join('|')}]\n\n${
    Object.entries(STARTERS).map(([name, what]) => `  ${name.padEnd(6)} ${what}`).join('\n')}`);
  process.exit(0);
}
if (positionals.length > 1) fail(`one folder, not ${positionals.length}: ${positionals.join(' ')}`);

const asking = process.stdin.isTTY && process.stdout.isTTY;
const prompt = asking ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
const ask = async (question, fallback) => ((await prompt.question(`${question} (${fallback}) `)).trim() || fallback);

let folder = positionals[0];
if (!folder) folder = asking ? await ask('Where should the site go?', 'my-site') : 'my-site';
let starter = values.starter;
if (!starter) {
  if (asking) {
    console.log(Object.entries(STARTERS).map(([name, what]) => `  ${name.padEnd(6)} ${what}`).join('\n'));
    starter = await ask('Which starter?', 'basic');
  } else {
    starter = 'basic';
  }
}
prompt?.close();
if (!Object.hasOwn(STARTERS, starter)) fail(`there is no starter "${starter}"`, `choose one of ${Object.keys(STARTERS).join(', ')}`);

const root = path.resolve(folder);
if (existsSync(root) && readdirSync(root).length > 0) fail(`${folder} is not empty; nothing was written`, 'name a new or empty folder');
if (values.sitegen === undefined) {
  fail('say which sitegen to install: it is not on the npm registry, where the name sitegen is another project\'s, whose code this must not install; nothing was written',
    'add --sitegen with a packed sitegen (`npm pack` in its repository) or its folder: npm create sitegen@latest my-site -- --sitegen ../sitegen-0.1.0.tgz');
}
// A path means the same from the new folder, where npm reads it.
const sitegenSpec = existsSync(values.sitegen) ? `file:${path.resolve(values.sitegen)}` : values.sitegen;

// The site's package.json: sitegen, and the Node it runs on, which npm scripts (and npx) find first.
const name = path.basename(root).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|-+$/g, '') || 'site';
mkdirSync(root, { recursive: true });
const manifest = {
  name,
  private: true,
  type: 'module',
  devDependencies: { node: '^24', sitegen: sitegenSpec },
};
writeFileSync(path.join(root, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// What `npm create` (npm exec) tells the process it runs, which would make npm below run create-sitegen again.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_(config_(package|yes|call)|command)$/i.test(key)));

/** Runs a command in `cwd`; `quiet`: its output is shown only when it fails. */
function run(command, args, cwd, { quiet = false, extra = {} } = {}) {
  const windows = process.platform === 'win32';
  const result = spawnSync(windows ? `${command}.cmd` : command, args, {
    cwd, stdio: quiet ? 'pipe' : 'inherit', shell: windows, env: { ...env, ...extra }, encoding: 'utf8',
  });
  if (result.status === 0) return;
  if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  fail(`${path.basename(command)} ${args.join(' ')} failed in ${cwd}`, 'fix what it said above, then run `npm install` in the folder');
}

// Into its own folder first: `sitegen init` writes only into an empty one. It names the new site and its scripts.
console.log(`installing sitegen and Node 24 into ${folder} …`);
run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--include=dev'], root);
const staging = path.join(root, '.create-sitegen');
rmSync(staging, { recursive: true, force: true });
// The installed sitegen, on the Node 24 installed beside it (its bin names `node`, which the folder's .bin holds).
const bin = path.join(root, 'node_modules', '.bin');
run(path.join(bin, 'sitegen'), ['init', '--starter', starter, staging], root, { quiet: true, extra: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } });
const written = JSON.parse(readFileSync(path.join(staging, 'package.json'), 'utf8'));
rmSync(path.join(staging, 'package.json'));
for (const entry of readdirSync(staging)) renameSync(path.join(staging, entry), path.join(root, entry));
rmSync(staging, { recursive: true, force: true });
writeFileSync(path.join(root, 'package.json'), `${JSON.stringify({ ...written, name, devDependencies: manifest.devDependencies }, null, 2)}\n`);

const into = path.relative(process.cwd(), root) || '.';
console.log(`wrote the ${starter} starter in ${into}, with sitegen and Node 24 installed`);
console.log(`next: \`${into === '.' ? '' : `cd ${into} && `}npm run dev\` (build, serve and rebuild as you edit), \`npm run build\`, \`npm run check\``);
