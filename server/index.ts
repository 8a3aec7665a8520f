/**
 * This site's server: the backend of its contact and demo forms and of its
 * customer login (spec sections 3 to 6), which `sitegen serve`, `start` and
 * `dev` mount beside the pages, and the commands that look after it:
 * `sitegen keys`, `sitegen users add NAME` and `sitegen submissions`.
 * See ./README.md for how its parts fit, and its errors.
 *
 * Heavy parts (SQLite, PostgreSQL, scrypt, the crypto worker) are imported
 * when a command or the server needs them: the command line loads this file
 * to list the commands.
 */
import path from 'node:path';
import { defineServer } from 'sitegen/server';
import { MAX_REQUEST_BYTES } from './contract.ts';

export default defineServer({
  // The contract's limit: the generator answers 413 to a larger body before the API sees it.
  maxBodyBytes: MAX_REQUEST_BYTES,

  /** The API's endpoints, at the paths content/site.yaml gives (`api`), with the store they share. */
  async start({ root }) {
    const { createApi } = await import('./api.ts');
    return createApi(root);
  },

  /** `npm start` on a fresh clone: the login key pair and a demo customer, before the build embeds the public key. */
  async prepare({ root }) {
    const { prepareFirstStart } = await import('./commands.ts');
    await prepareFirstStart(root);
  },

  commands({ program, rootOption, run }) {
    program.command('keys')
      .description('make the login key pair in ROOT/.sitegen/ (the private key stays there, mode 0600; never in git or dist/)')
      .addOption(rootOption())
      .option('--force', 'replace an existing key pair')
      .action(run(async (options: { root: string; force?: boolean }) => {
        const { keysCommand } = await import('./commands.ts');
        await keysCommand(path.resolve(options.root), options.force ?? false);
      }));

    const users = program.command('users').description('manage the customers who can log in at /customerlogin');
    users.command('add')
      .description('add a customer; the password is read from standard input (prompted without echo on a terminal)')
      .argument('<name>', 'the username')
      .addOption(rootOption())
      .option('--force', 'set a new password for an existing user')
      .action(run(async (name: string, options: { root: string; force?: boolean }) => {
        const { usersAddCommand } = await import('./commands.ts');
        await usersAddCommand(path.resolve(options.root), name, options.force ?? false);
      }));

    program.command('submissions')
      .description('print the contact and demo requests the API stored')
      .addOption(rootOption())
      .addOption(program.createOption('--format <format>', 'output format').choices(['json', 'csv']).default('json'))
      .action(run(async (options: { root: string; format: 'json' | 'csv' }) => {
        const { submissionsCommand } = await import('./commands.ts');
        await submissionsCommand(path.resolve(options.root), options.format);
      }));
  },
});
