import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { createReferenceApi, type ReferenceApiOptions as ApiOptions } from './reference-api.ts';
import { makeLoginKeys } from '../../server/keys.ts';
import { addUser } from '../../server/users.ts';
import { openStore, type Store } from '../../server/store.ts';
import { publicKeyFromPem } from '../../templates/lib/rsa-public-key.ts';
import { stateFiles } from '../../server/state.ts';
import { REPO_ROOT, tempDir } from './site.ts';
import { clusterForFile } from './postgres.ts';

/** Limits high enough to stay out of the way of tests that are not about them. */
export const HIGH = { max: 100_000, windowMs: 60_000 };

export const ALICE = { username: 'alice', password: 'correct horse battery' };

/**
 * A back end of the store the same tests run on: the embedded SQLite file
 * (the empty URL, whatever SITEGEN_DATABASE_URL the shell running the tests
 * has), or a new database, made for each site, in a PostgreSQL cluster that
 * the test file starts once. `done` (the file's last `after`) stops it.
 */
export interface Backend {
  name: 'SQLite' | 'PostgreSQL';
  databaseUrl(): Promise<string>;
  done(): Promise<void>;
}

export const SQLITE: Backend = { name: 'SQLite', databaseUrl: async () => '', done: async () => {} };

export function postgresBackend(): Backend {
  const cluster = clusterForFile();
  return { name: 'PostgreSQL', databaseUrl: async () => (await cluster.get()).createDatabase(), done: cluster.remove };
}

/** Both back ends, for a file that runs the same suites on each. */
export function storeBackends(): Backend[] {
  return [SQLITE, postgresBackend()];
}

/**
 * This site's server in another root: server/ (without its tests), the
 * modules of the templates it imports, the sample license, and the
 * packages (node_modules, linked, as a site's own install would have them).
 */
export async function addSiteServer(root: string): Promise<void> {
  await cp(path.join(REPO_ROOT, 'server'), path.join(root, 'server'), { recursive: true, filter: (source) => !/[/\\]server[/\\]test$/.test(source) });
  await cp(path.join(REPO_ROOT, 'content', 'private'), path.join(root, 'content', 'private'), { recursive: true });
  await mkdir(path.join(root, 'templates', 'lib'), { recursive: true });
  await cp(path.join(REPO_ROOT, 'templates', 'lib', 'license.ts'), path.join(root, 'templates', 'lib', 'license.ts'));
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

/** A new site root with this site's server (and nothing else): where its commands exist. */
export async function siteRoot(): Promise<string> {
  const root = await tempDir('sitegen-site-');
  await addSiteServer(root);
  return root;
}

/** A site root with this site's server, the login keys, these users (in the store at `databaseUrl`) and the sample license, and an empty dist/ but for an index.html. */
export async function apiRoot(users: { username: string; password: string }[] = [ALICE], databaseUrl?: string): Promise<string> {
  const root = await tempDir('sitegen-api-');
  await mkdir(path.join(root, 'content'), { recursive: true });
  await addSiteServer(root);
  await makeLoginKeys(root);
  for (const user of users) await addUser(root, user.username, user.password, { databaseUrl });
  await mkdir(path.join(root, 'dist'));
  await writeFile(path.join(root, 'dist', 'index.html'), '<!doctype html><title>home</title><p>home</p>\n');
  return root;
}

/** apiRoot, served with the API on 127.0.0.1:0, its store on the given back end; `server.close()` closes the store too. */
export async function apiSite(options: ApiOptions = {}, users: { username: string; password: string }[] = [ALICE], backend: Backend = SQLITE) {
  process.env.SITEGEN_QUIET = '1';
  const databaseUrl = options.databaseUrl ?? await backend.databaseUrl();
  const root = await apiRoot(users, databaseUrl);
  const api = await createReferenceApi(root, { contactLimit: HIGH, loginFailureLimit: HIGH, accountFailureLimit: HIGH, databaseUrl, ...options });
  const running = await startServer({ outDir: path.join(root, 'dist'), port: 0, host: '127.0.0.1', handlers: [api] });
  const server: RunningServer = { ...running, close: () => running.close().then(() => api.close()) };
  const publicPem = await readFile(stateFiles(root).publicKey, 'utf8');
  return { root, server, publicPem, publicKey: publicKeyFromPem(publicPem), databaseUrl };
}

export type ApiSite = Awaited<ReturnType<typeof apiSite>>;

/** Runs `use` on the site's store, opened as `sitegen submissions` would open it, and closes it. */
export async function withStore<T>(site: Pick<ApiSite, 'root' | 'databaseUrl'>, use: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(site.root, { databaseUrl: site.databaseUrl });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

/** POSTs JSON (or the given text) to a running server; resolves the status, headers and body text. */
export async function post(server: Pick<RunningServer, 'url'>, pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const SITEGEN = path.join(REPO_ROOT, 'bin', 'sitegen.js');

/** The CLI's environment: no colour (uvu sets FORCE_COLOR, which would win over NO_COLOR with a warning), and the store at `databaseUrl`. */
export function cliEnv(databaseUrl = ''): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _color, ...env } = process.env;
  return { ...env, NO_COLOR: '1', SITEGEN_QUIET: '1', SITEGEN_DATABASE_URL: databaseUrl };
}

/** Runs a sitegen command to its end, with `input` on stdin; its exit code and output. */
export function sitegenCommand(args: string[], options: { databaseUrl?: string; input?: string } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SITEGEN, ...args], { env: cliEnv(options.databaseUrl), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServingCli {
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

export interface ServeCliOptions {
  databaseUrl?: string;
  args?: string[];
  command?: 'serve' | 'start';
  /** Another sitegen's bin/sitegen.js (an installed package's), run from `cwd` with `env`. */
  bin?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** `sitegen serve` (or `start`) on a free port of 127.0.0.1, in its own process; resolves once it says where it listens. */
export function serveCli(root: string, options: ServeCliOptions = {}): Promise<ServingCli> {
  const child = spawn(process.execPath, [options.bin ?? SITEGEN, options.command ?? 'serve', '--root', root, '--port', '0', ...(options.args ?? [])], {
    cwd: options.cwd, env: options.env ?? cliEnv(options.databaseUrl), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /serving on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, output: () => output, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`sitegen serve stopped before it listened:\n${output}`)));
  });
}

/** POSTs a JSON body over the agent's connections; the status, Retry-After and body text. */
export function postWith(agent: http.Agent, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; retryAfter: string | undefined; text: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
    }, (response) => {
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { answer += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], text: answer }));
    });
    request.on('error', reject);
    request.end(text);
  });
}

/** Runs `run` against a server that is starting, and closes it whatever happens. */
export async function withSite(starting: Promise<ApiSite>, run: (site: ApiSite) => Promise<void>): Promise<void> {
  const site = await starting;
  try {
    await run(site);
  } finally {
    await site.server.close();
  }
}
