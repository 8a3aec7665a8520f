/**
 * The store on PostgreSQL, through the commands an operator runs: the
 * migrations two instances apply at once, `sitegen users add` and
 * `sitegen submissions` against the database SITEGEN_DATABASE_URL names,
 * customers imported from an old users.json, and a password in the URL
 * that no message ever shows.
 */
import { readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openStore, type StoredUser, type UserTable } from '../store.ts';
import { saveUser, verifyUser } from '../users.ts';
import { redact, redactUrl } from '../database-url.ts';
import { stateFiles } from '../state.ts';
import { LATEST_VERSION, MIGRATIONS } from '../migrations.ts';
import { tempDir } from '../../test/helpers/site.ts';
import { INSTALL_HINT, clusterForFile, postgresBinDir, type Cluster } from '../../test/helpers/postgres.ts';
import { SQLITE, apiSite, siteRoot, post, sitegenCommand, withStore, type Backend } from '../../test/helpers/api-site.ts';

const pg = clusterForFile();
let cluster: Cluster;
const POSTGRES: Backend = { name: 'PostgreSQL', databaseUrl: () => cluster.createDatabase(), done: pg.remove };
const SECRET = 'Secr3t-pw';

const contact = (name: string) => ({ name, request_type: 'contact', company_name: 'Acme', email_id: 'a@example.com', mobile_number: '+91 1', message: 'Hello' });

// ---------------------------------------------------------------- finding PostgreSQL
const finding = suite('finding PostgreSQL for these tests');

finding('the newest of Debian\'s versions, else PATH; where there is none, a failure that says how to install it', async () => {
  const base = await tempDir('sitegen-pg-base-');
  for (const version of ['9', '15', '13']) {
    await mkdir(`${base}/${version}/bin`, { recursive: true });
    await writeFile(`${base}/${version}/bin/initdb`, '');
  }
  assert.is(postgresBinDir(base, ''), `${base}/15/bin`);
  const elsewhere = await tempDir('sitegen-pg-path-');
  await writeFile(`${elsewhere}/initdb`, '');
  assert.is(postgresBinDir(`${base}/none`, `/nowhere:${elsewhere}`), elsewhere);
  assert.throws(() => postgresBinDir(`${base}/none`, '/nowhere'), (error: Error) => error.message.endsWith(INSTALL_HINT));
});

finding.run();

// ---------------------------------------------------------------- migrations
const migrations = suite('migrations on PostgreSQL');
migrations.before(async () => { cluster = await pg.get(); });

