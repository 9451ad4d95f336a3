// The sandbox's options: defaults, checks, the setup file it serves (the contract's example file,
// or a file given with setupFile, refused at start when it breaks the schema), and the accounts file
// that admits API users (refused at start when it breaks its format).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isLoopback } from 'shipping-api-v3-client';
import { bundle, CarrierSetupFile } from 'shipping-api-v3-contract';
import { firstProblem } from 'shipping-api-v3-contract';
import { type Accounts, AccountsFileError, readAccounts } from './accounts/file.ts';
import { checkSetting, SandboxOptionsError, settingOf } from './settings.ts';

export interface SandboxOptions {
  /** Time from the first GET /setups/carriers to COMPLETED. Default 3000. */
  generationMs?: number;
  /** Time from COMPLETED to expires_at, after which the file address answers 410. Default 900000 (15 minutes). */
  urlTtlMs?: number;
  /** Polls of GET /setups/carriers closer together than this are answered 429 with Retry-After. Default 1000. */
  minPollMs?: number;
  /** Path of a carrier setup file (JSON) to serve instead of the contract's example file. */
  setupFile?: string;
  /** Largest request body accepted, in bytes; larger ones get 413. Default 1 MiB. */
  bodyLimit?: number;
  /**
   * Answer 422 to a shipment whose product, route or services the setup file does not offer, with
   * the problems of the pre-flight check. A choice of the sandbox, off by default.
   */
  checkShipments?: boolean;
  /** `memory` (the default: one process) or redis://host:port[/db], shared by every instance. */
  store?: string;
  /**
   * Path of an accounts file (`shipping-api sandbox-accounts add` writes it): only its API users are
   * admitted, each with its own key, and changes to the file take effect while the sandbox runs.
   * Without it any API user with a non-empty key is admitted, and startSandbox listens on loopback only.
   */
  accounts?: string;
}

/** The defaults of the options above that have one, from the one table of the settings. */
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

export interface ResolvedOptions {
  generationMs: number;
  urlTtlMs: number;
  minPollMs: number;
  bodyLimit: number;
  setupFile: SetupFile;
  checkShipments: boolean;
  store: URL | 'memory';
  /** The accounts file as read at start; undefined when any API user is admitted. */
  accounts: Accounts | undefined;
}

function setupFileOf(bytes: Buffer): SetupFile {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  return { bytes, hash, etag: `"${hash}"` };
}

/**
 * The contract's example carrier setup file, as served when no setupFile is given.
 * @internal exported for the tests, which compare what is served with its bytes
 */
export function exampleSetupFile(): SetupFile {
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
  return {
    generationMs: checkSetting('generationMs', options.generationMs),
    urlTtlMs: checkSetting('urlTtlMs', options.urlTtlMs),
    minPollMs: checkSetting('minPollMs', options.minPollMs),
    bodyLimit: checkSetting('bodyLimit', options.bodyLimit),
    setupFile: options.setupFile === undefined ? exampleSetupFile() : loadSetupFile(options.setupFile),
    checkShipments: checkSetting('checkShipments', options.checkShipments),
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
