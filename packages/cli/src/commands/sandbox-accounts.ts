// `sandbox-accounts add|remove|list <file>`: the API users of an accounts file of the sandbox
// (`sandbox --accounts <file>`). Keys are read from standard input, never from an argument, and
// stored as scrypt hashes; the file is written atomically, readable by its owner only. A running
// sandbox takes a change within about a second.
import path from 'node:path';
import {
  type Accounts,
  AccountsFileError,
  accountsText,
  apiUserProblem,
  readAccounts,
  hashKey,
} from 'shipping-api-v3-sandbox/accounts';
import { writeFileAtomically } from '../atomic-write.ts';
import { CliError, EXIT, type Io, line } from '../io.ts';
import { readKey } from '../key-input.ts';
import type { ListOptions } from './sandbox-accounts.command.ts';

/** The accounts of `file`; a missing file is an empty one for `add`, and for the others an error. */
function read(file: string, io: Io, forChange: 'add' | 'remove' | 'list'): Accounts {
  const target = path.resolve(io.cwd, file);
  try {
    return readAccounts(target);
  } catch (error) {
    if (!(error instanceof AccountsFileError)) throw error;
    if (forChange === 'add' && error.code === 'NO_FILE') return { file: target, users: new Map() };
    // The message names the file as the command was given it.
    const message = error.message.replace(`accounts ${target}`, file);
    throw new CliError(forChange === 'list' ? message : `${message} Nothing was changed.`, EXIT.BAD_INPUT);
  }
}

function checkUser(user: string): void {
  const problem = apiUserProblem(user);
  if (problem) throw new CliError(`${JSON.stringify(user)} is not an API user name: ${problem}.`, EXIT.BAD_INPUT);
}

async function write(file: string, accounts: Accounts, keys: Map<string, string>): Promise<void> {
  try {
    await writeFileAtomically(accounts.file, accountsText(keys), { mode: 0o600 });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(`${file}: cannot be written (${reason}); it was not changed.`, EXIT.BAD_INPUT);
  }
}

const keysOf = (accounts: Accounts) => new Map([...accounts.users].map(([user, { key }]) => [user, key]));
const count = (n: number) => `${n} API user${n === 1 ? '' : 's'}`;

/** `add <file> <user>`: adds the API user, or gives it a new key, with the key from standard input. */
export async function sandboxAccountsAdd(file: string, user: string, io: Io): Promise<number> {
  checkUser(user);
  const accounts = read(file, io, 'add');
  const key = await readKey(io.stdin, io.stderr, user, `${file} was not changed`);
  const keys = keysOf(accounts);
  const replaced = keys.has(user);
  keys.set(user, await hashKey(key));
  await write(file, accounts, keys);
  const name = JSON.stringify(user);
  const done = replaced ? `Gave API user ${name} a new key in ${file}` : `Added API user ${name} to ${file}`;
  line(io.stdout, `${done} (${count(keys.size)}).`);
  return EXIT.OK;
}

/** `remove <file> <user>`: the API user is refused from then on. */
export async function sandboxAccountsRemove(file: string, user: string, io: Io): Promise<number> {
  const accounts = read(file, io, 'remove');
  const keys = keysOf(accounts);
  if (!keys.delete(user))
    throw new CliError(`${file} has no API user ${JSON.stringify(user)}; nothing was changed.`, EXIT.BAD_INPUT);
  await write(file, accounts, keys);
  line(io.stdout, `Removed API user ${JSON.stringify(user)} from ${file} (${count(keys.size)} left).`);
  return EXIT.OK;
}

/** `list <file>`: the API user names, one a line; never their hashes. */
export async function sandboxAccountsList(file: string, options: ListOptions, io: Io): Promise<number> {
  const users = [...read(file, io, 'list').users.keys()];
  if (options.json) line(io.stdout, JSON.stringify({ users }));
  else for (const user of users) line(io.stdout, user);
  return EXIT.OK;
}
