import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import type { ApiOptions } from '../../src/server/api.ts';
import { makeLoginKeys } from '../../src/keys.ts';
import { REPO_ROOT, tempDir } from './site.ts';

const HIGH = { max: 100_000, windowMs: 60_000 };

/**
 * A site root with the login keys and the sample license (so that the API
 * starts without warnings), and an empty dist/ with a home page.
 */
export async function apiRoot(): Promise<string> {
  const root = await tempDir('sitegen-api-');
  await mkdir(path.join(root, 'content'), { recursive: true });
  await cp(path.join(REPO_ROOT, 'content', 'private'), path.join(root, 'content', 'private'), { recursive: true });
  await makeLoginKeys(root);
  await mkdir(path.join(root, 'dist'));
  return root;
}

/** Serves ROOT/dist with the reference API on 127.0.0.1:0, rate limits raised out of the way. */
export function serveApi(root: string, options: ApiOptions = {}): Promise<RunningServer> {
  process.env.SITEGEN_QUIET = '1';
  return startServer({
    root, outDir: path.join(root, 'dist'), port: 0, host: '127.0.0.1', api: true,
    apiOptions: { contactLimit: HIGH, loginFailureLimit: HIGH, ...options },
  });
}

/** POSTs JSON and reads the answer. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}
