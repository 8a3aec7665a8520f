import { SiteError } from '../errors.ts';
import { stateFiles } from './state.ts';
import { identityAt, openConnection, type Connection } from './store-file.ts';
import { REQUEST_FIELDS, type RequestField } from './contract.ts';

/** A contact or demo request as stored: the contract's fields, null where a request left one out. */
export type Submission = { id: number; received_at: string; request_type: string } & Record<RequestField, string | null>;

export type NewSubmission = Omit<Submission, 'id' | 'received_at'>;

export const SUBMISSION_COLUMNS = ['id', 'received_at', 'request_type', ...REQUEST_FIELDS] as const;

const TEXT_COLUMNS = SUBMISSION_COLUMNS.filter((column) => column !== 'id');

export interface SubmissionStore {
  /**
   * Inserts and commits; when it returns, the row is on disk (WAL with
   * synchronous=FULL) in the file now at ROOT/.sitegen/submissions.db, where
   * `sitegen submissions` reads it. Throws when it cannot promise that.
   */
  add(submission: NewSubmission, now?: Date): number;
  list(): Submission[];
  count(): number;
  close(): void;
}

/** A connection with its prepared statements. */
interface Live extends Connection {
  insert(values: readonly (string | null)[]): number;
  holds(id: number, values: readonly (string | null)[]): boolean;
}

/**
 * The submissions database, ROOT/.sitegen/submissions.db. libsql rather than
 * better-sqlite3: it ships a prebuilt binary in its npm package, where
 * better-sqlite3 compiles from source on every fresh install.
 *
 * An operator may remove or replace the file while the server runs. SQLite
 * would go on writing to the removed file, and every visitor would get a 200
 * for a row nobody can read, so each insert checks that the files at the
 * path are still the ones it wrote to, and opens them again when not.
 */
export function openStore(root: string, options: { warn?: (line: string) => void } = {}): SubmissionStore {
  const file = stateFiles(root).database;
  const warn = options.warn ?? ((line: string) => console.warn(line));
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

  return {
    add(item, now = new Date()) {
      const values = [now.toISOString(), item.request_type, ...REQUEST_FIELDS.map((field) => item[field])];
      const first = current();
      const id = first.insert(values);
      if (first.identity === identityAt(file)) return id;
      // The files changed during the insert: the row may be in a file that is gone.
      const second = current();
      if (second.holds(id, values)) return id;
      const again = second.insert(values);
      if (second.identity === identityAt(file)) return again;
      throw new SiteError('store', `${file} keeps changing while the server writes to it; the request was not acknowledged`);
    },
    list: () => current().db.prepare(SELECT_ALL).all().map(decodeRow),
    count: () => (current().db.prepare('SELECT count(*) AS n FROM submissions').get() as { n: number }).n,
    close: () => {
      if (!live) return;
      // Into the database file what the -wal holds, so that the file alone is a whole copy; it never waits for readers.
      live.db.pragma('wal_checkpoint(PASSIVE)');
      live.db.close();
      live = undefined;
    },
  };
}

function prepare(connection: Connection): Live {
  const insert = connection.db.prepare(`INSERT INTO submissions (${TEXT_COLUMNS.join(', ')}) VALUES (${TEXT_COLUMNS.map(() => '?').join(', ')})`);
  // IS compares NULL with NULL as equal; = on text compares every byte, NULs included.
  const holds = connection.db.prepare(`SELECT 1 FROM submissions WHERE id = ? AND ${TEXT_COLUMNS.map((column) => `${column} IS ?`).join(' AND ')}`);
  return {
    ...connection,
    insert: (values) => Number(insert.run(...values).lastInsertRowid),
    holds: (id, values) => holds.get(id, ...values) !== undefined,
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
 * libsql hands TEXT to JavaScript as a C string, which ends at the first NUL
 * byte, so a visitor's "a\u0000b" would read back as "a". Read each text
 * column as the blob of its UTF-8 bytes and decode all of them.
 */
const SELECT_ALL = `SELECT id, ${TEXT_COLUMNS.map((column) => `CAST(${column} AS BLOB) AS ${column}`).join(', ')} FROM submissions ORDER BY id`;

function decodeRow(raw: unknown): Submission {
  const row = raw as Record<string, unknown>;
  const decoded: Record<string, unknown> = { id: row.id };
  for (const column of TEXT_COLUMNS) {
    const value = row[column];
    decoded[column] = value === null ? null : Buffer.from(value as ArrayBuffer).toString('utf8');
  }
  return decoded as unknown as Submission;
}
