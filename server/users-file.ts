import { readFile, rename } from 'node:fs/promises';
import { ServerError } from 'sitegen/server';
import { stateFiles } from './state.ts';
import type { Store, StoredUser } from './store-types.ts';

/**
 * Customers used to live in ROOT/.sitegen/users.json. On the first open of
 * a store without customers, that file's are imported into it (the same
 * scrypt hashes, so every password still works), and the file is renamed
 * to users.json.imported: kept, but no longer read, so that nobody edits a
 * file that changes nothing. Says what it did in one line.
 */
export async function importUsersFile(root: string, store: Store, say: { log(line: string): void; warn(line: string): void }): Promise<void> {
  const file = stateFiles(root).users;
  const users = await readUsersFile(file);
  if (!users) return;
  if (await store.users.count() > 0) {
    say.warn(`warning: ${file} is not read: the customers are in ${store.description}, which has some already (\`sitegen users add\` adds more)`);
    return;
  }
  const added = await store.users.insertMissing(users);
  await rename(file, `${file}.imported`);
  say.log(`imported ${added} customer${added === 1 ? '' : 's'} from ${file} into ${store.description}; the file is now ${file}.imported`);
}

/** The file's customers, or undefined when there is no file; a file that is not what sitegen wrote is an error naming it. */
async function readUsersFile(file: string): Promise<Record<string, StoredUser> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ServerError('users-file', `cannot read ${file} to import its customers (${(error as NodeJS.ErrnoException).code ?? error})`, { cause: error });
  }
  const bad = (why: string) => new ServerError('users-file', `${file} cannot be imported: ${why}`, {
    hint: 'fix it, or move it away and add the customers again with `sitegen users add NAME`',
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad('it is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad('expected an object of customers by name');
  for (const [name, user] of Object.entries(parsed)) {
    const fields = user as Record<string, unknown>;
    const valid = fields && typeof fields.salt === 'string' && typeof fields.hash === 'string'
      && [fields.N, fields.r, fields.p].every((value) => Number.isInteger(value) && (value as number) > 0);
    if (!valid) throw bad(`the customer "${name}" lacks its salt, hash, N, r or p`);
  }
  return parsed as Record<string, StoredUser>;
}