migrations('instances starting at once on a new database all succeed, and each step is applied once', async () => {
  const databaseUrl = await cluster.createDatabase();
  const roots = await Promise.all(Array.from({ length: 4 }, () => tempDir('sitegen-pg-')));
  const stores = await Promise.all(roots.map((root) => openStore(root, { databaseUrl })));
  await Promise.all(stores.map((store) => store.close()));
  const versions = await cluster.query<{ version: number }>(databaseUrl, 'SELECT version FROM schema_migrations ORDER BY version');
  assert.equal(versions.map((row) => row.version), MIGRATIONS.map((migration) => migration.version));
  const tables = await cluster.query<{ name: string }>(databaseUrl, "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  assert.equal(tables.map((row) => row.name), ['rate_limits', 'schema_migrations', 'submissions', 'users']);
});

migrations('a database a newer sitegen migrated is refused with what to do', async () => {
  const databaseUrl = await cluster.createDatabase();
  await (await openStore(await tempDir(), { databaseUrl })).close();
  await cluster.query(databaseUrl, "INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", [LATEST_VERSION + 1]);
  const result = await sitegenCommand(['submissions', '--root', await siteRoot()], { databaseUrl });
  assert.is(result.code, 1, result.stderr);
  assert.match(result.stderr, `is at schema version ${LATEST_VERSION + 1}, and this sitegen knows versions up to ${LATEST_VERSION}`);
});

migrations.run();

// ---------------------------------------------------------------- commands
const commands = suite('`sitegen users add` and `sitegen submissions` on PostgreSQL');

commands('users add keeps only a scrypt hash in the database, and refuses to replace without --force', async () => {
  const databaseUrl = await cluster.createDatabase();
  const root = await siteRoot();
  const added = await sitegenCommand(['users', 'add', 'carol', '--root', root], { databaseUrl, input: 'carol password 1\n' });
  assert.is(added.code, 0, added.stderr);
  assert.match(added.stdout, 'saved user carol (its scrypt hash, in the PostgreSQL database at postgres://postgres@127.0.0.1');
  const rows = await cluster.query(databaseUrl, 'SELECT * FROM users');
  assert.is(rows.length, 1);
  assert.not.match(JSON.stringify(rows), 'carol password', 'no password in the table');
  const again = await sitegenCommand(['users', 'add', 'carol', '--root', root], { databaseUrl, input: 'another password\n' });
  assert.is(again.code, 1);
  assert.match(again.stderr, 'user "carol" already exists');
  const forced = await sitegenCommand(['users', 'add', 'carol', '--force', '--root', root], { databaseUrl, input: 'another password\n' });
  assert.is(forced.code, 0, forced.stderr);
  assert.ok(await withStore({ root, databaseUrl }, (store) => verifyUser(store.users, 'carol', 'another password')));
});

commands('a value with NUL bytes round-trips through the API and `sitegen submissions`, as on SQLite', async () => {
  const site = await apiSite({}, undefined, POSTGRES);
  const message = 'first\u0000second, "quoted"\u0000';
  try {
    const answer = await post(site.server, '/api/contact', { ...contact('A\u0000B'), message });
    assert.is(answer.status, 200, answer.text);
  } finally {
    await site.server.close();
  }
  const json = await sitegenCommand(['submissions', '--root', site.root], { databaseUrl: site.databaseUrl });
  assert.is(json.code, 0, json.stderr);
  const [stored] = JSON.parse(json.stdout) as { id: number; name: string; message: string; received_at: string }[];
  assert.is(stored.name, 'A\u0000B');
  assert.is(stored.message, message);
  assert.is(stored.id, 1);
  assert.match(stored.received_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'the same ISO time as SQLite gives');
  const csv = await sitegenCommand(['submissions', '--root', site.root, '--format', 'csv'], { databaseUrl: site.databaseUrl });
  assert.ok(csv.stdout.includes('"first\u0000second, ""quoted""\u0000"'), `every byte of the message: ${JSON.stringify(csv.stdout)}`);
});

commands.run();

// ---------------------------------------------------------------- users.json
const legacy = suite('customers of an old users.json');

/** A users.json as sitegen wrote it before customers moved into the store. */
async function writeUsersFile(root: string, username: string, password: string): Promise<void> {
  let made: StoredUser | undefined;
  const capture: UserTable = { find: async () => undefined, count: async () => 0, insertMissing: async () => 0, save: async (_name, user) => { made = user; return true; } };
  await saveUser(capture, username, password);
  await mkdir(stateFiles(root).dir, { recursive: true });
  await writeFile(stateFiles(root).users, JSON.stringify({ [username]: made }, null, 2) + '\n', { mode: 0o600 });
}

for (const backend of [SQLITE, POSTGRES]) {
  legacy(`are imported into an empty store at its first open, said in one line, and log in with their password (${backend.name})`, async () => {
    const root = await siteRoot();
    const databaseUrl = await backend.databaseUrl();
    await writeUsersFile(root, 'dana', 'dana password 1');
    const first = await sitegenCommand(['submissions', '--root', root], { databaseUrl });
    assert.is(first.code, 0, first.stderr);
    assert.is(first.stdout, '[]\n', 'the listing is untouched');
    const file = stateFiles(root).users;
    assert.equal(first.stderr.trim().split('\n'), [`imported 1 customer from ${file} into ${backend.name === 'SQLite' ? `the SQLite database at ${stateFiles(root).database}` : `the PostgreSQL database at ${databaseUrl}`}; the file is now ${file}.imported`]);
    await assert.not.ok(await stat(file).catch(() => undefined), 'users.json is no longer there to be edited in vain');
    assert.ok(JSON.parse(await readFile(`${file}.imported`, 'utf8')).dana, 'but kept');
    assert.ok(await withStore({ root, databaseUrl }, (store) => verifyUser(store.users, 'dana', 'dana password 1')));
    const second = await sitegenCommand(['submissions', '--root', root], { databaseUrl });
    assert.is(second.stderr, '', 'nothing more to import');
  });
}

legacy.run();

// ---------------------------------------------------------------- the password in the URL
const secret = suite('the password of SITEGEN_DATABASE_URL');
secret.after(() => pg.remove());

secret('is never printed: an unreachable server, a missing database, a URL of another kind', async () => {
  const down = `postgres://sitegen:${SECRET}@127.0.0.1:1/site`;
  const missing = `postgres://postgres:${SECRET}@127.0.0.1:${cluster.port}/no_such_database`;
  const other = `mysql://sitegen:${SECRET}@127.0.0.1/site`;
  for (const [databaseUrl, expected] of [
    [down, `cannot reach the PostgreSQL database at postgres://sitegen:***@127.0.0.1:1/site to apply its migrations (`],
    [missing, `the PostgreSQL database at postgres://postgres:***@127.0.0.1:${cluster.port}/no_such_database refused to apply its migrations (3D000: database "no_such_database" does not exist)`],
    [other, 'SITEGEN_DATABASE_URL must be a postgres:// or postgresql:// URL, and it starts with mysql://'],
  ]) {
    for (const args of [['submissions'], ['users', 'add', 'erin']]) {
      const result = await sitegenCommand([...args, '--root', await siteRoot()], { databaseUrl, input: 'erin password 1\n' });
      assert.is(result.code, 1, `${args[0]} on ${redactUrl(databaseUrl)}: ${result.stderr}`);
      assert.match(result.stderr, expected);
      assert.not.match(result.stderr + result.stdout, SECRET, `${args[0]} on ${redactUrl(databaseUrl)} printed the password`);
    }
  }
});

secret('is taken out of any text, as written in the URL or decoded', () => {
  const url = 'postgresql://app:p%40ss%2Fw0rd@db.internal:5432/site?sslmode=require';
  assert.is(redactUrl(url), 'postgresql://app:***@db.internal:5432/site?sslmode=require');
  assert.is(redact(`connect ${url} failed for p@ss/w0rd and p%40ss%2Fw0rd`, url), 'connect postgresql://app:***@db.internal:5432/site?sslmode=require failed for *** and ***');
  assert.is(redactUrl('not a url'), '(a database URL that cannot be read)');
});

secret.run();
