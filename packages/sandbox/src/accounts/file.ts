// The accounts file of the sandbox: JSON, {"version":1,"accounts":{"<API user>":{"key":"scrypt$…"}}},
// read and checked whole; a problem names the file and the JSON pointer where it lies.
import { readFileSync } from 'node:fs';
import { pointerSegment } from 'shipping-api-v3-contract';
import { ShippingError } from 'shipping-api-v3-contract/errors';
import { type KeyHash, parseKeyHash } from './key-hash.ts';

const ACCOUNTS_VERSION = 1;

interface Account {
  /** The key's hash as the file writes it. */
  key: string;
  hash: KeyHash;
}

export interface Accounts {
  /** The path of the file, as given. */
  file: string;
  /** The accounts by API user. */
  users: Map<string, Account>;
}

/**
 * An accounts file that cannot be read (`NO_FILE`, `UNREADABLE`, the system's error as `cause`), is
 * not JSON (`NOT_JSON`), or breaks the format (`INVALID_FILE`, at `pointer`).
 */
export class AccountsFileError extends ShippingError {
  declare readonly code: 'NO_FILE' | 'UNREADABLE' | 'NOT_JSON' | 'INVALID_FILE';
  constructor(message: string, fields: { code: AccountsFileError['code']; pointer?: string; cause?: unknown }) {
    super(message, fields);
  }
}
Object.defineProperty(AccountsFileError.prototype, 'name', { value: 'AccountsFileError', writable: true });

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** What is wrong with an API user name, if anything: RFC 7617 leaves no room for ":" or control characters in it. */
export function apiUserProblem(user: string): string | undefined {
  if (user === '') return 'an API user name is not empty';
  if (user.includes(':')) return 'an API user name has no ":" (HTTP Basic separates the user and the key with it)';
  if (CONTROL.test(user)) return 'an API user name has no control characters';
  return undefined;
}

class Problem extends Error {
  readonly pointer: string;
  constructor(pointer: string, message: string) {
    super(message);
    this.pointer = pointer;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyFields(value: Record<string, unknown>, fields: string[], at: string, what: string): void {
  const other = Object.keys(value).find((name) => !fields.includes(name));
  if (other !== undefined)
    throw new Problem(`${at}/${pointerSegment(other)}`, `is not a field of ${what} (${fields.join(', ')})`);
}

function account(user: string, value: unknown): Account {
  const at = `/accounts/${pointerSegment(user)}`;
  const userProblem = apiUserProblem(user);
  if (userProblem) throw new Problem(at, `is not an API user name: ${userProblem}`);
  if (!isObject(value)) throw new Problem(at, 'must be an object with the key of the API user');
  onlyFields(value, ['key'], at, 'an account');
  if (value.key === undefined) throw new Problem(`${at}/key`, 'is required');
  const problem =
    typeof value.key === 'string' ? parseKeyHash(value.key) : 'it is not a string scrypt$N$r$p$<salt>$<hash>';
  if (typeof problem === 'string')
    throw new Problem(
      `${at}/key`,
      `is not the hash of a key as shipping-api sandbox-accounts add writes it: ${problem}`,
    );
  return { key: value.key as string, hash: problem };
}

function accountsOf(data: unknown): Map<string, Account> {
  if (!isObject(data)) throw new Problem('', `must be an object {"version":${ACCOUNTS_VERSION},"accounts":{…}}`);
  onlyFields(data, ['version', 'accounts'], '', 'the accounts file');
  if (data.version !== ACCOUNTS_VERSION)
    throw new Problem(
      '/version',
      data.version === undefined
        ? `is required: ${ACCOUNTS_VERSION}`
        : `must be ${ACCOUNTS_VERSION}, the version this sandbox reads (got ${JSON.stringify(data.version)})`,
    );
  if (!isObject(data.accounts))
    throw new Problem('/accounts', data.accounts === undefined ? 'is required' : 'must be an object by API user');
  return new Map(Object.entries(data.accounts).map(([user, value]) => [user, account(user, value)]));
}

/** The accounts of a file's text; `file` names it in the errors. */
function parseAccounts(file: string, text: string): Accounts {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // One line, whatever of the text the parser quotes.
    throw new AccountsFileError(`accounts ${file}: not JSON (${(error as Error).message.replace(/\s+/g, ' ')}).`, {
      code: 'NOT_JSON',
    });
  }
  try {
    return { file, users: accountsOf(data) };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const where = error.pointer === '' ? 'the root (JSON pointer "")' : `JSON pointer ${error.pointer}`;
    throw new AccountsFileError(`accounts ${file}: breaks the accounts file format at ${where}: ${error.message}.`, {
      code: 'INVALID_FILE',
      pointer: error.pointer,
    });
  }
}

/** Reads and checks an accounts file. */
export function readAccounts(file: string): Accounts {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AccountsFileError(
      `accounts ${file}: cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)}).`,
      { code: code === 'ENOENT' ? 'NO_FILE' : 'UNREADABLE', cause: error },
    );
  }
  return parseAccounts(file, text);
}

/** The text of an accounts file holding `keys` (API user to stored hash), in their order. */
export function accountsText(keys: Iterable<readonly [string, string]>): string {
  const accounts = Object.fromEntries([...keys].map(([user, key]) => [user, { key }]));
  return `${JSON.stringify({ version: ACCOUNTS_VERSION, accounts }, null, 2)}\n`;
}
