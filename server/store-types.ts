/** What the reference API stores, whichever back end keeps it (./store.ts chooses). */
import { ServerError } from 'sitegen/server';
import { REQUEST_FIELDS, type RequestField } from './contract.ts';
import type { RateLimit, RateLimiter } from './rate-limit.ts';

/** A contact or demo request as stored: the contract's fields, null where a request left one out. */
export type Submission = { id: number; received_at: string; request_type: string } & Record<RequestField, string | null>;

export type NewSubmission = Omit<Submission, 'id' | 'received_at'>;

export const SUBMISSION_COLUMNS = ['id', 'received_at', 'request_type', ...REQUEST_FIELDS] as const;

/** One customer as the store keeps them: never the password, only its scrypt hash and the cost it was made with. */
export interface StoredUser {
  salt: string;
  hash: string;
  N: number;
  r: number;
  p: number;
}

export interface UserTable {
  find(username: string): Promise<StoredUser | undefined>;
  /** Saves the user; false (and nothing changed) when they exist and `replace` is not set. */
  save(username: string, user: StoredUser, replace: boolean): Promise<boolean>;
  count(): Promise<number>;
  /** Adds those that are not there yet, all or none; how many it added. */
  insertMissing(users: Readonly<Record<string, StoredUser>>): Promise<number>;
}

export interface Store {
  /** Which database, for messages: a path, or a URL without its password. */
  readonly description: string;
  /** Inserts and commits; when it resolves, the row is durable where `sitegen submissions` reads. Rejects when it cannot promise that. */
  add(submission: NewSubmission, now?: Date): Promise<number>;
  /**
   * The same, once per Idempotency-Key: the first request with a key is
   * stored and committed; a later one with that key stores nothing and gets
   * the first one's id, with `same` saying whether it carried the same
   * fields (a key reused for another request is the client's mistake).
   */
  addOnce(submission: NewSubmission, key: string, now?: Date): Promise<{ id: number; replayed: boolean; same: boolean }>;
  list(): Promise<Submission[]>;
  count(): Promise<number>;
  users: UserTable;
  /** The limit counted for every instance that shares this store (PostgreSQL), or in this process's memory (SQLite). */
  limiter(scope: string, limit: RateLimit): RateLimiter;
  close(): Promise<void>;
}

/**
 * The database cannot be reached now: the API answers 503 with Retry-After
 * and tries again at the next request.
 */
export class StoreUnreachable extends ServerError {
  constructor(message: string, cause?: unknown) {
    super('database-unreachable', message, { cause, hint: 'check that the database server is running and reachable from this machine' });
  }
}

/** Whether a stored submission carries the same request as a new one (its type and every field, byte for byte). */
export function sameFields(stored: Submission, submission: NewSubmission): boolean {
  return stored.request_type === submission.request_type && REQUEST_FIELDS.every((field) => stored[field] === submission[field]);
}
