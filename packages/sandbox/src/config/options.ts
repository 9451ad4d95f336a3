// The sandbox's options: defaults, checks, the setup file it serves (the contract's example file,
// or a file given with setupFile, refused at start when it breaks the schema), and the accounts file
// that admits API users (refused at start when it breaks its format).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isLoopback } from 'shipping-api-v3-contract/internal';
import { bundle, CarrierSetupFile, firstProblem } from 'shipping-api-v3-contract';
import { type Accounts, AccountsFileError, readAccounts } from '../accounts/file.ts';
import { checkSetting, SandboxOptionsError, type SandboxSettings, SETTINGS, settingOf } from './settings.ts';

/**
 * The options of createSandbox: every setting of the table (settings.ts) but where to listen
 * (startSandbox's port and host) and the log (logLevel, an option of the app).
 */
export type SandboxOptions = Partial<Omit<SandboxSettings, 'port' | 'host' | 'logLevel'>>;

/** The defaults of the options above that are numbers, from the one table of the settings. */
export const DEFAULTS = {
  generationMs: checkSetting('generationMs', undefined),
  urlTtlMs: checkSetting('urlTtlMs', undefined),
  minPollMs: checkSetting('minPollMs', undefined),
  bodyLimit: checkSetting('bodyLimit', undefined),
} as const;

export interface SetupFile {
  bytes: Buffer;
  /** A strong entity tag, quoted. */
  etag: string;
  /** The hash that names the file in its address. */
  hash: string;
}

/** The options checked, with their defaults; the setup file read, the store's address and the accounts file parsed. */
export type ResolvedOptions = Required<Omit<SandboxOptions, 'setupFile' | 'store' | 'accounts'>> & {
  setupFile: SetupFile;
  store: URL | 'memory';
  /** The accounts file as read at start; undefined when any API user is admitted. */
  accounts: Accounts | undefined;
};

function setupFileOf(bytes: Buffer): SetupFile {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  return { bytes, hash, etag: `"${hash}"` };
}

/** The contract's example carrier setup file, as served when no setupFile is given. */
function exampleSetupFile(): SetupFile {
  return setupFileOf(Buffer.from(`${JSON.stringify(bundle().components.examples.CarrierSetupFile.value, null, 2)}\n`));
}

/** Reads and checks a setup file; the error names the file and the JSON pointer of the first problem. */
function loadSetupFile(file: string): SetupFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new SandboxOptionsError(
      `setupFile ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
      { option: 'setupFile' },
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new SandboxOptionsError(`setupFile ${file}: not JSON (${(error as Error).message}).`, {
      option: 'setupFile',
    });
  }
  if (!CarrierSetupFile(data)) {
    const { pointer, message } = firstProblem(CarrierSetupFile.errors?.[0]);
    const where = pointer === '' ? 'the root (JSON pointer "")' : `JSON pointer ${pointer}`;
    throw new SandboxOptionsError(`setupFile ${file}: breaks the carrier setup file schema at ${where}: ${message}.`, {
      option: 'setupFile',
    });
  }
  return setupFileOf(bytes);
}

function accountsOption(value: unknown): Accounts | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new SandboxOptionsError('accounts must be the path of an accounts file (JSON).', { option: 'accounts' });
  try {
    return readAccounts(value);
  } catch (error) {
    throw error instanceof AccountsFileError
      ? new SandboxOptionsError(error.message, { option: 'accounts', cause: error })
      : error;
  }
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  if (typeof options !== 'object' || options === null)
    throw new SandboxOptionsError('The sandbox options must be an object.');
  if (options.setupFile !== undefined && (typeof options.setupFile !== 'string' || options.setupFile === '')) {
    throw new SandboxOptionsError('setupFile must be the path of a JSON file.', { option: 'setupFile' });
  }
  const checked: Record<string, unknown> = {};
  for (const { option } of SETTINGS)
    if (!['port', 'host', 'logLevel', 'setupFile', 'store', 'accounts'].includes(option))
      checked[option] = checkSetting(option, options[option as keyof SandboxOptions]);
  return {
    ...(checked as Omit<ResolvedOptions, 'setupFile' | 'store' | 'accounts'>),
    setupFile: options.setupFile === undefined ? exampleSetupFile() : loadSetupFile(options.setupFile),
    store: parseStore(options.store ?? 'memory'),
    accounts: accountsOption(options.accounts),
  };
}

/** The store a --store value names; the error says what is accepted. */
function parseStore(spec: unknown): URL | 'memory' {
  if (spec === 'memory') return spec;
  if (typeof spec !== 'string')
    throw new SandboxOptionsError(`store must be "memory" or redis://host:port[/db] (got ${typeof spec}).`, {
      option: 'store',
    });
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname || !/^\/?(\d+)?$/.test(url.pathname)) {
    throw new SandboxOptionsError(
      `store must be "memory" or redis://host:port[/db] (got ${JSON.stringify(spec.replace(/\/\/[^@/]*@/, '//…@'))}).`,
      { option: 'store' },
    );
  }
  return url;
}

const ACCOUNTS = settingOf('accounts');

/** Refuses a host other than loopback without accounts: any API user would be admitted from anywhere. */
export function checkHost(host: unknown, accounts: string | undefined): void {
  if (typeof host !== 'string' || host === '')
    throw new SandboxOptionsError(
      `host must be an address to listen on, such as 127.0.0.1 (got ${JSON.stringify(host)}).`,
      { option: 'host' },
    );
  if (accounts !== undefined || isLoopback(host)) return;
  const accountsFile = `--${ACCOUNTS.flag} <file>, ${ACCOUNTS.variable}, or the accounts option`;
  throw new SandboxOptionsError(
    `host ${host} is not a loopback address, and without an accounts file the sandbox admits any API user: listen on 127.0.0.1, ::1 or localhost, or admit only the API users of an accounts file (${accountsFile}).`,
    { option: 'host' },
  );
}
