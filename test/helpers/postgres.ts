/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary folder,
 * postgres on 127.0.0.1 on a free port (its socket in the same folder, fsync
 * on, trust authentication for local connections only), stopped and removed
 * when the test file is done. Debian's `postgresql` package provides the
 * programs; initdb and postgres refuse to run as root, so as root they run as
 * the package's `postgres` user.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export const INSTALL_HINT = 'install postgresql (apt-get install postgresql)';

export interface Cluster {
  port: number;
  /** A connection URL to one database of the cluster (default `postgres`). */
  url(database?: string): string;
  /** A new empty database; its URL. */
  createDatabase(): Promise<string>;
  /** Runs one statement in a database, as the cluster's superuser. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, sql: string, values?: unknown[]): Promise<T[]>;
  /** Stops the server, as an outage would (`immediate`) or as an operator would (`fast`); the data stays. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** The folder of initdb, pg_ctl and postgres: the newest of Debian's versions, else where PATH finds initdb. */
export function postgresBinDir(base = '/usr/lib/postgresql', searchPath = process.env.PATH ?? ''): string {
  const versions = existsSync(base) ? readdirSync(base).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error(`PostgreSQL is not installed here (no ${base}/*/bin/initdb, no initdb on PATH): ${INSTALL_HINT}`);
}

/** The command line for a PostgreSQL program: as the `postgres` user when we are root. */
function asOwner(program: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [program, args];
  return ['runuser', ['-u', 'postgres', '--', program, ...args]];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const live = new Set<{ dir: string; ctl: [string, string[]] }>();
// A test that throws before its `after` must not leave a server running: stop what is left when the process ends.
process.once('exit', () => {
  for (const cluster of live) {
    spawnSync(cluster.ctl[0], [...cluster.ctl[1], 'stop', '-m', 'immediate', '-w'], { stdio: 'ignore' });
    rmSync(cluster.dir, { recursive: true, force: true });
  }
});

/** initdb and start a new cluster; throws, saying how to install PostgreSQL, where it is missing. */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const exec = async (program: string, args: string[]) => {
    const [command, argv] = asOwner(path.join(bin, program), args);
    try {
      await run(command, argv, { cwd: dir });
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(`${program} ${args.slice(0, 3).join(' ')} failed: ${(stderr || message).trim()}`);
    }
  };
  const pgCtl = ['-D', data];
  const handle = { dir, ctl: asOwner(path.join(bin, 'pg_ctl'), pgCtl) };
  live.add(handle);
  // --no-sync: the cluster's own files need no durability; the server below runs with fsync on.
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=on -c max_connections=200`;
  const start = () => exec('pg_ctl', [...pgCtl, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let databases = 0;
  const query = async <T extends pg.QueryResultRow>(target: string, sql: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    query,
    async createDatabase() {
      const name = `site_${++databases}`;
      await query(url(), `CREATE DATABASE ${name}`);
      return url(name);
    },
    stop: (mode = 'fast') => exec('pg_ctl', [...pgCtl, '-w', '-m', mode, 'stop']),
    start,
    async remove() {
      if (!live.has(handle)) return;
      live.delete(handle);
      try {
        await exec('pg_ctl', [...pgCtl, '-w', '-m', 'fast', 'stop']);
      } catch {
        // Already stopped (a test stopped it); the folder goes either way.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One cluster for a whole test file, started by the first suite that asks
 * for it (in its `before`, so a missing PostgreSQL fails that hook with the
 * install hint) and removed by `remove()` in the last suite's `after`.
 */
export function clusterForFile() {
  let starting: Promise<Cluster> | undefined;
  return {
    get: () => (starting ??= startCluster()),
    async remove() {
      if (!starting) return;
      const cluster = await starting.catch(() => undefined);
      starting = undefined;
      await cluster?.remove();
    },
  };
}
