import { ServerError } from 'sitegen/server';
import { stateFiles } from './state.ts';
import { identityAt, openConnection, type Connection } from './store-file.ts';
import { REQUEST_FIELDS } from './contract.ts';
import { createRateLimiter } from './rate-limit.ts';
import { SUBMISSION_COLUMNS, sameFields, type Store, type StoredUser, type Submission } from './store-types.ts';

const TEXT_COLUMNS = SUBMISSION_COLUMNS.filter((column) => column !== 'id');

/** A connection with its prepared statements. */
interface Live extends Connection {
  insert(values: readonly (string | null)[], key: string | null): number;
  holds(id: number, values: readonly (string | null)[]): boolean;
  /** The submission stored with this Idempotency-Key, if any. */
  byKey(key: string): Submission | undefined;
}

/**
 * The embedded database, ROOT/.sitegen/submissions.db: the submissions and
 * the customers. libsql rather than better-sqlite3: it ships a prebuilt
 * binary in its npm package, where better-sqlite3 compiles from source on
 * every fresh install. Its calls are synchronous; the store's are promises
 * only because PostgreSQL's are.
 *
 * An operator may remove or replace the file while the server runs. SQLite
 * would go on writing to the removed file, and every visitor would get a 200
 * for a row nobody can read, so each insert checks that the files at the
 * path are still the ones it wrote to, and opens them again when not.
 */
export function openSqliteStore(root: string, options: { warn: (line: string) => void }): Store {
  const file = stateFiles(root).database;
  const { warn } = options;
  let live: Live | undefined = prepare(openConnection(file));

  /** The connection to the files now at the path, opened again if they changed. */
  function current(): Live {
    if (live && live.identity === identityAt(file)) return live;
    if (live) {
      retire(live);
      live = undefined;
      warn(`warning: ${file} was removed or replaced while the server ran; storing in the database now at that path`);
    }
    live = prepare(openConnection(file));
    return live;
  }

  function add(item: Parameters<Store['add']>[0], now = new Date(), key: string | null = null): number {
    const values = [now.toISOString(), item.request_type, ...REQUEST_FIELDS.map((field) => item[field])];
    const first = current();
    const id = first.insert(values, key);
    if (first.identity === identityAt(file)) return id;
    // The files changed during the insert: the row may be in a file that is gone.
    const second = current();
    if (second.holds(id, values)) return id;
    const again = second.insert(values, key);
    if (second.identity === identityAt(file)) return again;
    throw new ServerError('store', `${file} keeps changing while the server writes to it; the request was not acknowledged`);
  }

  // Synchronous from the look-up to the insert: this one process is the only writer, so no other request comes between.
  function addOnce(item: Parameters<Store['add']>[0], key: string, now = new Date()): { id: number; replayed: boolean; same: boolean } {
    const earlier = current().byKey(key);
    if (earlier) return { id: earlier.id, replayed: true, same: sameFields(earlier, item) };
    return { id: add(item, now, key), replayed: false, same: true };
  }

  return {
    description: `the SQLite database at ${file}`,
    add: async (item, now) => add(item, now),
    addOnce: async (item, key, now) => addOnce(item, key, now),
    list: async () => current().db.prepare(SELECT_ALL).all().map(decodeRow),
    count: async () => (current().db.prepare('SELECT count(*) AS n FROM submissions').get() as { n: number }).n,
    users: sqliteUsers(() => current().db),
    // One process serves this file, so its memory is where the limits belong.
    limiter: (_scope, limit) => createRateLimiter(limit),
    close: async () => {
      if (!live) return;
      const connection = live;
      live = undefined;
      if (connection.identity === identityAt(file)) leave(connection);
      else retire(connection);
    },
  };
}

type Db = Connection['db'];

