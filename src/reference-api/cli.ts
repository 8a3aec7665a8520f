/**
 * The reference API's commands, declared on the generator's command line:
 * `keys`, `users add` and `submissions`. The actions are in ./commands.ts
 * and loaded when one runs.
 */
import path from 'node:path';
import { Option, type Command } from 'commander';

/** What the generator's CLI lends: its --root option and its one place that catches, prints and exits. */
export interface CommandTools {
  rootOption(): Option;
  run<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void>;
}

export function declareReferenceApiCommands(program: Command, { rootOption, run }: CommandTools): void {
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
    .description('print the contact and demo requests the reference API stored')
    .addOption(rootOption())
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv']).default('json'))
    .action(run(async (options: { root: string; format: 'json' | 'csv' }) => {
      const { submissionsCommand } = await import('./commands.ts');
      await submissionsCommand(path.resolve(options.root), options.format);
    }));
}
