/**
 * The commands' actions. Each imports what it needs when it runs: a build
 * has no use for the SQLite driver or the server, and loading
 * them cost a warm rebuild a good part of its time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ServeOptions } from './serve/serve.ts';
import type { SubmissionFormat } from './submissions.ts';
import { style } from './terminal.ts';
import { SiteError } from './errors.ts';

export async function buildCommand(root: string, out?: string, options: { threads?: number; cache?: boolean; json?: boolean } = {}): Promise<void> {
  const [{ buildSite }, { startProgress }] = await Promise.all([import('./pipeline.ts'), import('./progress.ts')]);
  const outDir = out ? path.resolve(out) : path.join(root, 'dist');
  const { json, ...buildOptions } = options;
  const started = performance.now();
  const progress = startProgress(process.stderr, { enabled: !json, afterMs: progressDelay() });
  let result;
  try {
    result = await buildSite({ root, outDir, ...buildOptions, onStage: progress.onStage });
  } finally {
    progress.stop();
  }
  if (json) {
    // The one thing on stdout: the warnings are in the document.
    const { buildDocument } = await import('./build-json.ts');
    process.stdout.write(JSON.stringify(await buildDocument(result, performance.now() - started), null, 2) + '\n');
    return;
  }
  for (const warning of result.warnings) console.warn(style('yellow', 'warning ') + warning);
  const total = Object.values(result.timings).reduce((sum, ms) => sum + ms, 0);
  const stages = Object.entries(result.timings).map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(', ');
  const rendered = result.rendered === result.pages.length ? '' : `, ${result.rendered} rendered and the rest unchanged`;
  console.log(`built ${result.pages.length} pages${rendered} into ${path.relative(process.cwd(), outDir) || '.'} (${stages}; ${total.toFixed(0)} ms of stage time)`);
}

/** How long a build runs before it shows its progress line; SITEGEN_PROGRESS_AFTER_MS lets tests see the line at once. */
function progressDelay(): number {
  const ms = Number(process.env.SITEGEN_PROGRESS_AFTER_MS);
  return Number.isFinite(ms) && ms >= 0 && process.env.SITEGEN_PROGRESS_AFTER_MS !== '' ? ms : 1000;
}

export async function serveCommand(options: Omit<ServeOptions, 'outDir'> & { outDir?: string }): Promise<void> {
  const { startServer } = await import('./serve/serve.ts');
  const outDir = options.outDir ? path.resolve(options.outDir) : path.join(options.root, 'dist');
  if (!existsSync(path.join(outDir, 'index.html'))) {
    throw new SiteError('not-built', `${outDir} holds no built site`, {
      hint: `run \`sitegen build${options.root === process.cwd() ? '' : ` --root ${options.root}`}\` first, or \`npm start\` to build and serve`,
    });
  }
  const server = await startServer({ ...options, outDir });
  console.log(`serving on ${server.url}${options.api ? ' with the reference API' : ''}`);
}

/**
 * `npm start` on a fresh clone: makes what the login needs and is not in git
 * (the key pair, and a demo customer whose random password is printed once;
 * only its scrypt hash is kept), then builds and serves.
 */
export async function startCommand(options: Omit<ServeOptions, 'outDir'>): Promise<void> {
  const [{ ensureLoginKeys }, { addUser, randomPassword, readUsers }, { stateFiles }] = await Promise.all([
    import('./keys.ts'), import('./users.ts'), import('./state.ts'),
  ]);
  if (await ensureLoginKeys(options.root)) {
    console.log(`made the login key pair in ${stateFiles(options.root).dir}`);
  }
  if (Object.keys(await readUsers(options.root)).length === 0) {
    const password = randomPassword();
    await addUser(options.root, DEMO_USERNAME, password);
    console.log(`made a demo customer for /customerlogin: username ${style('bold', DEMO_USERNAME)}, password ${style('bold', password)}`);
    console.log('  (shown this once; only its scrypt hash is kept. `sitegen users add NAME --force` sets a new one)');
  }
  await buildCommand(options.root);
  await serveCommand(options);
}

const DEMO_USERNAME = 'demo';

export async function keysCommand(root: string, force: boolean): Promise<void> {
  const { makeLoginKeys } = await import('./keys.ts');
  const files = await makeLoginKeys(root, { force });
  console.log(`wrote ${files.privateKey} (private, mode 0600) and ${files.publicKey}; rebuild the site to embed the new public key`);
}

/** `sitegen users add NAME`: the password comes from standard input, never from the command line. */
export async function usersAddCommand(root: string, username: string, force: boolean): Promise<void> {
  const [{ readPassword }, { addUser }, { stateFiles }] = await Promise.all([
    import('./password-input.ts'), import('./users.ts'), import('./state.ts'),
  ]);
  const password = await readPassword(`password for ${username}: `);
  if (process.stdin.isTTY && password !== await readPassword('repeat it: ')) {
    throw new SiteError('password-mismatch', 'the two passwords differ; nothing was changed');
  }
  await addUser(root, username, password, { replace: force });
  console.log(`saved user ${username} (scrypt hash in ${path.relative(process.cwd(), stateFiles(root).users) || stateFiles(root).users})`);
}

export async function submissionsCommand(root: string, format: SubmissionFormat): Promise<void> {
  const [{ openStore }, { formatSubmissions }] = await Promise.all([import('./server/store.ts'), import('./submissions.ts')]);
  const store = openStore(root);
  try {
    process.stdout.write(formatSubmissions(store.list(), format));
  } finally {
    store.close();
  }
}

export async function checkCommand(root: string, out?: string): Promise<void> {
  const { checkSite } = await import('./check/check-output.ts');
  const outDir = out ? path.resolve(out) : path.join(root, 'dist');
  const report = await checkSite(root, outDir);
  if (report.problems.length > 0) {
    for (const problem of report.problems) console.error(style('red', 'broken ') + problem);
    throw new SiteError('check', `${report.problems.length} broken link(s) or asset(s) in ${report.pages} pages`);
  }
  console.log(`content valid; ${report.pages} pages and ${report.references} links and assets checked, none broken`);
}
