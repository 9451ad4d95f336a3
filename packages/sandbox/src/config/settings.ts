// The sandbox's settings, each declared once: its option name (createSandbox, startSandbox), its flag
// (`shipping-api sandbox`, `npm run sandbox`, and `npm start` with the prefix `sandbox-`), its
// environment variable, its default and its parser. Every entry point reads this table, and it loads
// nothing but the base error, so that a command line can list the flags without loading a server.
import { ShippingError } from 'shipping-api-v3-contract/errors';
import { parseBoolean, parseDuration, parsePort } from 'shipping-api-v3-contract/internal';

/** A setting's value is refused: `option` names it, and `variable` the environment variable it came from. */
export class SandboxOptionsError extends ShippingError {
  constructor(message: string, fields: { option?: string; variable?: string; code?: string; cause?: unknown } = {}) {
    super(message, { code: 'INVALID_OPTIONS', ...fields });
  }
}
Object.defineProperty(SandboxOptionsError.prototype, 'name', { value: 'SandboxOptionsError', writable: true });

/** pino's levels, most severe first, and `silent`: no log at all. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The text of a non-empty value, such as a path or an address, or undefined. */
const parseText = (text: string): string | undefined => (text === '' ? undefined : text);

/** The text of one of `choices`, or undefined. */
const parseChoice =
  <T extends string>(choices: readonly T[]) =>
  (text: string): T | undefined =>
    choices.find((choice) => choice === text);

/**
 * One setting: its option name (createSandbox, startSandbox), its flag without dashes (`npm start`
 * puts `sandbox-` before it) and what its value is called in the help, its variable, its default,
 * and how its text is read (undefined: refused), with what it takes in words for the error.
 */
interface Setting<T> {
  option: string;
  flag: string;
  value: string;
  variable: string;
  description: string;
  expected: string;
  parse: (text: string) => T | undefined;
  default?: T;
}

const duration = (min: number) => ({
  value: '<ms>',
  expected: `a whole number of milliseconds of at least ${min}`,
  parse: (text: string) => parseDuration(text, min),
});

/**
 * Every setting of the sandbox, declared once: the flags and their help, the variables, the
 * defaults, the options of createSandbox and startSandbox and their types all come from here.
 */
