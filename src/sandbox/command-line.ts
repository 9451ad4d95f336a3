// The sandbox's options on a command line, written once for `npm run sandbox`, `npm start` and
// `shipping-api sandbox`: each flag has a SANDBOX_* variable, and a flag wins over its variable.
import { InvalidArgumentError, Option } from 'commander';
import type { RunningSandbox } from './index.ts';
import { DEFAULTS } from './options.ts';

export const DEFAULT_SANDBOX_PORT = 4020;

/** The options as commander parses them: what startSandbox takes. */
export interface SandboxCliOptions {
  port: number;
  generationMs: number;
  urlTtlMs: number;
  minPollMs: number;
  setupFile?: string;
  checkShipments?: boolean;
  store: string;
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

/** The flags of the sandbox, each with its variable and default. */
export function sandboxOptions(): Option[] {
  return [
    new Option('--port <port>', 'TCP port on 127.0.0.1; 0 for a free one')
      .env('SANDBOX_PORT')
      .argParser(parseSandboxPort)
      .default(DEFAULT_SANDBOX_PORT),
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
  ];
}

export function sandboxBanner(sandbox: RunningSandbox): string {
  return [
    `Sandbox of the Shipping Service Public API v3: ${sandbox.baseUrl}`,
    `  Give the client baseUrl "${sandbox.baseUrl}" (any API user with a non-empty API key; each API user is its own account).`,
    `  curl -u apiuser:apikey ${sandbox.baseUrl}/setups/carriers`,
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
