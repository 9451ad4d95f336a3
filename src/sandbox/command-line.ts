// The sandbox's options on a command line, written once for `npm run sandbox`, `npm start` and
// `shipping-api sandbox`: each flag has a SANDBOX_* variable, and a flag wins over its variable. Also
// what the sandbox says when it starts: where it is, and whom it admits.
import { InvalidArgumentError, Option } from 'commander';
import type { RunningSandbox } from './index.ts';
import { LOG_LEVELS, type LogLevel } from './logging.ts';
import { DEFAULTS } from './options.ts';

export const DEFAULT_SANDBOX_PORT = 4020;
export const DEFAULT_SANDBOX_HOST = '127.0.0.1';

/** The options as commander parses them: what startSandbox takes. */
export interface SandboxCliOptions {
  port: number;
  host: string;
  accounts?: string;
  generationMs: number;
  urlTtlMs: number;
  minPollMs: number;
  setupFile?: string;
  checkShipments?: boolean;
  store: string;
  logLevel: LogLevel;
}

const wholeNumberParser =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (value: string) => {
    const number = Number(value);
    if (!/^\d+$/.test(value.trim()) || number < min || number > max)
      throw new InvalidArgumentError(`"${value}" is not a whole number from ${min} to ${max}.`);
    return number;
  };

/** The sandbox's port: 0 to 65535, where 0 takes a free one. */
export const parseSandboxPort = wholeNumberParser(0, 65535);

/** `--host` (SANDBOX_HOST): where the sandbox listens; `npm start` names it --sandbox-host. */
export const sandboxHostOption = (flag = 'host') =>
  new Option(`--${flag} <address>`, 'address to listen on; one other than loopback needs accounts')
    .env('SANDBOX_HOST')
    .default(DEFAULT_SANDBOX_HOST);

/** `--accounts` (SANDBOX_ACCOUNTS): the accounts file; `npm start` names it --sandbox-accounts. */
export const sandboxAccountsOption = (flag = 'accounts') =>
  new Option(
    `--${flag} <file>`,
    'admit only the API users of this accounts file (shipping-api sandbox-accounts add), read again when it changes',
  ).env('SANDBOX_ACCOUNTS');

/** The flags of the sandbox, each with its variable and default. */
export function sandboxOptions(): Option[] {
  return [
    new Option('--port <port>', 'TCP port; 0 for a free one')
      .env('SANDBOX_PORT')
      .argParser(parseSandboxPort)
      .default(DEFAULT_SANDBOX_PORT),
    sandboxHostOption(),
    sandboxAccountsOption(),
    new Option('--generation-ms <ms>', 'time from the first GET /setups/carriers to COMPLETED')
      .env('SANDBOX_GENERATION_MS')
      .argParser(wholeNumberParser(0))
      .default(DEFAULTS.generationMs),
    new Option('--url-ttl-ms <ms>', 'time from COMPLETED to expires_at')
      .env('SANDBOX_URL_TTL_MS')
      .argParser(wholeNumberParser(1))
      .default(DEFAULTS.urlTtlMs),
    new Option('--min-poll-ms <ms>', 'polls closer together than this get 429')
      .env('SANDBOX_MIN_POLL_MS')
      .argParser(wholeNumberParser(0))
      .default(DEFAULTS.minPollMs),
    new Option('--setup-file <path>', 'serve this carrier setup file instead of the example one').env(
      'SANDBOX_SETUP_FILE',
    ),
    new Option(
      '--check-shipments',
      'answer 422 to a shipment whose product, route or services the setup file does not offer (a sandbox choice)',
    ).env('SANDBOX_CHECK_SHIPMENTS'),
    new Option(
      '--store <store>',
      'where the state lives: memory (this process) or redis://host:port[/db], shared by every instance',
    )
      .env('SANDBOX_STORE')
      .default('memory'),
    new Option('--log-level <level>', 'JSON log lines on stderr from this level on; silent for none')
      .env('SANDBOX_LOG_LEVEL')
      .choices(LOG_LEVELS)
      .default('info'),
  ];
}

/** Whom the sandbox admits, for the lines it prints when it starts. */
export function admittedUsers(accounts: string | undefined): string {
  return accounts === undefined
    ? 'any API user with a non-empty API key, on loopback only'
    : `the API users of the accounts file ${accounts}, each with its own key`;
}

/** The two modes, for the help of the commands that start the sandbox. */
export const SANDBOX_MODES = `
Whom the sandbox admits:
  without --accounts  any API user with a non-empty API key; --host must then be loopback
                      (127.0.0.0/8, ::1, localhost)
  --accounts <file>   only the API users of the file, each with its own key (the file is read
                      again within a second of a change); any --host
Each API user is an account of its own.`;

export function sandboxBanner(sandbox: RunningSandbox): string {
  return [
    `Sandbox of the Shipping Service Public API v3: ${sandbox.baseUrl}`,
    `  Give the client baseUrl "${sandbox.baseUrl}"; it admits ${admittedUsers(sandbox.accounts)} (each API user is its own account).`,
    `  curl -u ${sandbox.accounts === undefined ? 'apiuser:apikey' : '<API user>:<API key>'} ${sandbox.baseUrl}/setups/carriers`,
    `  Attributions, faults and reset: ${sandbox.origin}/_sandbox/ (see docs/sandbox.md)`,
  ].join('\n');
}

/** The error for a port already taken (the sandbox, the mock, the docs server), in one line: which port, and how to choose another. */
export class PortInUseError extends Error {
  constructor(host: string, port: number, how: string) {
    super(`Port ${port} on ${host} is in use; choose another with ${how}.`);
    this.name = 'PortInUseError';
  }
}