export const SETTINGS = [
  {
    option: 'port',
    flag: 'port',
    value: '<port>',
    variable: 'SANDBOX_PORT',
    description: 'TCP port; 0 for a free one',
    expected: 'a TCP port from 0 to 65535 (0: a free one)',
    parse: (text) => parsePort(text),
    default: 4020,
  },
  {
    option: 'host',
    flag: 'host',
    value: '<address>',
    variable: 'SANDBOX_HOST',
    description: 'address to listen on; one other than loopback needs accounts',
    expected: 'an address to listen on, such as 127.0.0.1',
    parse: parseText,
    default: '127.0.0.1',
  },
  {
    option: 'accounts',
    flag: 'accounts',
    value: '<file>',
    variable: 'SANDBOX_ACCOUNTS',
    description:
      'admit only the API users of this accounts file (shipping-api sandbox-accounts add), read again when it changes',
    expected: 'the path of an accounts file (JSON)',
    parse: parseText,
  },
  {
    option: 'generationMs',
    flag: 'generation-ms',
    variable: 'SANDBOX_GENERATION_MS',
    description: 'time from the first GET /setups/carriers to COMPLETED',
    ...duration(0),
    default: 3000,
  },
  {
    option: 'urlTtlMs',
    flag: 'url-ttl-ms',
    variable: 'SANDBOX_URL_TTL_MS',
    description: 'time from COMPLETED to expires_at, after which the file address answers 410',
    ...duration(1),
    default: 900_000,
  },
  {
    option: 'minPollMs',
    flag: 'min-poll-ms',
    variable: 'SANDBOX_MIN_POLL_MS',
    description: 'polls closer together than this get 429 with Retry-After',
    ...duration(0),
    default: 1000,
  },
  {
    option: 'bodyLimit',
    flag: 'body-limit',
    value: '<bytes>',
    variable: 'SANDBOX_BODY_LIMIT',
    description: 'largest request body accepted; larger ones get 413',
    expected: 'a whole number of bytes of at least 1',
    parse: (text) => parseDuration(text, 1),
    default: 1024 * 1024,
  },
  {
    option: 'setupFile',
    flag: 'setup-file',
    value: '<path>',
    variable: 'SANDBOX_SETUP_FILE',
    description: 'serve this carrier setup file instead of the example one',
    expected: 'the path of a JSON file',
    parse: parseText,
  },
  {
    option: 'checkShipments',
    flag: 'check-shipments',
    value: '[true|false]',
    variable: 'SANDBOX_CHECK_SHIPMENTS',
    description:
      'answer 422 to a shipment whose product, route or services the setup file does not offer (a sandbox choice); the flag alone is true',
    expected: 'true, false, 1 or 0',
    parse: parseBoolean,
    default: false,
  },
  {
    option: 'stopGraceMs',
    flag: 'stop-grace-ms',
    variable: 'SANDBOX_STOP_GRACE_MS',
    description:
      'once told to stop (SIGTERM, Ctrl-C), requests in flight have this long to finish; then the connections still open are closed',
    ...duration(0),
    default: 10_000,
  },
  {
    option: 'store',
    flag: 'store',
    value: '<store>',
    variable: 'SANDBOX_STORE',
    description: 'where the state lives: memory (this process) or redis://host:port[/db], shared by every instance',
    expected: '"memory" or redis://host:port[/db]',
    parse: parseText,
    default: 'memory',
  },
  {
    option: 'logLevel',
    flag: 'log-level',
    value: '<level>',
    variable: 'SANDBOX_LOG_LEVEL',
    description: 'JSON log lines on stderr from this level on; silent for none',
    expected: `one of ${LOG_LEVELS.join(', ')}`,
    parse: parseChoice(LOG_LEVELS),
    default: 'info' as LogLevel,
  },
  {
    option: 'corsOrigin',
    flag: 'cors-origin',
    value: '<origins>',
    variable: 'SANDBOX_CORS_ORIGIN',
    description:
      'answer CORS for these exact origins (comma-separated, such as https://docs.example.com), so that a page there may call the sandbox',
    expected: 'one or more origins, comma-separated, such as https://docs.example.com',
    parse: parseText,
  },
] as const satisfies readonly Setting<unknown>[];

type Declared = (typeof SETTINGS)[number];
type Parsed<S> = S extends { parse: (text: string) => infer T } ? Exclude<T, undefined> : never;

/** The settings every entry point reads, from the command line or as options: one with a default is always there. */
export type SandboxSettings = {
  [S in Declared as S extends { default: unknown } ? S['option'] : never]: Parsed<S>;
} & {
  [S in Declared as S extends { default: unknown } ? never : S['option']]?: Parsed<S>;
};

export type SettingName = Declared['option'];

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

export function settingOf(option: SettingName): Declared {
  return SETTINGS.find((declared) => declared.option === option)!;
}

/** An option's value, checked: its default when undefined; a SandboxOptionsError naming the option otherwise. */
export function checkSetting<K extends SettingName>(option: K, value: unknown): SandboxSettings[K] {
  const declared: Setting<unknown> = settingOf(option);
  if (value === undefined) return declared.default as SandboxSettings[K];
  // A value is one the setting takes when its text reads back as the same value.
  const simple = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  if (!simple || declared.parse(String(value)) !== value)
    throw new SandboxOptionsError(`${option} must be ${declared.expected} (got ${shown(value)}).`, { option });
  return value as SandboxSettings[K];
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

/** A port already taken (the sandbox's, the mock's, the docs server's): which one, and the flag or variable that chooses another. */
export class PortInUseError extends ShippingError {
  constructor(host: string, port: number, fields: { option: string; variable: string }) {
    super(`Port ${port} on ${host} is in use; choose another with ${fields.option} or ${fields.variable}.`, {
      code: 'PORT_IN_USE',
      ...fields,
    });
  }
}
Object.defineProperty(PortInUseError.prototype, 'name', { value: 'PortInUseError', writable: true });
