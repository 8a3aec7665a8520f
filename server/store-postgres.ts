import pg from 'pg';
import { ServerError } from 'sitegen/server';
import { REQUEST_FIELDS } from './contract.ts';
import { isUnreachable, redact } from './database-url.ts';
import { postgresLimiter, type Query } from './limits-postgres.ts';
import { pendingMigrations } from './migrations.ts';
import { StoreUnreachable, SUBMISSION_COLUMNS, sameFields, type NewSubmission, type Store, type StoredUser, type Submission } from './store-types.ts';

/** Any number, the same in every sitegen: the advisory lock that makes instances starting at once migrate one after the other. */
const MIGRATION_LOCK = 7_311_846_247_001;

const TEXT_COLUMNS = SUBMISSION_COLUMNS.filter((column) => column !== 'id');

/** What a failed call of the driver becomes: "unreachable" (503, retried later), or another error, with the password never in it. */
type Translate = (error: unknown, doing: string) => ServerError;

/**
 * The store on a PostgreSQL server shared by every instance of the API,
 * through node-postgres's pool. Each write is one autocommitted statement,
 * so when the driver returns, the server has committed it (with fsync, as
 * PostgreSQL does by default) and the visitor may be told so. The pool
 * opens new connections by itself after the server comes back.
 */
export async function openPostgresStore(
  choice: { url: string; shown: string },
  options: { warn: (line: string) => void; lazy: boolean },
): Promise<Store> {
  const description = `the PostgreSQL database at ${choice.shown}`;
  const translate: Translate = (error, doing) => {
    if (error instanceof ServerError) return error;
    const text = redact((error as Error)?.message ?? String(error), choice.url);
    if (isUnreachable(error)) return new StoreUnreachable(`cannot reach ${description} to ${doing} (${text})`, error);
    const code = (error as { code?: string })?.code;
    return new ServerError('database', `${description} refused to ${doing} (${code ? `${code}: ` : ''}${text})`, { cause: error });
  };
  const pool = new pg.Pool({
    connectionString: choice.url,
    max: 10,
    // A server that is down answers at once; one that is unreachable must not hold a visitor longer than this.
    connectionTimeoutMillis: 5_000,
    query_timeout: 15_000,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
  });
  const outage = outageLog(description, options.warn);
  // A connection that dies while idle (the server stopped) is reported here; without a listener it would end the process.
  // The pool drops it and opens another at the next call; the server says once that the database went away.
  pool.on('error', (error) => {
    const translated = translate(error, 'keep a connection open');
    if (options.lazy && translated instanceof StoreUnreachable) outage.down(translated);
    else options.warn(`warning: ${translated.message}`);
  });

  let migrated: Promise<void> | undefined;
  const ready = () => (migrated ??= migrate(pool, description).catch((error) => {
    migrated = undefined; // tried again at the next call
    throw translate(error, 'apply its migrations');
  }));
  try {
    await ready();
  } catch (error) {
    if (!(options.lazy && error instanceof StoreUnreachable)) {
      await pool.end();
      throw error;
    }
    outage.down(error);
  }

  /** One statement, once the schema is in place; its rows. */
  const query: Query = async <T extends pg.QueryResultRow>(doing: string, sql: string, values: unknown[] = []): Promise<T[]> => {
    try {
      await ready();
      const { rows } = await pool.query<T>(sql, values);
      outage.up();
      return rows;
    } catch (error) {
      const translated = translate(error, doing);
      if (options.lazy && translated instanceof StoreUnreachable) outage.down(translated);
      throw translated;
    }
  };

  const placeholders = TEXT_COLUMNS.map((_, index) => `$${index + 1}`).join(', ');
  const rowValues = (item: NewSubmission, now: Date) => [now, item.request_type, ...REQUEST_FIELDS.map((field) => (item[field] === null ? null : Buffer.from(item[field]!, 'utf8')))];
  return {
    description,
    async add(item, now = new Date()) {
      const [row] = await query<{ id: string }>('store a submission', `INSERT INTO submissions (${TEXT_COLUMNS.join(', ')}) VALUES (${placeholders}) RETURNING id`, rowValues(item, now));
      return Number(row.id);
    },
    async addOnce(item, key, now = new Date()) {
      // One statement: of requests with one key arriving at once on any instance, the unique index lets one insert.
      const [row] = await query<{ id: string }>('store a submission once', `INSERT INTO submissions (${TEXT_COLUMNS.join(', ')}, idempotency_key) VALUES (${placeholders}, $${TEXT_COLUMNS.length + 1})
ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`, [...rowValues(item, now), key]);
      if (row) return { id: Number(row.id), replayed: false, same: true };
      const [earlier] = (await query('find a submission by its key', `SELECT id, ${TEXT_COLUMNS.join(', ')} FROM submissions WHERE idempotency_key = $1`, [key])).map(decodeRow);
      return { id: earlier.id, replayed: true, same: sameFields(earlier, item) };
    },
    list: async () => (await query('list the submissions', `SELECT id, ${TEXT_COLUMNS.join(', ')} FROM submissions ORDER BY id`)).map(decodeRow),
    count: async () => Number((await query<{ n: string }>('count the submissions', 'SELECT count(*) AS n FROM submissions'))[0].n),
    users: postgresUsers(query),
    limiter: (scope, limit) => postgresLimiter(scope, limit, query, options.warn),
    close: () => pool.end(),
  };
}

