/**
 * Debian's nginx run by a test: in the foreground, as one process (so that it
 * reads the test's temporary folders as the user who made them, root or
 * not), with its pid, logs and temporary files in a folder of its own, on
 * free ports of 127.0.0.1. The server blocks are the caller's; the http block
 * around them is what Debian's /etc/nginx/nginx.conf gives a site.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { waitUntil } from './wait-until.ts';

const run = promisify(execFile);

export const INSTALL_NGINX = "nginx is missing: install Debian's nginx (apt-get install nginx)";

/** The nginx binary: /usr/sbin is not on every user's PATH. */
export function findNginx(): string {
  const dirs = ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    try {
      accessSync(path.join(dir, 'nginx'), constants.X_OK);
      return path.join(dir, 'nginx');
    } catch {
      // Not in this folder.
    }
  }
  throw new Error(INSTALL_NGINX);
}

/** A port of 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A throwaway self-signed certificate for 127.0.0.1 (P-256: made in milliseconds). */
export async function selfSignedCertificate(dir: string): Promise<{ cert: string; key: string; pem: string }> {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert,
  ]).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new Error('openssl is missing: apt-get install openssl') : error;
  });
  return { cert, key, pem: await readFile(cert, 'utf8') };
}

/** `text` with every `from` replaced; throws when `from` is not there, so that a changed recipe cannot go untested. */
export function substitute(text: string, from: string, to: string, where: string): string {
  if (!text.includes(from)) throw new Error(`${where} no longer holds \`${from}\`: update the test to the new recipe`);
  return text.split(from).join(to);
}

export interface RunningNginx {
  stop(): Promise<void>;
}

/** Checks the configuration (nginx -t, for its file:line errors), starts nginx and waits until it accepts connections on `port`. */
export async function startNginx(dir: string, serverBlocks: string, port: number): Promise<RunningNginx> {
  const nginx = findNginx();
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, wrapInHttpBlock(dir, serverBlocks));
  const args = ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')];
  await run(nginx, ['-t', '-q', ...args]).catch((error: { stderr?: string }) => {
    throw new Error(`nginx refused the configuration:\n${error.stderr}`);
  });
  const child = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<never>((_resolve, reject) => {
    child.once('exit', async (code, signal) => {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      reject(new Error(`nginx stopped (${signal ?? `exit ${code}`}) before it listened:\n${stderr}${log}`));
    });
    child.once('error', reject);
  });
  exited.catch(() => {});
  const listening = accepts(port);
  listening.catch(() => {}); // when nginx stopped first, its error is the one to report
  await Promise.race([listening, exited]);
  return { stop: () => stop(child) };
}

function wrapInHttpBlock(dir: string, serverBlocks: string): string {
  const temp = (name: string) => path.join(dir, `${name}_temp`);
  return [
    'daemon off;',
    'master_process off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${temp(name)};`),
    serverBlocks,
    '}',
    '',
  ].join('\n');
}

/** Resolves once a connection to the port succeeds (nginx opens its sockets before it serves). */
function accepts(port: number): Promise<void> {
  const connects = () => new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return waitUntil(connects, `nginx accepts connections on port ${port}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** GET over HTTPS to 127.0.0.1, trusting only `ca`, with the path sent as written (not normalised); redirects are not followed. */
export function httpsGet(port: number, rawPath: string, ca: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.get({ host: '127.0.0.1', port, path: rawPath, ca, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: flatHeaders(response.headers), body }));
    });
    request.once('error', reject);
  });
}

function flatHeaders(headers: NodeJS.Dict<string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value ?? '']));
}

/** The protocol the server picks when offered HTTP/2 and HTTP/1.1 (ALPN). */
export function negotiatedProtocol(port: number, ca: string): Promise<string | false> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, ALPNProtocols: ['h2', 'http/1.1'] }, () => {
      resolve(socket.alpnProtocol ?? false);
      socket.destroy();
    });
    socket.once('error', reject);
  });
}
