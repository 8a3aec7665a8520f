import { closeSync, fchmodSync, mkdirSync, openSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { ServerError } from 'sitegen/server';
import { PRIVATE_MODE } from './state.ts';
import { pendingMigrations } from './migrations.ts';

/**
 * One connection to the submissions database and the identity of the files
 * it opened. SQLite keeps writing to a file that was removed or replaced
 * under it, so the store compares this identity with what is at the path
 * before it acknowledges anything.
 */
export interface Connection {
  db: Database.Database;
  identity: string;
}

/**
 * Opens (making it if needed) the database at `file`, in WAL mode with
 * synchronous=FULL, and checks that it can be written. Anything in the way
 * becomes one ServerError that says what, where and how to fix it.
 */
export function openConnection(file: string): Connection {
  const dir = path.dirname(file);
  let db: Database.Database | undefined;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    createPrivately(file);
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    migrate(db, file);
    probeWrite(db);
    return { db, identity: identityAt(file) };
  } catch (error) {
    db?.close();
    throw error instanceof ServerError ? error : unusable(file, error);
  }
}

/**
 * Brings the schema up to date, in one write transaction: two processes
 * opening a new file at once take turns, and the second finds the steps done.
 */
function migrate(db: Database.Database, file: string): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const applied = (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((row) => Number(row.version));
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const migration of pendingMigrations(applied, file)) {
      if (migration.sqlite) db.exec(migration.sqlite);
      record.run(migration.version, migration.name, new Date().toISOString());
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * A database that opens but refuses writes (a read-only file in a writable
 * folder, in WAL mode) must fail here, not at the first visitor. BEGIN
 * IMMEDIATE alone succeeds there; writing a page does not. Nothing is kept.
 */
function probeWrite(db: Database.Database): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    const version = Number(db.pragma('user_version', { simple: true }));
    db.pragma(`user_version = ${version}`);
  } finally {
    db.exec('ROLLBACK');
  }
}

/**
 * Who the database is now: device and inode of the file and of its -wal and
 * -shm, which hold the rows not yet checkpointed and their index. A file
 * that is missing counts as 'none'.
 */
export function identityAt(file: string): string {
  return ['', '-wal', '-shm'].map((suffix) => {
    const stats = statIfAny(file + suffix);
    return stats ? `${stats.dev}:${stats.ino}` : 'none';
  }).join(' ');
}

/**
 * Makes the file with owner-only mode if it does not exist yet (form
 * submissions carry people's names and phone numbers); an existing file
 * keeps the mode its operator gave it. SQLite reads an empty file as an
 * empty database, and gives its -wal and -shm the same mode.
 */
function createPrivately(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    fchmodSync(fd, PRIVATE_MODE); // the umask may have taken bits away; 0600 is what we mean
  } finally {
    closeSync(fd);
  }
}

/** One line: what could not be done, where, why, and what to do about it. */
function unusable(file: string, error: unknown): ServerError {
  const dir = path.dirname(file);
  const { code, message } = error as { code?: string; message?: string };
  const stats = statIfAny(file);
  const dirStats = statIfAny(dir);
  let where = file;
  let fix = `make it and ${dir} writable by the user running sitegen, or move the file away and sitegen makes a new one`;
  if (dirStats && !dirStats.isDirectory()) {
    where = dir;
    fix = `${dir} must be a folder: move that file away`;
  } else if (stats?.isDirectory()) {
    fix = 'it is a folder: move it away and sitegen makes a new database';
  } else if (code === 'SQLITE_NOTADB') {
    fix = 'it is not a SQLite database: move it away and sitegen makes a new one';
  }
  const text = (message ?? String(error)).split('\n')[0];
  // libsql reports a failed open as ConnectionFailed("Unable to open connection to local database PATH: 14").
  // libsql names the extended codes it does not know UNKNOWN_SQLITE_ERROR_N; the text says more.
  const known = code && !code.startsWith('UNKNOWN_') ? `${code}: ` : '';
  const reason = text.startsWith('ConnectionFailed') ? 'SQLite cannot open it' : known + text;
  return new ServerError('store', `cannot open the submissions database at ${where} (${reason}); ${fix}`, { cause: error });
}

/** The file's stats, or undefined when there is none (ENOENT, or ENOTDIR when a parent is a file). */
function statIfAny(file: string): BigIntStats | undefined {
  try {
    return statSync(file, { bigint: true });
  } catch {
    return undefined;
  }
}
