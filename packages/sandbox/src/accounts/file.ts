// The accounts file of the sandbox: JSON, {"version":1,"accounts":{"<API user>":{"key":"scrypt$…"}}},
// read and checked whole against its JSON Schema (accounts-file.schema.json), then each key's hash
// read; a problem names the file and the JSON pointer where it lies, in the schema's words.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
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

/** The format's JSON Schema (accounts-file.schema.json, published with the package), compiled on first use. */
let schema: { validate: ValidateFunction; userName: ValidateFunction } | undefined;
function compiled(): NonNullable<typeof schema> {
  if (!schema) {
    const ajv = new Ajv2020({ strict: true, allErrors: false, verbose: true });
    const text = readFileSync(new URL('../../accounts-file.schema.json', import.meta.url), 'utf8');
    const document = JSON.parse(text) as { $id: string };
    const validate = ajv.compile(document);
    schema = { validate, userName: ajv.getSchema(`${document.$id}#/properties/accounts/propertyNames`)! };
  }
  return schema;
}

interface SchemaPart {
  title?: string;
  description?: string;
  properties?: object;
}

/** An Ajv problem of the file as its JSON pointer and a sentence, from the schema's own words. */
function located({ keyword, instancePath, params, parentSchema, propertyName }: ErrorObject): [string, string] {
  const part = (parentSchema ?? {}) as SchemaPart;
  const said = part.description ? ` (${part.description})` : '';
  switch (keyword) {
    case 'required':
      return [`${instancePath}/${pointerSegment(params.missingProperty)}`, 'is required'];
    case 'additionalProperties': {
      const fields = Object.keys(part.properties ?? {}).join(', ');
      return [
        `${instancePath}/${pointerSegment(params.additionalProperty)}`,
        `is not a field of ${part.title} (${fields})`,
      ];
    }
    case 'const':
      return [instancePath, `must be ${JSON.stringify(params.allowedValue)}${said}`];
    case 'type':
      return [instancePath, `must be ${params.type === 'object' ? 'an object' : `a ${params.type}`}${said}`];
  }
  // Inside propertyNames: the name of an API user.
  if (propertyName !== undefined)
    return [`${instancePath}/${pointerSegment(propertyName)}`, `is not an API user name: ${part.description}`];
  return [instancePath, `is not valid${said}`];
}

/** What is wrong with an API user name, if anything: RFC 7617 leaves no room for ":" or control characters in it. */
export function apiUserProblem(user: string): string | undefined {
  const { userName } = compiled();
  return userName(user) ? undefined : (userName.errors?.[0]?.parentSchema as SchemaPart | undefined)?.description;
}

/** The accounts of what the schema accepted: each key's hash read, or the pointer of one that is not one. */
function accountsOf(data: { accounts: Record<string, { key: string }> }): Map<string, Account> | [string, string] {
  const users = new Map<string, Account>();
  for (const [user, { key }] of Object.entries(data.accounts)) {
    const hash = parseKeyHash(key);
    if (typeof hash === 'string')
      return [
        `/accounts/${pointerSegment(user)}/key`,
        `is not the hash of a key as shipping-api sandbox-accounts add writes it: ${hash}`,
      ];
    users.set(user, { key, hash });
  }
  return users;
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
  const { validate } = compiled();
  const users = validate(data) ? accountsOf(data as never) : located(validate.errors![0]!);
  if (users instanceof Map) return { file, users };
  const [pointer, message] = users;
  const where = pointer === '' ? 'the root (JSON pointer "")' : `JSON pointer ${pointer}`;
  throw new AccountsFileError(`accounts ${file}: breaks the accounts file format at ${where}: ${message}.`, {
    code: 'INVALID_FILE',
    pointer,
  });
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
