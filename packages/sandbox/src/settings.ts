// The sandbox's settings, each defined once: its option name (createSandbox, startSandbox), its flag
// (`shipping-api sandbox`, `npm run sandbox`, and `npm start` with the prefix `sandbox-`), its
// environment variable, its default and its check. Every entry point reads this table, and it loads
// nothing but the base error, so that a command line can list the flags without loading a server.
import { ShippingError } from 'shipping-api-v3-contract/errors';

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

/** The text of a whole number from `min` to `max`, or undefined. */
export function parseWholeNumber(text: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

/** The text of a TCP port, 0 to 65535 (0: a free one where the caller allows it), or undefined. */
export const parsePort = (text: string, min = 0): number | undefined => parseWholeNumber(text, min, 65_535);

/** The text of a duration in whole milliseconds of at least `min`, or undefined. */
export const parseDuration = (text: string, min = 0): number | undefined => parseWholeNumber(text, min);

/** The text of a positive number of seconds, decimals allowed (`0.5`), as milliseconds; or undefined. */
export function parseSeconds(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return undefined;
  const seconds = Number(trimmed);
  return seconds > 0 && Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/** `true`, `false`, `1` or `0` (any case, spaces around), or undefined for any other text. */
export function parseBoolean(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

type Kind =
  | { type: 'port' }
  | { type: 'duration'; min: number }
  | { type: 'bytes'; min: number }
  | { type: 'boolean' }
  | { type: 'text'; what: string }
  | { type: 'choice'; choices: readonly string[] };

export interface Setting {
  /** The option's name in createSandbox and startSandbox. */
  option: keyof SandboxSettings;
  /** The flag's name without dashes; `npm start` puts `sandbox-` before it. */
  flag: string;
  /** What the flag's value is called in the help, such as `<ms>`; none for a boolean flag. */
  value?: string;
  variable: string;
  description: string;
  kind: Kind;
  default?: string | number | boolean;
}

/** The settings every entry point reads, from the command line or as options. */
export interface SandboxSettings {
  port: number;
  host: string;
  accounts?: string;
  generationMs: number;
  urlTtlMs: number;
  minPollMs: number;
  bodyLimit: number;
  setupFile?: string;
  checkShipments: boolean;
  store: string;
  logLevel: LogLevel;
  corsOrigin?: string;
}

export const SETTINGS: readonly Setting[] = [
  {
    option: 'port',
    flag: 'port',
    value: '<port>',
    variable: 'SANDBOX_PORT',
    description: 'TCP port; 0 for a free one',
    kind: { type: 'port' },
    default: 4020,
  },
  {
    option: 'host',
    flag: 'host',
    value: '<address>',
    variable: 'SANDBOX_HOST',
    description: 'address to listen on; one other than loopback needs accounts',
    kind: { type: 'text', what: 'an address to listen on, such as 127.0.0.1' },
    default: '127.0.0.1',
  },
  {
    option: 'accounts',
    flag: 'accounts',
    value: '<file>',
    variable: 'SANDBOX_ACCOUNTS',
    description:
      'admit only the API users of this accounts file (shipping-api sandbox-accounts add), read again when it changes',
    kind: { type: 'text', what: 'the path of an accounts file (JSON)' },
  },
  {
    option: 'generationMs',
    flag: 'generation-ms',
    value: '<ms>',
    variable: 'SANDBOX_GENERATION_MS',
    description: 'time from the first GET /setups/carriers to COMPLETED',
    kind: { type: 'duration', min: 0 },
    default: 3000,
  },
  {
    option: 'urlTtlMs',
    flag: 'url-ttl-ms',
    value: '<ms>',
    variable: 'SANDBOX_URL_TTL_MS',
    description: 'time from COMPLETED to expires_at, after which the file address answers 410',
    kind: { type: 'duration', min: 1 },
    default: 900_000,
  },
  {
    option: 'minPollMs',
    flag: 'min-poll-ms',
    value: '<ms>',
    variable: 'SANDBOX_MIN_POLL_MS',
    description: 'polls closer together than this get 429 with Retry-After',
    kind: { type: 'duration', min: 0 },
    default: 1000,
  },
  {
    option: 'bodyLimit',
    flag: 'body-limit',
    value: '<bytes>',
    variable: 'SANDBOX_BODY_LIMIT',
    description: 'largest request body accepted; larger ones get 413',
    kind: { type: 'bytes', min: 1 },
    default: 1024 * 1024,
  },
  {
    option: 'setupFile',
    flag: 'setup-file',
    value: '<path>',
    variable: 'SANDBOX_SETUP_FILE',
    description: 'serve this carrier setup file instead of the example one',
    kind: { type: 'text', what: 'the path of a JSON file' },
  },
  {
    option: 'checkShipments',
    flag: 'check-shipments',
    variable: 'SANDBOX_CHECK_SHIPMENTS',
    description:
      'answer 422 to a shipment whose product, route or services the setup file does not offer (a sandbox choice); the variable takes true, false, 1 or 0',
    kind: { type: 'boolean' },
    default: false,
  },
  {
    option: 'store',
    flag: 'store',
    value: '<store>',
    variable: 'SANDBOX_STORE',
    description: 'where the state lives: memory (this process) or redis://host:port[/db], shared by every instance',
    kind: { type: 'text', what: '"memory" or redis://host:port[/db]' },
    default: 'memory',
  },
  {
    option: 'logLevel',
    flag: 'log-level',
    value: '<level>',
    variable: 'SANDBOX_LOG_LEVEL',
    description: 'JSON log lines on stderr from this level on; silent for none',
    kind: { type: 'choice', choices: LOG_LEVELS },
    default: 'info',
  },
  {
    option: 'corsOrigin',
    flag: 'cors-origin',
    value: '<origins>',
    variable: 'SANDBOX_CORS_ORIGIN',
    description:
      'answer CORS for these exact origins (comma-separated, such as https://docs.example.com), so that a page there may call the sandbox',
    kind: { type: 'text', what: 'one or more origins, comma-separated, such as https://docs.example.com' },
  },
];

/** What a setting takes, in words, for an error. */
function expected(kind: Kind): string {
  switch (kind.type) {
    case 'port':
      return 'a TCP port from 0 to 65535 (0: a free one)';
    case 'duration':
      return `a whole number of milliseconds of at least ${kind.min}`;
    case 'bytes':
      return `a whole number of bytes of at least ${kind.min}`;
    case 'boolean':
      return 'true, false, 1 or 0';
    case 'text':
      return kind.what;
    case 'choice':
      return `one of ${kind.choices.join(', ')}`;
  }
}

/** A value given as text (a flag's or a variable's), read as its setting takes it; undefined when refused. */
function fromText(kind: Kind, text: string): unknown {
  switch (kind.type) {
    case 'port':
      return parsePort(text);
    case 'duration':
    case 'bytes':
      return parseDuration(text, kind.min);
    case 'boolean':
      return parseBoolean(text);
    case 'text':
      return text === '' ? undefined : text;
    case 'choice':
      return kind.choices.includes(text) ? text : undefined;
  }
}

/** Whether a value given as an option (of createSandbox or startSandbox) is one the setting takes. */
function accepts(kind: Kind, value: unknown): boolean {
  switch (kind.type) {
    case 'port':
      return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 65_535;
    case 'duration':
    case 'bytes':
      return Number.isSafeInteger(value) && (value as number) >= kind.min;
    case 'boolean':
      return typeof value === 'boolean';
    case 'text':
      return typeof value === 'string' && value !== '';
    case 'choice':
      return typeof value === 'string' && kind.choices.includes(value);
  }
}

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

export function settingOf(option: keyof SandboxSettings): Setting {
  return SETTINGS.find((setting) => setting.option === option)!;
}

/** An option's value, checked: its default when undefined; a SandboxOptionsError naming the option otherwise. */
export function checkSetting<K extends keyof SandboxSettings>(option: K, value: unknown): SandboxSettings[K] {
  const setting = settingOf(option);
  if (value === undefined) return setting.default as SandboxSettings[K];
  if (!accepts(setting.kind, value))
    throw new SandboxOptionsError(`${option} must be ${expected(setting.kind)} (got ${shown(value)}).`, { option });
  return value as SandboxSettings[K];
}

/**
 * The settings of a command line: each from its flag when given (`flags`, by option name, as the
 * command line's parser left them: text, or true for a boolean flag), else from its variable in
 * `env`, else its default. A refused value is a SandboxOptionsError naming the flag or the variable.
 */
export function settingsFrom(
  flags: Partial<Record<keyof SandboxSettings, string | boolean>>,
  env: Record<string, string | undefined>,
  prefix = '',
): SandboxSettings {
  const settings: Record<string, unknown> = {};
  for (const setting of SETTINGS) {
    const flag = flags[setting.option];
    const variable = env[setting.variable];
    let value: unknown = setting.default;
    if (flag === true) value = true;
    else if (typeof flag === 'string') {
      value = fromText(setting.kind, flag);
      if (value === undefined) {
        const name = `--${prefix}${setting.flag}`;
        throw new SandboxOptionsError(`${name} must be ${expected(setting.kind)} (got ${shown(flag)}).`, {
          option: name,
        });
      }
    } else if (variable !== undefined) {
      value = fromText(setting.kind, variable);
      if (value === undefined)
        throw new SandboxOptionsError(
          `${setting.variable} must be ${expected(setting.kind)} (got ${shown(variable)}).`,
          { variable: setting.variable },
        );
    }
    if (value !== undefined) settings[setting.option] = value;
  }
  return settings as unknown as SandboxSettings;
}

/** A setting's line in a command's help: its flag, what it takes, its variable and its default. */
export function helpOf(setting: Setting, prefix = ''): { flags: string; description: string } {
  const notes = [
    ...(setting.default === undefined || setting.kind.type === 'boolean' ? [] : [`default: ${shown(setting.default)}`]),
    `env: ${setting.variable}`,
  ];
  return {
    flags: `--${prefix}${setting.flag}${setting.value ? ` ${setting.value}` : ''}`,
    description: `${setting.description} (${notes.join(', ')})`,
  };
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
