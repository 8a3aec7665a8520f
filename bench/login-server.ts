/**
 * The server the login benches talk to: `sitegen serve` with the reference
 * API over a small site root (a key pair, one customer, the sample license
 * and a home page of about the size of a real one), in a child process so
 * that the bench's own work does not share its event loop. The login limits
 * are raised out of the way: the benches measure the work, not the limits.
 *
 *   node --import tsx bench/login-server.ts ROOT   (child mode: serve ROOT)
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startListening, type Listening } from './listen.ts';
import { REPO } from './builders.ts';
import { startServer } from '../src/serve/serve.ts';
import { createReferenceApi } from '../test/helpers/reference-api.ts';
import { makeLoginKeys } from '../server/keys.ts';
import { addUser } from '../server/users.ts';
import { publicKeyFromPem } from '../templates/lib/rsa-public-key.ts';
import type { RsaPublicKey } from '../templates/lib/envelope.ts';
import { stateFiles } from '../server/state.ts';

export const BENCH_USER = { username: 'bench', password: 'bench password 1' };
const UNLIMITED = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

export interface LoginServer extends Listening {
  publicKey: RsaPublicKey;
  publicPem: string;
}

/** Makes the site root under WORK and serves it; the caller stops it. */
export async function startLoginServer(work: string): Promise<LoginServer> {
  const root = path.join(work, 'login-site');
  await mkdir(path.join(root, 'content'), { recursive: true });
  await cp(path.join(REPO, 'content', 'private'), path.join(root, 'content', 'private'), { recursive: true });
  // The license's shape is the site's (templates/lib/license.ts): the API reads license.yaml against it.
  await mkdir(path.join(root, 'templates', 'lib'), { recursive: true });
  await cp(path.join(REPO, 'templates', 'lib', 'license.ts'), path.join(root, 'templates', 'lib', 'license.ts'));
  await makeLoginKeys(root, { force: true });
  await addUser(root, BENCH_USER.username, BENCH_USER.password, { replace: true });
  await mkdir(path.join(root, 'dist'), { recursive: true });
  const paragraph = '<p>Behavioural biometrics tell a customer from a fraudster by the way they type, swipe and move.</p>\n';
  await writeFile(path.join(root, 'dist', 'index.html'), `<!doctype html><html lang="en"><title>Home</title><main>\n${paragraph.repeat(100)}</main></html>\n`);
  const server = await startListening([process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), root], { cwd: REPO });
  const publicPem = await readFile(stateFiles(root).publicKey, 'utf8');
  return { ...server, publicPem, publicKey: publicKeyFromPem(publicPem) };
}

async function serve(root: string): Promise<void> {
  process.env.SITEGEN_QUIET = '1';
  const api = await createReferenceApi(root, { contactLimit: UNLIMITED, loginFailureLimit: UNLIMITED, accountFailureLimit: UNLIMITED });
  const server = await startServer({ outDir: path.join(root, 'dist'), port: 0, host: '127.0.0.1', handlers: [api] });
  console.log(`serving on ${server.url}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(path.resolve(process.argv[2]));