/**
 * A server says once that its database went away and once that it came
 * back, rather than once for each of the requests it refused meanwhile.
 */
function outageLog(description: string, warn: (line: string) => void) {
  let isDown = false;
  return {
    down(error: Error) {
      if (isDown) return;
      isDown = true;
      warn(`warning: ${error.message}; the API answers 503 until it is back`);
    },
    up() {
      if (!isDown) return;
      isDown = false;
      warn(`${description} can be reached again`);
    },
  };
}

/**
 * Brings the schema up to date in one transaction, under an advisory lock
 * held until it ends: a second instance starting at the same moment waits
 * for the first, then finds every step recorded and applies none.
 */
async function migrate(pool: pg.Pool, description: string): Promise<void> {
  const client = await pool.connect();
  let failed: unknown;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    for (const migration of pendingMigrations(rows.map((row) => row.version), description)) {
      if (migration.postgres) await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    await client.query('COMMIT');
  } catch (error) {
    failed = error;
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A client whose connection failed is dropped rather than handed to the next caller.
    client.release(failed !== undefined && isUnreachable(failed) ? (failed as Error) : undefined);
  }
}

function postgresUsers(query: Query): Store['users'] {
  const columns = 'username, salt, hash, n, r, p, updated_at';
  const row = (username: string, user: StoredUser) => [username, user.salt, user.hash, user.N, user.r, user.p];
  const upsert = (conflict: string) => `INSERT INTO users (${columns}) VALUES ($1, $2, $3, $4, $5, $6, now()) ${conflict} RETURNING username`;
  return {
    async find(username) {
      const [found] = await query<{ salt: string; hash: string; n: number; r: number; p: number }>('read a customer', 'SELECT salt, hash, n, r, p FROM users WHERE username = $1', [username]);
      return found && { salt: found.salt, hash: found.hash, N: found.n, r: found.r, p: found.p };
    },
    async save(username, user, replace) {
      const conflict = replace
        ? 'ON CONFLICT (username) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, n = excluded.n, r = excluded.r, p = excluded.p, updated_at = excluded.updated_at'
        : 'ON CONFLICT (username) DO NOTHING';
      return (await query('save a customer', upsert(conflict), row(username, user))).length > 0;
    },
    count: async () => Number((await query<{ n: string }>('count the customers', 'SELECT count(*) AS n FROM users'))[0].n),
    async insertMissing(users) {
      const entries = Object.entries(users);
      if (entries.length === 0) return 0;
      // One statement, so all of them or none.
      const values = entries.map((_, index) => `($${index * 6 + 1}, $${index * 6 + 2}, $${index * 6 + 3}, $${index * 6 + 4}, $${index * 6 + 5}, $${index * 6 + 6}, now())`);
      const sql = `INSERT INTO users (${columns}) VALUES ${values.join(', ')} ON CONFLICT (username) DO NOTHING RETURNING username`;
      return (await query('import the customers', sql, entries.flatMap(([username, user]) => row(username, user)))).length;
    },
  };
}

/** A row as `sitegen submissions` prints it, whichever back end: ISO times, text decoded from its UTF-8 bytes. */
function decodeRow(row: Record<string, unknown>): Submission {
  const decoded: Record<string, unknown> = { id: Number(row.id), received_at: (row.received_at as Date).toISOString(), request_type: row.request_type };
  for (const field of REQUEST_FIELDS) decoded[field] = row[field] === null ? null : (row[field] as Buffer).toString('utf8');
  return decoded as Submission;
}
