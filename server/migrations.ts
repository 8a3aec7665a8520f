import { ServerError } from 'sitegen/server';
import { REQUEST_FIELDS, REQUEST_RULES, type RequestField } from './contract.ts';

/**
 * One step of the schema, in the SQL of each back end. The steps are the
 * same logical schema on both, applied in order and recorded by version in
 * `schema_migrations`, so a database says which steps it has whichever
 * sitegen made it. A step with no SQL for a back end is recorded there all
 * the same, so that versions mean the same thing on both.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite?: string;
  postgres?: string;
}

function requiredByAll(field: RequestField): boolean {
  return Object.values(REQUEST_RULES).every((rule) => rule.required.includes(field));
}

/** A column per field of the contract; NOT NULL for those every kind of request must carry. */
const fieldColumns = (type: string) => REQUEST_FIELDS.map((field) => `${field} ${type}${requiredByAll(field) ? ' NOT NULL' : ''}`).join(',\n  ');

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'submissions',
    // IF NOT EXISTS: databases made before migrations were recorded already hold this table.
    sqlite: `CREATE TABLE IF NOT EXISTS submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at TEXT NOT NULL,
  request_type TEXT NOT NULL,
  ${fieldColumns('TEXT')}
)`,
    // bytea: PostgreSQL's text cannot hold a NUL byte, and a visitor's value is kept byte for byte (UTF-8).
    postgres: `CREATE TABLE submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL,
  request_type text NOT NULL,
  ${fieldColumns('bytea')}
)`,
  },
  {
    version: 2,
    name: 'users',
    sqlite: `CREATE TABLE users (
  username TEXT PRIMARY KEY,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  n INTEGER NOT NULL,
  r INTEGER NOT NULL,
  p INTEGER NOT NULL,
  updated_at TEXT NOT NULL
)`,
    postgres: `CREATE TABLE users (
  username text PRIMARY KEY,
  salt text NOT NULL,
  hash text NOT NULL,
  n integer NOT NULL,
  r integer NOT NULL,
  p integer NOT NULL,
  updated_at timestamptz NOT NULL
)`,
  },
  {
    version: 3,
    name: 'rate limits',
    // One fixed window per scope and client (a hash); SQLite's limits stay in the memory of its one process.
    postgres: `CREATE TABLE rate_limits (
  scope text NOT NULL,
  client text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  granted boolean NOT NULL,
  PRIMARY KEY (scope, client)
)`,
  },
  {
    version: 4,
    name: 'idempotency keys',
    // A submission sent with an Idempotency-Key is stored once per key; requests without one (NULL) are not limited.
    sqlite: `ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX submissions_idempotency_key ON submissions (idempotency_key) WHERE idempotency_key IS NOT NULL`,
    postgres: `ALTER TABLE submissions ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX submissions_idempotency_key ON submissions (idempotency_key) WHERE idempotency_key IS NOT NULL`,
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/**
 * The steps a database at these versions still needs. A database that a
 * newer sitegen has moved past what this one knows is refused: writing to
 * it could break what the newer one expects.
 */
export function pendingMigrations(applied: readonly number[], where: string): Migration[] {
  const newest = Math.max(0, ...applied);
  if (newest > LATEST_VERSION) {
    throw new ServerError('schema-newer', `${where} is at schema version ${newest}, and this sitegen knows versions up to ${LATEST_VERSION}`, {
      hint: 'run the newer sitegen that migrated it, or point SITEGEN_DATABASE_URL at another database',
    });
  }
  return MIGRATIONS.filter((migration) => !applied.includes(migration.version));
}
