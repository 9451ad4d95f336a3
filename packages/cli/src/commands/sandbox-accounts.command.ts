// `sandbox-accounts add`, `remove`, `list`: their flags and help; the accounts file is changed by
// sandbox-accounts.ts, loaded when a command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const EXAMPLE = `
The key is read from standard input: typed twice on a terminal, where it is not shown, or the first
line of a pipe. It is stored as a scrypt hash; the file is written atomically, readable by its owner
only, and a running sandbox takes the change within about a second.

Example:
  shipping-api sandbox-accounts add accounts.json partner-7     # type the key twice
  shipping-api sandbox --accounts accounts.json --host 0.0.0.0`;

const listFlags = () =>
  new Command('list')
    .description('the API users of the file, one a line (never their keys or hashes)')
    .argument('<file>', 'the accounts file')
    .option('--json', 'print {"users": [...]} as JSON');

export type ListOptions = ReturnType<ReturnType<typeof listFlags>['opts']>;

export function sandboxAccountsCommand(io: Io, done: Done) {
  const load = () => import('./sandbox-accounts.ts');
  return new Command('sandbox-accounts')
    .description('add, remove and list the API users of an accounts file of the sandbox (sandbox --accounts)')
    .addCommand(
      new Command('add')
        .description('add an API user, or give it a new key; the key comes from standard input, never an argument')
        .argument('<file>', 'the accounts file, made when missing')
        .argument('<user>', 'the API user (no ":" and no control characters)')
        .addHelpText('after', EXAMPLE)
        .action(async (file, user) => done(await (await load()).sandboxAccountsAdd(file, user, io))),
    )
    .addCommand(
      new Command('remove')
        .description('remove an API user; a running sandbox refuses it from then on')
        .argument('<file>', 'the accounts file')
        .argument('<user>', 'the API user')
        .action(async (file, user) => done(await (await load()).sandboxAccountsRemove(file, user, io))),
    )
    .addCommand(
      listFlags().action(async (file, options) => done(await (await load()).sandboxAccountsList(file, options, io))),
    );
}
