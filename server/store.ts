/**
 * Where the reference API keeps what it must not lose: the contact and demo
 * requests, the customers, and (on PostgreSQL) the counts of the rate
 * limits. SITEGEN_DATABASE_URL chooses the back end (see ./database-url.ts):
 * the embedded SQLite file by default, or PostgreSQL, which several
 * instances of the API can share.
 */
import { chooseDatabase } from './database-url.ts';
import { importUsersFile } from './users-file.ts';
import { StoreUnreachable, type Store } from './store-types.ts';

export * from './store-types.ts';

export interface StoreOptions {
  /** Defaults to the environment's SITEGEN_DATABASE_URL. */
  databaseUrl?: string;
  warn?: (line: string) => void;
  /** Where the one line about customers imported from users.json goes (default stdout). */
  log?: (line: string) => void;
  /**
   * The server's choice: when PostgreSQL cannot be reached at start, open
   * all the same (with a warning) and migrate at the first call that finds
   * it up, so that the pages are served meanwhile. Commands fail at once.
   */
  lazy?: boolean;
}

/** Opens (and migrates) the store that SITEGEN_DATABASE_URL, or `options.databaseUrl`, names. */
export async function openStore(root: string, options: StoreOptions = {}): Promise<Store> {
  const choice = chooseDatabase(options.databaseUrl);
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const store = choice.kind === 'sqlite'
    ? (await import('./store-sqlite.ts')).openSqliteStore(root, { warn })
    : await (await import('./store-postgres.ts')).openPostgresStore(choice, { warn, lazy: options.lazy ?? false });
  try {
    await importUsersFile(root, store, { warn, log: options.log ?? ((line: string) => console.log(line)) });
  } catch (error) {
    // A server that started while PostgreSQL was down imports the file at its next start.
    if (options.lazy && error instanceof StoreUnreachable) return store;
    await store.close();
    throw error;
  }
  return store;
}
