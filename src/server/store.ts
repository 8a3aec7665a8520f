import { chmodSync, mkdirSync } from 'node:fs';
import Database from 'libsql';
import { PRIVATE_MODE, stateFiles } from '../state.ts';

/** A contact or demo request as stored. */
export interface Submission {
  id: number;
  received_at: string;
  request_type: string;
  name: string;
  lastname: string | null;
  company_name: string;
  email_id: string;
  mobile_number: string;
  message: string | null;
}

export type NewSubmission = Omit<Submission, 'id' | 'received_at'>;

export const SUBMISSION_COLUMNS = ['id', 'received_at', 'request_type', 'name', 'lastname', 'company_name', 'email_id', 'mobile_number', 'message'] as const;

export interface SubmissionStore {
  /** Inserts and commits; when it returns, the row is on disk (WAL with synchronous=FULL). */
  add(submission: NewSubmission, now?: Date): number;
  list(): Submission[];
  count(): number;
  close(): void;
}

/**
 * The submissions database, ROOT/.sitegen/submissions.db. libsql rather than
 * better-sqlite3: it ships a prebuilt binary in its npm package, where
 * better-sqlite3 compiles from source on every fresh install.
 */
export function openStore(root: string): SubmissionStore {
  const files = stateFiles(root);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const db = new Database(files.database);
  // Form submissions carry people's names and phone numbers.
  chmodSync(files.database, PRIVATE_MODE);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    received_at TEXT NOT NULL,
    request_type TEXT NOT NULL,
    name TEXT NOT NULL,
    lastname TEXT,
    company_name TEXT NOT NULL,
    email_id TEXT NOT NULL,
    mobile_number TEXT NOT NULL,
    message TEXT
  )`);
  const insert = db.prepare(`INSERT INTO submissions (received_at, request_type, name, lastname, company_name, email_id, mobile_number, message)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const select = db.prepare(`SELECT ${SUBMISSION_COLUMNS.join(', ')} FROM submissions ORDER BY id`);
  const counter = db.prepare('SELECT count(*) AS n FROM submissions');
  return {
    add(item, now = new Date()) {
      const result = insert.run(now.toISOString(), item.request_type, item.name, item.lastname, item.company_name, item.email_id, item.mobile_number, item.message);
      return Number(result.lastInsertRowid);
    },
    list: () => select.all() as Submission[],
    count: () => (counter.get() as { n: number }).n,
    close: () => db.close(),
  };
}