function sqliteUsers(db: () => Db): Store['users'] {
  const row = (user: StoredUser) => [user.salt, user.hash, user.N, user.r, user.p, new Date().toISOString()];
  const insert = (conflict: string) => `INSERT INTO users (username, salt, hash, n, r, p, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ${conflict}`;
  const replace = insert('ON CONFLICT (username) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, n = excluded.n, r = excluded.r, p = excluded.p, updated_at = excluded.updated_at');
  const keep = insert('ON CONFLICT (username) DO NOTHING');
  return {
    async find(username) {
      const found = db().prepare('SELECT salt, hash, n, r, p FROM users WHERE username = ?').get(username) as Record<string, string | number> | undefined;
      return found && { salt: String(found.salt), hash: String(found.hash), N: Number(found.n), r: Number(found.r), p: Number(found.p) };
    },
    async save(username, user, overwrite) {
      return db().prepare(overwrite ? replace : keep).run(username, ...row(user)).changes > 0;
    },
    count: async () => Number((db().prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n),
    async insertMissing(users) {
      const connection = db();
      const statement = connection.prepare(keep);
      connection.exec('BEGIN IMMEDIATE');
      try {
        let added = 0;
        for (const [username, user] of Object.entries(users)) added += statement.run(username, ...row(user)).changes;
        connection.exec('COMMIT');
        return added;
      } catch (error) {
        if (connection.inTransaction) connection.exec('ROLLBACK');
        throw error;
      }
    },
  };
}

function prepare(connection: Connection): Live {
  const insert = connection.db.prepare(`INSERT INTO submissions (${TEXT_COLUMNS.join(', ')}, idempotency_key) VALUES (${TEXT_COLUMNS.map(() => '?').join(', ')}, ?)`);
  // IS compares NULL with NULL as equal; = on text compares every byte, NULs included.
  const holds = connection.db.prepare(`SELECT 1 FROM submissions WHERE id = ? AND ${TEXT_COLUMNS.map((column) => `${column} IS ?`).join(' AND ')}`);
  const byKey = connection.db.prepare(`${SELECT_COLUMNS} WHERE idempotency_key = ?`);
  return {
    ...connection,
    insert: (values, key) => Number(insert.run(...values, key).lastInsertRowid),
    holds: (id, values) => holds.get(id, ...values) !== undefined,
    byKey: (key) => {
      const row = byKey.get(key);
      return row === undefined ? undefined : decodeRow(row);
    },
  };
}

/**
 * Lets go of a connection whose files are no longer at the path, before a
 * new one opens there. libsql's close() only drops a reference: SQLite
 * closes the connection when the garbage collector has taken its last
 * statement, and would then remove the -wal and -shm *by path*, that is the
 * new connection's. Leaving WAL mode now does that work at once, while the
 * files at the path are still the old ones or none: SQLite checkpoints the
 * rows it holds into the database file it has open (which is still at the
 * path when only the -wal or -shm went), removes its -wal and -shm, and
 * leaves nothing for the late close to remove. When the database file
 * itself is gone SQLite refuses the switch (SQLITE_READONLY_DBMOVED) after
 * removing them, which is all that is needed.
 */
function retire(connection: Connection): void {
  try {
    connection.db.pragma('journal_mode = DELETE');
  } catch {
    // Expected when the database file was removed or replaced; see above.
  }
  connection.db.close();
}

/**
 * Closes a connection whose files are still at the path. When no other
 * connection has the database open, it leaves WAL mode first (the next
 * open sets it again): that writes the -wal into the database file, so the
 * file alone is a whole copy, and removes the -wal and -shm now. Otherwise
 * the late close described at retire() would remove them by path later,
 * perhaps when they are another connection's (a server in this process
 * that has since opened the file again). With other connections open (a
 * server while `sitegen submissions` reads), the switch is refused at once
 * and a passive checkpoint does what it can without waiting for anyone.
 */
function leave(connection: Connection): void {
  try {
    connection.db.pragma('busy_timeout = 0');
    connection.db.pragma('journal_mode = DELETE');
  } catch {
    try {
      connection.db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Nothing is lost: the rows are in the -wal, which the next connection reads.
    }
  }
  connection.db.close();
}

/**
 * libsql hands TEXT to JavaScript as a C string, which ends at the first NUL
 * byte, so a visitor's "a\u0000b" would read back as "a". Read each text
 * column as the blob of its UTF-8 bytes and decode all of them.
 */
const SELECT_COLUMNS = `SELECT id, ${TEXT_COLUMNS.map((column) => `CAST(${column} AS BLOB) AS ${column}`).join(', ')} FROM submissions`;
const SELECT_ALL = `${SELECT_COLUMNS} ORDER BY id`;

function decodeRow(raw: unknown): Submission {
  const row = raw as Record<string, unknown>;
  const decoded: Record<string, unknown> = { id: row.id };
  for (const column of TEXT_COLUMNS) {
    const value = row[column];
    decoded[column] = value === null ? null : Buffer.from(value as ArrayBuffer).toString('utf8');
  }
  return decoded as unknown as Submission;
}
